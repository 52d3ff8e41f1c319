"""Typed structures from lark parse trees, and canonical text back from them — driven by the grammar itself.

A node is ``{T: {role: value, ...}}`` (tagged by its type, so that a schema dispatches on the key): ``T`` is the
rule's alias (or name) and each role is the symbol of the rule's expansion that produced the child (a rule name such
as ``target`` or ``duration``, or a terminal name in lower case such as ``number``). Values are nodes, token values
(``int`` for numbers) or lists of them when a role can repeat. Rendering walks the same expansions in the other
direction, emitting the grammar's literal words where the tree has none, so a round trip proves the structure kept
everything the text said. Both directions use explicit stacks (:mod:`checker.grammar.expansion`): their cost is
linear in the size of the text and no input can exhaust Python's stack.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from lark import Lark, Token, Tree
from lark.grammar import NonTerminal, Rule, Symbol, Terminal
from lark.lexer import PatternStr

from checker.grammar.expansion import Expansions

Node = dict[str, Any]
Value = Any


class RenderError(Exception):
    """The structure does not match any expansion of the grammar."""


@dataclass
class GrammarModel:
    """The compiled rules of a lark grammar, indexed for conversion and rendering."""

    parser: Lark
    literals: dict[str, str]
    rules: dict[str, list[Rule]] = field(default_factory=lambda: defaultdict(list))
    by_type: dict[str, list[Rule]] = field(default_factory=lambda: defaultdict(list))
    repeated: dict[str, set[str]] = field(default_factory=dict)
    _kept: dict[int, list[str] | None] = field(default_factory=dict)
    _types: dict[str, set[str]] = field(default_factory=dict)
    _expand1: dict[str, bool] = field(default_factory=dict)
    _alignments: dict[tuple[Any, ...], list[str]] = field(default_factory=dict)
    _fit: dict[tuple[str, Kind], bool] = field(default_factory=dict)
    _flats: dict[int, Flat | None] = field(default_factory=dict)
    _templates: dict[tuple[int, tuple[str, ...], Usable], list[Slot] | None] = field(default_factory=dict)
    expansions: Expansions = field(init=False)

    def __post_init__(self) -> None:
        self.expansions = Expansions(self.parser.rules, self.inlined)

    @classmethod
    def build(cls, parser: Lark, substitutions: dict[str, str] | None = None) -> GrammarModel:
        literals = {t.name: t.pattern.value for t in parser.terminals if isinstance(t.pattern, PatternStr)}
        literals.update(substitutions or {})
        model = cls(parser, literals)
        for rule in parser.rules:
            model.rules[rule.origin.name].append(rule)
            if not rule.origin.name.startswith("_"):
                model.by_type[rule.alias or rule.origin.name].append(rule)
        for node_type in model.by_type:
            model.repeated[node_type] = model._repeated_roles(node_type)
        return model

    def role_collisions(self) -> list[str]:
        """Terminal names that read as a rule name once lower-cased (their roles would be ambiguous)."""
        rules = {name for name in self.rules if not self.inlined(name)}
        kept = {s.name for r in self.parser.rules for s in r.expansion if isinstance(s, Terminal) and not s.filter_out}
        return sorted(name for name in kept if name.lower() in rules)

    def lossy_alternatives(self) -> list[str]:
        """Alternatives of one node type (or inlined rule) that differ only in literal words.

        The tree could not tell them apart, so the text could not be rendered back: each must get its own
        alias, a kept token or a marker rule.
        """
        groups: dict[str, list[Rule]] = defaultdict(list)
        for rule in self.parser.rules:
            name = rule.origin.name
            groups[name if self.inlined(name) else (rule.alias or name)].append(rule)
        problems = []
        for node_type, rules in sorted(groups.items()):
            shapes: dict[tuple[str, ...], set[tuple[str, ...]]] = defaultdict(set)
            for rule in rules:
                kept = tuple(s.name for s in rule.expansion if not (isinstance(s, Terminal) and s.filter_out))
                words = tuple(self.literals.get(s.name, s.name) for s in rule.expansion
                              if isinstance(s, Terminal) and s.filter_out)
                shapes[kept].add(words)
            problems += [f"{node_type}: {' | '.join(' '.join(w) for w in sorted(words))}"
                         for words in shapes.values() if len(words) > 1]
        return problems

    # ------------------------------------------------------------------ structure of rules
    def inlined(self, name: str) -> bool:
        return name.startswith("_")

    def expand1(self, name: str) -> bool:
        if name not in self._expand1:
            rules = self.rules.get(name, [])
            self._expand1[name] = bool(rules) and bool(rules[0].options.expand1)
        return self._expand1[name]

    def _roles(self, symbols: list[Symbol], seen: frozenset[str]) -> Iterator[list[str]]:
        """Role sequences an expansion can yield (inlined helper rules unfolded; ``*`` marks a repetition)."""
        if not symbols:
            yield []
            return
        head, rest = symbols[0], symbols[1:]
        heads: list[list[str]]
        if isinstance(head, Terminal):
            heads = [[]] if head.filter_out else [[head.name.lower()]]
        elif self.inlined(head.name):
            if head.name in seen:
                heads = [["*"]]
            else:
                heads = [r for rule in self.rules[head.name]
                         for r in self._roles(list(rule.expansion), seen | {head.name})]
        else:
            heads = [[head.name]]
        for first in heads:
            for tail in self._roles(rest, seen):
                yield first + tail

    def roles_of(self, node_type: str) -> set[str]:
        """Every role a node of this type can have."""
        return {role for rule in self.by_type[node_type]
                for role in self._symbols_roles(list(rule.expansion), frozenset())}

    def _symbols_roles(self, symbols: list[Symbol], seen: frozenset[str]) -> set[str]:
        roles: set[str] = set()
        for symbol in symbols:
            if isinstance(symbol, Terminal):
                if not symbol.filter_out:
                    roles.add(symbol.name.lower())
            elif self.inlined(symbol.name):
                if symbol.name not in seen:
                    roles |= self._inner_roles(symbol.name, seen | {symbol.name})
            else:
                roles.add(symbol.name)
        return roles

    def _inner_roles(self, name: str, seen: frozenset[str]) -> set[str]:
        """Every role an inlined helper rule can yield."""
        return {role for rule in self.rules[name] for role in self._symbols_roles(list(rule.expansion), seen)}

    def _repeated_roles(self, node_type: str) -> set[str]:
        """Roles that can hold several values: inside a repetition, or twice in one expansion."""
        repeated: set[str] = set()
        for rule in self.by_type[node_type]:
            counts: dict[str, int] = defaultdict(int)
            for symbol in rule.expansion:
                if isinstance(symbol, NonTerminal) and self.inlined(symbol.name):
                    inner = self._inner_roles(symbol.name, frozenset({symbol.name}))
                    repeated |= self._repeating_inside(symbol.name, frozenset())
                    for role in inner:
                        counts[role] += 1
                elif isinstance(symbol, NonTerminal):
                    counts[symbol.name] += 1
                elif isinstance(symbol, Terminal) and not symbol.filter_out:
                    counts[symbol.name.lower()] += 1
            repeated |= {role for role, count in counts.items() if count > 1}
        return repeated

    def _repeating_inside(self, name: str, seen: frozenset[str]) -> set[str]:
        """Roles an inlined rule can yield more than once (it or a helper inside it recurses)."""
        if name in seen:
            return set()
        if self._recursive(name):
            return self._inner_roles(name, frozenset({name}))
        found: set[str] = set()
        for rule in self.rules[name]:
            for symbol in rule.expansion:
                if isinstance(symbol, NonTerminal) and self.inlined(symbol.name):
                    found |= self._repeating_inside(symbol.name, seen | {name})
        return found

    def _recursive(self, name: str) -> bool:
        return any(isinstance(s, NonTerminal) and s.name == name for r in self.rules[name] for s in r.expansion)

    def kept_roles(self, rule: Rule) -> list[str] | None:
        """The roles of an expansion when they are fixed (no repetition), else ``None``."""
        key = id(rule)
        if key not in self._kept:
            sequences = list(self._roles(list(rule.expansion), frozenset()))
            self._kept[key] = sequences[0] if len(sequences) == 1 and "*" not in sequences[0] else None
        return self._kept[key]

    def single_role(self, rule: Rule) -> str | None:
        """The one kept role of an expansion that a ``?`` rule inlines, if it has exactly one."""
        roles = self.kept_roles(rule)
        return roles[0] if roles is not None and len(roles) == 1 else None

    def types_of(self, name: str) -> set[str]:
        """Node types a nonterminal can produce (through ``?`` rules that inline a single child)."""
        if name not in self._types:
            self._types[name] = self._types_of(name)
        return self._types[name]

    def _types_of(self, name: str) -> set[str]:
        found: set[str] = set()
        for rule in self.rules.get(name, []):
            found.add(rule.alias or name)
            role = self.single_role(rule) if self.expand1(name) and not rule.alias else None
            if role is not None and role in self.rules:
                found |= self.types_of(role)
        return found

    # ------------------------------------------------------------------ tree → typed structure
    def to_node(self, tree: Tree[Token], max_depth: int | None = None) -> Node:
        """The typed structure of a parse tree (built with an explicit stack: any depth, any width).

        With ``max_depth``, a tree nested deeper raises :class:`TooDeep` naming the innermost subtree.
        """
        root: dict[str, Any] = {}
        stack: list[tuple[Tree[Token], dict[str, Any], int]] = [(tree, root, 1)]
        while stack:
            current, fields, depth = stack.pop()
            if max_depth is not None and depth > max_depth:
                raise TooDeep(current, depth)
            repeated = self.repeated.get(current.data, ())
            for role, child in self._align_tree(current):
                value: Value
                if isinstance(child, Tree):
                    inner: dict[str, Any] = {}
                    value = {str(child.data): inner}
                    stack.append((child, inner, depth + 1))
                else:
                    value = _token_value(child)
                if role in repeated:
                    fields.setdefault(role, []).append(value)
                else:
                    fields[role] = value
        return {str(tree.data): root}

    def _align_tree(self, tree: Tree[Token]) -> list[tuple[str, Tree[Token] | Token]]:
        children = list(tree.children)
        kinds = tuple(_kind(child) for child in children)
        signature = (str(tree.data), *kinds)
        roles = self._alignments.get(signature)
        if roles is None:
            roles = self._find_alignment(str(tree.data), kinds)
            if len(kinds) <= _CACHED_WIDTH:
                self._alignments[signature] = roles
        return list(zip(roles, children, strict=True))

    def _find_alignment(self, node_type: str, kinds: tuple[Kind, ...]) -> list[str]:
        step = self._tree_step(kinds)
        for rule in self.by_type[node_type]:
            roles = self.expansions.search(rule, 0, step, lambda at: at == len(kinds), greedy=False)
            if roles is not None:
                return roles
        raise RenderError(f"no rule of {node_type} matches its children")

    def _tree_step(self, kinds: tuple[Kind, ...]) -> Callable[[Symbol, int], list[tuple[int, str | None]]]:
        """How one symbol consumes the children of a tree (their kinds) at a position."""
        def step(symbol: Symbol, at: int) -> list[tuple[int, str | None]]:
            if isinstance(symbol, Terminal) and symbol.filter_out:
                return [(at, None)]
            if at >= len(kinds):
                return []
            if isinstance(symbol, Terminal):
                return [(at + 1, symbol.name.lower())] if kinds[at] == (True, symbol.name) else []
            return [(at + 1, symbol.name)] if self._fits(symbol.name, kinds[at]) else []
        return step

    def _fits(self, name: str, kind: Kind) -> bool:
        """Whether nonterminal ``name`` can produce a child of this kind (itself, or what a ``?`` rule inlines)."""
        key = (name, kind)
        if key not in self._fit:
            self._fit[key] = False  # a ``?`` rule that inlines itself never fits through that path
            fits = not kind[0] and kind[1] in self._own_types(name)
            if not fits and self.expand1(name):
                step = self._tree_step((kind,))
                fits = any(self.expansions.search(rule, 0, step, lambda at: at == 1, greedy=False) is not None
                           for rule in self.rules[name] if not rule.alias and self.single_role(rule) is not None)
            self._fit[key] = fits
        return self._fit[key]

    def _own_types(self, name: str) -> set[str]:
        return {rule.alias or name for rule in self.rules.get(name, [])}

    # ------------------------------------------------------------------ typed structure → tokens
    def render(self, value: Value, role: str) -> list[str]:
        """The words of ``value`` (a node, or a token value) in the position of nonterminal ``role``.

        Every node is planned once, children before parents, and the words are written out with an explicit
        stack: the cost is linear in the size of the structure, whatever its depth.
        """
        plans: Plans = {}
        for item, item_role in reversed(_preorder(value, role)):
            self._plan(item, item_role, plans)
        root = plans.get((id(value), role))
        if root is None:
            kind = next(iter(value)) if isinstance(value, dict) and len(value) == 1 else repr(value)[:40]
            raise RenderError(f"no expansion of «{role}» renders {kind}")
        words: list[str] = []
        pending: list[Iterator[Piece]] = [iter(root.pieces)]
        while pending:
            for piece in pending[-1]:
                if isinstance(piece, str):
                    words.append(piece)
                else:
                    plan = plans[(id(piece[0]), piece[1])]
                    assert plan is not None
                    pending.append(iter(plan.pieces))
                    break
            else:
                pending.pop()
        return words

    def _plan(self, value: Value, role: str, plans: Plans) -> Plan | None:
        """How ``value`` renders at ``role``: words and references to its children's plans (memoised)."""
        key = (id(value), role)
        if key in plans:
            return plans[key]
        plans[key] = None  # a ``?`` rule that inlines itself never renders through that path
        pieces: list[Piece] | None = None
        if isinstance(value, dict) and len(value) == 1:
            ((node_type, content),) = value.items()
            if isinstance(content, dict):
                roles = list(content)
                queues = [list(v) if isinstance(v, list) else [v] for v in content.values()]
                for rule in self.rules.get(role, []):
                    if (rule.alias or role) == node_type:
                        pieces = self._emit(rule, roles, queues, plans)
                        if pieces is not None:
                            break
        if pieces is None and self.expand1(role):
            for rule in self.rules[role]:
                inner = None if rule.alias else self.single_role(rule)
                if inner is not None:
                    pieces = self._emit(rule, [inner], [[value]], plans)
                    if pieces is not None:
                        break
        plans[key] = None if pieces is None else Plan(value, pieces)
        return plans[key]

    def _emit(self, rule: Rule, roles: list[str], queues: list[list[Any]], plans: Plans) -> list[Piece] | None:
        """The pieces of ``rule`` using up exactly the values of ``queues`` (one queue per role), or ``None``."""
        flat = self._flat(rule)
        if flat is None:
            # The path depends only on the rule, the roles and which values are usable: cached for short nodes.
            usable = tuple(tuple(self._usable(role, v, plans) for v in queue)
                           for role, queue in zip(roles, queues, strict=True))
            key = (id(rule), tuple(roles), usable)
            template = self._templates.get(key, _UNKNOWN)
            if template is _UNKNOWN:
                start: Used = (0,) * len(queues)
                template = self.expansions.search(rule, start, self._template_step(roles, usable),
                                                  _all_used(queues), greedy=True)
                if sum(map(len, queues)) <= _CACHED_WIDTH and len(self._templates) < _MAX_TEMPLATES:
                    self._templates[key] = template
            if template is None or template is _UNKNOWN:
                return None
            return [p if isinstance(p, str) else
                    ((queues[p[0]][p[1]], roles[p[0]]) if roles[p[0]] in self.rules else str(queues[p[0]][p[1]]))
                    for p in template]
        # No helper rule inside: the order of the values is forced, so they are written straight through.
        symbols, counts = flat
        if {r: len(q) for r, q in zip(roles, queues, strict=True) if q} != counts:
            return None
        taken = dict.fromkeys(roles, 0)
        by_role = dict(zip(roles, queues, strict=True))
        pieces: list[Piece] = []
        for kind, name in symbols:
            if kind == _LITERAL:
                pieces.append(name)
                continue
            child = by_role[name][taken[name]]
            taken[name] += 1
            if kind == _TOKEN:
                if isinstance(child, (dict, list)):
                    return None
                pieces.append(str(child))
            elif isinstance(child, list) or self._plan(child, name, plans) is None:
                return None
            else:
                pieces.append((child, name))
        return pieces

    def _flat(self, rule: Rule) -> Flat | None:
        """A rule without helper rules as (kind, literal or role) per symbol and the count of each role."""
        key = id(rule)
        if key not in self._flats:
            symbols: list[tuple[int, str]] = []
            counts: dict[str, int] = defaultdict(int)
            flat: Flat | None = None
            for symbol in rule.expansion:
                if isinstance(symbol, NonTerminal) and self.inlined(symbol.name):
                    break
                if isinstance(symbol, Terminal) and symbol.filter_out:
                    literal = self.literals.get(symbol.name)
                    if literal is None:
                        break
                    symbols.append((_LITERAL, literal))
                    continue
                role = symbol.name.lower() if isinstance(symbol, Terminal) else symbol.name
                symbols.append((_TOKEN if isinstance(symbol, Terminal) else _CHILD, role))
                counts[role] += 1
            else:
                flat = (tuple(symbols), dict(counts))
            self._flats[key] = flat
        return self._flats[key]

    def _usable(self, role: str, value: Value, plans: Plans) -> bool:
        """Whether a value of a node's queue can take its role's place: a token, or a node that renders there."""
        if role in self.rules:
            return not isinstance(value, list) and self._plan(value, role, plans) is not None
        return not isinstance(value, (dict, list))

    def _template_step(self, roles: list[str], usable: Usable) -> TemplateStep:
        """How one symbol writes a literal word or takes the next value of its role's queue (if usable)."""
        slots = {role: slot for slot, role in enumerate(roles)}

        def step(symbol: Symbol, used: Used) -> list[tuple[Used, Slot | None]]:
            if isinstance(symbol, Terminal) and symbol.filter_out:
                literal = self.literals.get(symbol.name)
                return [] if literal is None else [(used, literal)]
            slot = slots.get(symbol.name.lower() if isinstance(symbol, Terminal) else symbol.name)
            if slot is None or used[slot] >= len(usable[slot]) or not usable[slot][used[slot]]:
                return []
            return [((*used[:slot], used[slot] + 1, *used[slot + 1:]), (slot, used[slot]))]
        return step


