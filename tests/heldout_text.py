"""Held-out card text: batches written by helpers who never read the grammar, one ability per line.

Each folder holds ``*.txt`` batches (first-contact rates in their ``#`` headers) and ``parsed.json``, the number of
lines each batch parsed when it was last recorded. The record can only go up.
"""

from __future__ import annotations

import json
from pathlib import Path

from checker.grammar.frontend import CardGrammar


def heldout_lines(path: Path) -> list[str]:
    return [line for line in path.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]


def exact(grammar: CardGrammar, line: str) -> bool:
    """The line parses and its structure renders back to the same text."""
    if not grammar.parses(line):
        return False
    return grammar.comparable(grammar.render(grammar.parse(line))) == grammar.comparable(line)


def check_folder(grammar: CardGrammar, folder: Path, share: float) -> None:
    """Every batch keeps at least its recorded count of exact lines, and all batches together reach ``share``."""
    recorded = json.loads((folder / "parsed.json").read_text(encoding="utf-8"))
    assert sorted(recorded) == sorted(p.name for p in folder.glob("*.txt"))
    for name, counts in recorded.items():
        lines = heldout_lines(folder / name)
        assert len(lines) == counts["lines"], name
        good = [line for line in lines if exact(grammar, line)]
        assert len(good) >= counts["parsed"], (name, [line for line in lines if line not in good])
    total = sum(c["lines"] for c in recorded.values())
    assert sum(c["parsed"] for c in recorded.values()) >= share * total
