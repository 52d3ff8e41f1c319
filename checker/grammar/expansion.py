"""Walking a rule's expansion, inlined helper rules unfolded, as a search with an explicit stack.

Both directions of :mod:`checker.grammar.typed` ask the same question: which path through a rule's expansion (its
``_helper`` rules and lark's ``__star``/``__plus`` repetitions unfolded) consumes exactly the given children (a
parse tree's children; a node's role queues). The search keeps a stack of frames ``(rule, position)`` and visits
every state ``(frames, cursor)`` at most once, so a repetition of *n* children costs O(n) and never recurses.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

from lark.grammar import NonTerminal, Rule, Symbol, Terminal

Cursor = TypeVar("Cursor", bound=Hashable)
Item = TypeVar("Item")
Frames = tuple[tuple[int, int], ...]

#: Inlined helpers nest this deep at most (the grammars nest a handful; only a runaway recursion gets here).
MAX_FRAMES = 48


def left_recursive(rule: Rule) -> bool:
    """``_x: _x tail`` — how lark writes a repetition, and how a grammar writes a list."""
    return bool(rule.expansion) and isinstance(rule.expansion[0], NonTerminal) \
        and rule.expansion[0].name == rule.origin.name


def _weight(symbols: Sequence[Symbol]) -> int:
    """Alternatives that keep more symbols come first when rendering (they use up more of the node)."""
    return -sum(1 for s in symbols if not (isinstance(s, Terminal) and s.filter_out))


class Expansions:
    """The rules of a grammar, indexed for :meth:`search`."""

    def __init__(self, rules: Sequence[Rule], inlined: Callable[[str], bool]) -> None:
        self.rules = list(rules)
        self.index = {id(rule): number for number, rule in enumerate(self.rules)}
        self.inlined = inlined
        self._bases: dict[tuple[str, bool], list[int]] = {}
        self._loops: dict[tuple[str, bool], list[int]] = {}

    def _alternatives(self, name: str, heaviest_first: bool) -> tuple[list[int], list[int]]:
        """The base alternatives and the left-recursive ones (entered past their first symbol) of a helper."""
        key = (name, heaviest_first)
        if key not in self._bases:
            own = [n for n, rule in enumerate(self.rules) if rule.origin.name == name]
            bases = [n for n in own if not left_recursive(self.rules[n])]
            loops = [n for n in own if left_recursive(self.rules[n])]
            if heaviest_first:
                bases.sort(key=lambda n: _weight(self.rules[n].expansion))
                loops.sort(key=lambda n: _weight(self.rules[n].expansion[1:]))
            self._bases[key], self._loops[key] = bases, loops
        return self._bases[key], self._loops[key]

    def search(self, rule: Rule, start: Cursor, step: Callable[[Symbol, Cursor], list[tuple[Cursor, Item | None]]],
               done: Callable[[Cursor], bool], *, greedy: bool) -> list[Item] | None:
        """The items of the first path through ``rule`` that ends where ``done`` says, or ``None``.

        ``step`` consumes one terminal or non-inlined nonterminal at a cursor (a list of successors, in order of
        preference, each with the item it contributes); ``greedy`` prefers another round of a repetition to
        leaving it (rendering), else fewer rounds come first (reading a tree).
        """
        trail: list[tuple[int, Item | None]] = []
        stack: list[tuple[Frames, Cursor, int, Item | None]] = [(((self.index[id(rule)], 0),), start, -1, None)]
        seen: set[tuple[Frames, Cursor]] = set()
        while stack:
            frames, cursor, parent, item = stack.pop()
            if (frames, cursor) in seen:
                continue
            seen.add((frames, cursor))
            trail.append((parent, item))
            here = len(trail) - 1
            if not frames:
                if done(cursor):
                    return _path(trail, here)
                continue
            nexts = self._successors(frames, cursor, step, greedy)
            stack.extend((f, c, here, i) for f, c, i in reversed(nexts))
        return None

    def _successors(self, frames: Frames, cursor: Cursor,
                    step: Callable[[Symbol, Cursor], list[tuple[Cursor, Item | None]]],
                    greedy: bool) -> list[tuple[Frames, Cursor, Item | None]]:
        number, position = frames[-1]
        rule = self.rules[number]
        if position == len(rule.expansion):
            outer = frames[:-1]
            name = rule.origin.name
            loops = self._alternatives(name, greedy)[1] if self.inlined(name) else []
            again: list[tuple[Frames, Cursor, Item | None]] = [((*outer, (loop, 1)), cursor, None) for loop in loops]
            leave: list[tuple[Frames, Cursor, Item | None]] = [(outer, cursor, None)]
            return again + leave if greedy else leave + again
        symbol = rule.expansion[position]
        advanced = (*frames[:-1], (number, position + 1))
        if isinstance(symbol, NonTerminal) and self.inlined(symbol.name):
            if len(frames) >= MAX_FRAMES:
                return []
            bases = self._alternatives(symbol.name, greedy)[0]
            return [((*advanced, (base, 0)), cursor, None) for base in bases]
        return [(advanced, after, item) for after, item in step(symbol, cursor)]


def _path(trail: list[tuple[int, Item | None]], last: int) -> list[Item]:
    items: list[Item] = []
    while last >= 0:
        parent, item = trail[last]
        if item is not None:
            items.append(item)
        last = parent
    items.reverse()
    return items
