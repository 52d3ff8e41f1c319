"""The official Comprehensive Rules as plain text (``../shared/references``), read at run time: its numbered rules
and its glossary terms, to measure the vault against. Nothing of its text is kept or copied."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from checker.errors import ReglasError
from checker.inputs import read_text
from checker.paths import PROJECT_ROOT

#: Where the shared references sit beside the project (as CI has them).
DEFAULT_REFERENCE = PROJECT_ROOT.parent / "shared" / "references" / "lorcana-comprehensive-rules-2.1.0.en.txt"

_NUMBER = re.compile(r"^(\d+\.\d+(?:\.\d+)*)\.?(?=\s|[A-Z]|$)")
_SECTION = re.compile(r"^(\d+)\.\s+[A-Z][A-Z ,\-]+$")
_FOOTER = re.compile(r"^(disneylorcana\.com|©Disney \d+)$")
_TERM_END = (".", ")", "”", "\"")
#: A term defined both as a noun and as a verb has its definitions introduced by these words.
_PARTS_OF_SPEECH = ("noun.", "verb.", "adjective.")


@dataclass(frozen=True)
class Reference:
    """The numbered rules (x.y and deeper, sections 1–10, in order) and the glossary terms of the CR."""

    version: str
    numbers: tuple[str, ...]
    glossary: tuple[str, ...]

    def section(self, number: str) -> str:
        return number.split(".", 1)[0]


def read_reference(path: Path = DEFAULT_REFERENCE) -> Reference:
    """Read the CR text: the body runs from the second «1. CONCEPTS» heading (the first is the table of contents)
    to «Glossary»; the glossary from there to «Update Summary»."""
    lines = read_text(path, fix="indica el texto de las Reglas Integrales (shared/references)").splitlines()
    version = next((m[1] for line in lines[:10] if (m := re.match(r"Version (\S+)", line.strip()))), "")
    sections = [i for i, line in enumerate(lines) if _SECTION.match(line.strip())]
    starts = [i for i in sections if lines[i].strip().startswith("1.")]
    glossary = next((i for i, line in enumerate(lines) if line.strip() == "Glossary"), None)
    summary = next((i for i, line in enumerate(lines) if line.strip() == "Update Summary"), len(lines))
    if len(starts) < 2 or glossary is None:
        raise ReglasError("no parece el texto de las Reglas Integrales de Lorcana (no se encuentran sus secciones "
                          "y su glosario)", where=str(path), fix="indica el archivo de shared/references")
    numbers: list[str] = []
    for line in lines[starts[1]:glossary]:
        match = _NUMBER.match(line.strip())
        if match and match[1] not in numbers:
            numbers.append(match[1])
    return Reference(version, tuple(numbers), tuple(_terms(lines[glossary + 1:summary])))


def _terms(lines: list[str]) -> list[str]:
    """Glossary terms: short lines, after a blank line or the end of a definition, followed by a definition."""
    body = [line.strip() for line in lines if not _FOOTER.match(line.strip())]
    terms = []
    for index, line in enumerate(body[:-1]):
        follows_definition = index == 0 or not body[index - 1] or body[index - 1].endswith(_TERM_END)
        if (line and len(line) <= 45 and not line.endswith((".", ",", ";", ":")) and follows_definition
                and (body[index + 1][:1].isupper() or body[index + 1].startswith(_PARTS_OF_SPEECH))
                and not line.startswith(("“", "\""))):
            terms.append(line)
    return terms
