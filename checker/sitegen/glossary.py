"""Glossaries written as tables (one term per row): each row gets its term's anchor, so a term can be linked to."""

from __future__ import annotations

import posixpath
import re

from checker.text import slugify
from checker.vault.notes import Note

_ROW = re.compile(r"<tr>(\s*<td>)(.*?)</td>", re.DOTALL)
_TAG = re.compile(r"<[^>]+>")


def is_glossary(note: Note) -> bool:
    """A game's glossary note («Glosario de Lorcana»), as CONTRIBUTING names them."""
    return posixpath.basename(note.path).startswith("Glosario de ")


def anchor_terms(html: str) -> str:
    """Every table row whose first cell is a term gets ``id`` = the term's slug (the first of equal slugs wins)."""
    seen: set[str] = set()

    def replace(match: re.Match[str]) -> str:
        slug = slugify(_TAG.sub("", match.group(2)))
        if not slug or slug in seen:
            return match.group(0)
        seen.add(slug)
        return f'<tr id="{slug}">{match.group(1)}{match.group(2)}</td>'

    return _ROW.sub(replace, html)
