"""Lines of card text to validate: from a game's card file, or plain text with one ability per line."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from checker.inputs import read_text


@dataclass(frozen=True)
class AbilityLine:
    """One ability: the card it belongs to (or ``línea N``), its kind and its text."""

    card: str
    kind: str
    text: str


def read_plain_lines(path: Path) -> tuple[int, list[AbilityLine]]:
    """A text file with one ability per line (blank lines and ``#`` comments skipped): a regular UTF-8 file of
    bounded size (:func:`checker.inputs.read_text`)."""
    text = read_text(path, fix="indica un archivo de texto en UTF-8 con una habilidad por línea")
    lines = [AbilityLine(f"línea {number}", "text", line.strip())
             for number, line in enumerate(text.splitlines(), 1) if line.strip() and not line.startswith("#")]
    return len(lines), lines
