"""Text normalisation shared by links, anchors, URLs and search."""

from __future__ import annotations

import re
import unicodedata

_NON_WORD = re.compile(r"[^0-9a-z]+")
_SPACES = re.compile(r"\s+")


def nfc(text: str) -> str:
    """Unicode NFC (file names on some systems come decomposed)."""
    return unicodedata.normalize("NFC", text)


def fold(text: str) -> str:
    """Lower-case and strip accents: «Desafío» → «desafio»."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def key(text: str) -> str:
    """Case-insensitive comparison key that keeps accents (as Obsidian compares names)."""
    return nfc(text).casefold()


def squash(text: str) -> str:
    """Collapse runs of whitespace into one space and trim."""
    return _SPACES.sub(" ", text).strip()


def slugify(text: str) -> str:
    """ASCII slug for URLs and anchors: «Palabras clave» → «palabras-clave»."""
    return _NON_WORD.sub("-", fold(text)).strip("-")
