"""Fixture lines of a game's grammar (``tests/data/<game>_lines.tsv``): text and node types it must contain."""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).parent / "data"


def line_cases(game: str) -> list[tuple[str, list[str]]]:
    """``(text, types)`` for each non-comment line of the game's fixture file."""
    rows = []
    for line in (DATA / f"{game}_lines.tsv").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            text, types = line.split("\t")
            rows.append((text, types.split(",")))
    return rows