class TooDeep(Exception):
    """A parse tree nested deeper than the structures' consumers accept."""

    def __init__(self, tree: Tree[Token], depth: int) -> None:
        super().__init__(f"nested {depth} levels deep")
        self.tree = tree
        self.depth = depth

    def first_token(self) -> Token | None:
        """The first token of the subtree that went too deep (where to point in the text)."""
        node: Tree[Token] | Token = self.tree
        while isinstance(node, Tree):
            if not node.children:
                return None
            node = node.children[0]
        return node


@dataclass(frozen=True)
class Plan:
    """The words of one value at one role: literal words, and ``(child, role)`` whose words go in between."""

    value: Value  # kept alive, so that the ``id`` keys of the plans stay unique
    pieces: list[Piece]


Piece = str | tuple[Any, str]
Plans = dict[tuple[int, str], Plan | None]
Kind = tuple[bool, str]
Flat = tuple[tuple[tuple[int, str], ...], dict[str, int]]
_LITERAL, _TOKEN, _CHILD = range(3)
Used = tuple[int, ...]
Usable = tuple[tuple[bool, ...], ...]
Slot = str | tuple[int, int]
TemplateStep = Callable[[Symbol, Used], list[tuple[Used, Slot | None]]]
#: At most this many rendering paths are kept (a bound on memory whatever the input).
_MAX_TEMPLATES = 100_000
_UNKNOWN: Any = object()
#: Children lists up to this length have their alignment cached (longer ones are rare and unbounded).
_CACHED_WIDTH = 32


def _kind(child: Tree[Token] | Token) -> Kind:
    """A child as alignment sees it: ``(is a token, its type or node type)``."""
    return (False, str(child.data)) if isinstance(child, Tree) else (True, child.type)


def _preorder(value: Value, role: str) -> list[tuple[Any, str]]:
    """Every node of a structure with the role it renders at, parents before children (no recursion)."""
    order: list[tuple[Any, str]] = []
    seen: set[tuple[int, str]] = set()
    stack = [(value, role)]
    while stack:
        item, item_role = stack.pop()
        if (id(item), item_role) in seen:
            continue
        seen.add((id(item), item_role))
        order.append((item, item_role))
        if isinstance(item, dict) and len(item) == 1:
            content = next(iter(item.values()))
            if isinstance(content, dict):
                for key, field in content.items():
                    stack.extend((child, key) for child in (field if isinstance(field, list) else [field])
                                 if isinstance(child, dict))
    return order


def _all_used(queues: list[list[Any]]) -> Callable[[Used], bool]:
    lengths = tuple(len(queue) for queue in queues)
    return lambda used: used == lengths


def _token_value(token: Token) -> Value:
    return int(token) if token.type == "NUMBER" else str(token)


Joiner = Callable[[list[str]], str]
