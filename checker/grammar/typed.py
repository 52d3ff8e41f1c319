"""Typed structures from lark parse trees, and canonical text back from them — driven by the grammar itself.

A node is ``{T: {role: value, ...}}`` (tagged by its type, so that a schema dispatches on the key): ``T`` is the
rule's alias (or name) and each role is the symbol of the rule's expansion that produced the child (a rule name such
as ``target`` or ``duration``, or a terminal name in lower case such as ``number``). Values are nodes, token values
(``int`` for numbers) or lists of them when a role can repeat. Rendering walks the same expansions in the other
direction, emitting the grammar's literal words where the tree has none, so a round trip proves the structure kept
everything the text said.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from lark import Lark, Token, Tree
from lark.grammar import NonTerminal, Rule, Symbol, Terminal
from lark.lexer import PatternStr

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
    _alignments: dict[tuple[str, ...], list[str]] = field(default_factory=dict)

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
    def to_node(self, tree: Tree[Token]) -> Node:
        """The typed structure of a parse tree."""
        fields: dict[str, Any] = {}
        repeated = self.repeated.get(tree.data, ())
        for role, child in self._align_tree(tree):
            value = self.to_node(child) if isinstance(child, Tree) else _token_value(child)
            if role in repeated:
                fields.setdefault(role, []).append(value)
            else:
                fields[role] = value
        return {str(tree.data): fields}

    def _align_tree(self, tree: Tree[Token]) -> list[tuple[str, Tree[Token] | Token]]:
        children = list(tree.children)
        signature = (str(tree.data), *(c.data if isinstance(c, Tree) else c.type for c in children))
        roles = self._alignments.get(signature)
        if roles is None:
            roles = self._find_alignment(str(tree.data), children)
            self._alignments[signature] = roles
        return list(zip(roles, children, strict=True))

    def _find_alignment(self, node_type: str, children: list[Any]) -> list[str]:
        for rule in self.by_type[node_type]:
            for end, pairs in self._match(tuple(rule.expansion), children, 0, {}):
                if end == len(children):
                    return [role for role, _ in pairs]
        raise RenderError(f"no rule of {node_type} matches its children")

    Match = list[tuple[int, list[tuple[str, Any]]]]

    def _match(self, symbols: tuple[Symbol, ...], children: list[Any], start: int,
               memo: dict[tuple[str, int], Match]) -> Match:
        """Every way ``symbols`` match children from ``start``: (end, role pairs)."""
        if not symbols:
            return [(start, [])]
        results: GrammarModel.Match = []
        for end, pairs in self._match_symbol(symbols[0], children, start, memo):
            for final, more in self._match(symbols[1:], children, end, memo):
                results.append((final, pairs + more))
        return results

    def _match_symbol(self, symbol: Symbol, children: list[Any], start: int,
                      memo: dict[tuple[str, int], Match]) -> Match:
        child = children[start] if start < len(children) else None
        if isinstance(symbol, Terminal):
            if symbol.filter_out:
                return [(start, [])]
            if isinstance(child, Token) and child.type == symbol.name:
                return [(start + 1, [(symbol.name.lower(), child)])]
            return []
        name = symbol.name
        if self.inlined(name):
            return self._match_inlined(name, children, start, memo)
        results: GrammarModel.Match = []
        own = {r.alias or name for r in self.rules[name]}
        if isinstance(child, Tree) and child.data in own:
            results.append((start + 1, [(name, child)]))
        if self.expand1(name) and child is not None:
            for rule in self.rules[name]:
                if rule.alias or self.single_role(rule) is None:
                    continue
                if any(end == start + 1 for end, _ in self._match(tuple(rule.expansion), children, start, memo)):
                    results.append((start + 1, [(name, child)]))
                    break
        return results

    def _match_inlined(self, name: str, children: list[Any], start: int,
                       memo: dict[tuple[str, int], Match]) -> Match:
        key = (name, start)
        if key in memo:
            return memo[key]
        memo[key] = []  # guards against left recursion while the base cases are computed
        base = [r for r in self.rules[name] if not _left_recursive(r)]
        recursive = [tuple(r.expansion[1:]) for r in self.rules[name] if _left_recursive(r)]
        results: GrammarModel.Match = []
        for rule in base:
            results.extend(self._match(tuple(rule.expansion), children, start, memo))
        frontier = list(results)
        while frontier and recursive:
            grown: GrammarModel.Match = []
            for end, pairs in frontier:
                for tail in recursive:
                    for final, more in self._match(tail, children, end, memo):
                        grown.append((final, pairs + more))
            results.extend(grown)
            frontier = grown
        memo[key] = results
        return results

    # ------------------------------------------------------------------ typed structure → tokens
    def render(self, value: Value, role: str) -> list[str]:
        """The words of ``value`` (a node, or a token value) in the position of nonterminal ``role``."""
        self._memo: dict[tuple[int, str], list[str] | None] = {}
        try:
            return self._render(value, role)
        finally:
            self._memo = {}

    def _render(self, value: Value, role: str) -> list[str]:
        key = (id(value), role)
        if key in self._memo:
            cached = self._memo[key]
            if cached is None:
                raise RenderError(f"no expansion of «{role}» renders this value")
            return list(cached)
        try:
            words = self._render_uncached(value, role)
        except RenderError:
            self._memo[key] = None
            raise
        self._memo[key] = words
        return list(words)

    def _render_uncached(self, value: Value, role: str) -> list[str]:
        node_type = next(iter(value)) if isinstance(value, dict) and len(value) == 1 else None
        if isinstance(value, dict) and node_type is not None:
            content = value[node_type]
            if not isinstance(content, dict):
                raise RenderError(f"the fields of «{node_type}» must be an object")
            fields = {k: (list(v) if isinstance(v, list) else [v]) for k, v in content.items()}
            for rule in self.rules.get(role, []):
                if (rule.alias or role) != node_type:
                    continue
                queues = {k: list(v) for k, v in fields.items()}
                words = self._emit(list(rule.expansion), queues, frozenset())
                if words is not None and not any(queues.values()):
                    return words
        if self.expand1(role):
            for rule in self.rules[role]:
                inner = None if rule.alias else self.single_role(rule)
                if inner is None:
                    continue
                queues = {inner: [value]}
                try:
                    words = self._emit(list(rule.expansion), queues, frozenset())
                except RenderError:
                    continue
                if words is not None and not any(queues.values()):
                    return words
        raise RenderError(f"no expansion of «{role}» renders {node_type or repr(value)}")

    def _emit(self, symbols: list[Symbol], queues: dict[str, list[Any]],
              seen: frozenset[tuple[str, int]]) -> list[str] | None:
        if not symbols:
            return []
        head, rest = symbols[0], symbols[1:]
        if isinstance(head, Terminal):
            if head.filter_out:
                literal = self.literals.get(head.name)
                if literal is None:
                    raise RenderError(f"no text for the filtered terminal {head.name}")
                tail = self._emit(rest, queues, seen)
                return None if tail is None else [literal, *tail]
            queue = queues.get(head.name.lower())
            if not queue or isinstance(queue[0], (dict, list)):
                return None
            value = queue.pop(0)
            tail = self._emit(rest, queues, seen)
            if tail is None:
                queue.insert(0, value)
                return None
            return [str(value), *tail]
        if self.inlined(head.name):
            return self._emit_inlined(head.name, rest, queues, seen)
        queue = queues.get(head.name)
        if not queue:
            return None
        child = queue.pop(0)
        try:
            words = self._render(child, head.name)
        except RenderError:
            queue.insert(0, child)
            return None
        tail = self._emit(rest, queues, seen)
        if tail is None:
            queue.insert(0, child)
            return None
        return [*words, *tail]


    def _emit_inlined(self, name: str, rest: list[Symbol], queues: dict[str, list[Any]],
                      seen: frozenset[tuple[str, int]]) -> list[str] | None:
        """Emit an inlined rule: a base alternative, then as many repetitions as leave the rest renderable."""
        def weight(symbols: list[Symbol]) -> int:
            return -sum(1 for s in symbols if not (isinstance(s, Terminal) and s.filter_out))

        base = sorted((list(r.expansion) for r in self.rules[name] if not _left_recursive(r)), key=weight)
        recursive = sorted((list(r.expansion[1:]) for r in self.rules[name] if _left_recursive(r)), key=weight)
        for expansion in base:
            snapshot = {k: list(v) for k, v in queues.items()}
            words = self._emit(expansion, queues, seen)
            if words is None:
                _restore(queues, snapshot)
                continue
            states = [(list(words), {k: list(v) for k, v in queues.items()})]
            while recursive:
                for tail in recursive:
                    before = {k: list(v) for k, v in queues.items()}
                    more = self._emit(tail, queues, seen)
                    if more is not None and before != queues:
                        words += more
                        states.append((list(words), {k: list(v) for k, v in queues.items()}))
                        break
                    _restore(queues, before)
                else:
                    break
            for done, state in reversed(states):
                _restore(queues, state)
                after = self._emit(rest, queues, seen)
                if after is not None:
                    return [*done, *after]
            _restore(queues, snapshot)
        return None


def _left_recursive(rule: Rule) -> bool:
    return bool(rule.expansion) and isinstance(rule.expansion[0], NonTerminal) \
        and rule.expansion[0].name == rule.origin.name


def _restore(queues: dict[str, list[Any]], snapshot: dict[str, list[Any]]) -> None:
    queues.clear()
    queues.update({k: list(v) for k, v in snapshot.items()})


def _token_value(token: Token) -> Value:
    return int(token) if token.type == "NUMBER" else str(token)


Joiner = Callable[[list[str]], str]
