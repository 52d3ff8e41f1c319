"""Normalisation of Lorcana card text before parsing (and before comparing round trips)."""

from __future__ import annotations

import re

from checker.symbols import SYMBOLS

_CODES = {s.code: s.glyph for s in SYMBOLS}
_CODE = re.compile(r"\{([SWLIE])\}", re.IGNORECASE)
_QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "\u00a0": " ", "–": "—"})
_SPACES = re.compile(r"\s+")


def normalise(text: str) -> str:
    """Glyph symbols, straight quotes, one space between words."""
    text = _CODE.sub(lambda m: _CODES["{" + m.group(1).upper() + "}"], text)
    text = text.translate(_QUOTES)
    return _SPACES.sub(" ", text).strip()
