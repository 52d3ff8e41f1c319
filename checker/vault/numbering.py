"""Rule numbers of earlier editions, mapped onto the current rules by correspondence notes.

A correspondence note declares an old edition in its front matter and lists, in a Markdown table, each old number
and the current rule ID that now holds that rule::

    ---
    numbering: {namespace: lorcana-1x, game: lorcana, edition: "1.x"}
    ---
    | 1.x | 2.1.0 | Regla en 1.x |
    |---|---|---|
    | 10.6 | lorcana:8.6 | Evasivo |

Old numbers live in their own namespace (``lorcana-1x:10.6``), so a current number never silently means what an
old one meant.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from checker.ids import RuleId
from checker.vault.notes import Note
from checker.vault.resolver import NotePath

_ROW = re.compile(r"^\|\s*(?P<old>\d+(?:\.\d+)*)\.?\s*\|\s*(?P<current>[^|]*?)\s*\|\s*(?P<title>[^|]*?)\s*\|")
_ID = re.compile(r"[a-z][a-z0-9_-]*:\d+(?:\.\d+)*")


@dataclass(frozen=True)
class OldNumber:
    """One number of an old edition: the current rule it corresponds to (``None``: removed) and its old title."""

    id: RuleId
    current: RuleId | None
    title: str
    line: int


@dataclass
class Numbering:
    """An old edition's numbers of one game, declared by a correspondence note."""

    namespace: str
    game: str
    edition: str
    path: NotePath
    numbers: dict[RuleId, OldNumber] = field(default_factory=dict)
    #: Rows that repeat an old number (lint reports them).
    repeated: list[OldNumber] = field(default_factory=list)

    def by_current(self) -> dict[RuleId, list[OldNumber]]:
        """The old numbers that now lead to each current rule."""
        found: dict[RuleId, list[OldNumber]] = {}
        for old in self.numbers.values():
            if old.current is not None:
                found.setdefault(old.current, []).append(old)
        return found


@dataclass(frozen=True)
class Edition:
    """The edition of the rules a game's notes follow (``edition`` in the game's ``index.md``)."""

    name: str
    number: str
    effective: str = ""

    def __str__(self) -> str:
        since = f", en vigor desde el {_spanish_date(self.effective)}" if self.effective else ""
        return f"{self.name} {self.number}{since}"


_MONTHS = ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
           "noviembre", "diciembre")


def _spanish_date(iso: str) -> str:
    match = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", iso)
    if match is None or not 1 <= int(match[2]) <= 12:
        return iso
    return f"{int(match[3])} de {_MONTHS[int(match[2]) - 1]} de {match[1]}"


def read_edition(meta: dict[str, Any]) -> Edition | None:
    """The ``edition`` of a front matter, if well formed."""
    value = meta.get("edition")
    if not isinstance(value, dict) or not isinstance(value.get("name"), str) \
            or not isinstance(value.get("number"), str):
        return None
    effective = value.get("effective")
    return Edition(value["name"], value["number"], effective if isinstance(effective, str) else "")


def declared(meta: dict[str, Any]) -> tuple[str, str, str] | None:
    """``(namespace, game, edition)`` of a note's ``numbering`` front matter, or ``None``."""
    value = meta.get("numbering")
    if not isinstance(value, dict):
        return None
    parts = (value.get("namespace"), value.get("game"), value.get("edition"))
    if not all(isinstance(p, str) and p for p in parts):
        return None
    return str(parts[0]), str(parts[1]), str(parts[2])


def read_numbering(note: Note) -> Numbering | None:
    """The correspondence table of a note that declares ``numbering``."""
    head = declared(note.meta)
    if head is None:
        return None
    numbering = Numbering(*head, note.path)
    for offset, line in enumerate(note.text.splitlines()):
        row = _ROW.match(line)
        if row is None:
            continue
        found = _ID.search(row["current"])
        current = RuleId.parse(found.group(0)) if found else None
        old = OldNumber(RuleId(numbering.namespace, tuple(int(p) for p in row["old"].split("."))), current,
                        row["title"], offset + 1)
        if old.id in numbering.numbers:
            numbering.repeated.append(old)
        else:
            numbering.numbers[old.id] = old
    return numbering
