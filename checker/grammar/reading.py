"""A parsed ability told part by part, in Spanish: its trigger, cost, condition, who acts, what happens, on whom…

Each game names the roles of its grammar's structure a reader cares about and how they read
(``Game.reading``); each part is the canonical text of that node. A part whose text a more specific part inside it
repeats word for word is left out, so «si este héroe tiene…» is told once.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from checker.grammar.frontend import CardGrammar


def _parts(value: Any, role: str | None, depth: int) -> Iterator[tuple[str, Any, int]]:
    if isinstance(value, list):
        for item in value:
            yield from _parts(item, role, depth)
    elif isinstance(value, dict) and len(value) == 1:
        if role is not None:
            yield role, value, depth
        ((_, fields),) = value.items()
        if isinstance(fields, dict):
            for key, child in fields.items():
                yield from _parts(child, key, depth + 1)


def _as_written(part: str, whole: str) -> str:
    """A part as the whole text writes it (a part alone would open with a capital), without the punctuation that
    joins it to the rest."""
    at = whole.casefold().find(part.casefold())
    found = whole[at:at + len(part)] if at >= 0 and len(whole.casefold()) == len(whole) else part
    return found.strip().rstrip(",;:").strip()


def reading(grammar: CardGrammar, node: Any, labels: Mapping[str, str]) -> list[tuple[str, str]]:
    """``(label, text)`` for every node at a role ``labels`` names, in the order of the text."""
    whole = grammar.render(node)
    found = [(labels[role], _as_written(grammar.join(grammar.model.render(value, role)), whole), depth)
             for role, value, depth in _parts(node, None, 0) if role in labels]
    kept = []
    for index, (label, text, depth) in enumerate(found):
        inner = set()
        for _, other, below in found[index + 1:]:
            if below <= depth:
                break
            inner.add(other)
        if text and text not in inner:
            kept.append((label, text))
    return kept
