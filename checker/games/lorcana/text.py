"""Normalisation of Lorcana card text before parsing (and before comparing round trips).

Real sources print the same card in different typography: symbols as glyphs (¤) or codes ({S}), minus signs as
hyphen-minus, en dash or U+2212, curly or straight quotes, non-breaking and zero-width spaces. The grammar sees one
form only, so typography never needs rules of its own.
"""

from __future__ import annotations

import re

from checker.symbols import SYMBOLS

_CODES = {s.code: s.glyph for s in SYMBOLS} | {"{IW}": "◉"}
_CODE = re.compile(r"\{(IW|[SWLIE])\}", re.IGNORECASE)
#: A dash right before a number or a stat symbol is a minus sign ("gets –1 ¤", "−2 {S}").
_MINUS = re.compile(r"[\u2010\u2011\u2012\u2013\u2212\uFE63\uFF0D](?=[0-9¤⛉◊])")
_PLUS = re.compile(r"[\uFF0B\uFE62](?=[0-9¤⛉◊])")
_TRANSLATION = str.maketrans({
    "’": "'", "‘": "'", "‛": "'", "ʼ": "'", "′": "'", "`": "'",
    "“": '"', "”": '"', "„": '"', "″": '"',
    "\u00a0": " ", "\u202f": " ", "\u2009": " ", "\u2007": " ", "\u2002": " ", "\u2003": " ",
    "\u200b": None, "\u200c": None, "\u200d": None, "\ufeff": None, "\u00ad": None,
    "–": "—", "―": "—", "‒": "—",
})
_SPACES = re.compile(r"\s+")
#: A granted ability in quotes that closes the line (… gain "⟳ — Draw a card.") ends the line and the ability with
#: one period; it is read as the line's period, after the closing quote (… gain "⟳ — Draw a card".), so the grammar
#: needs no second form of every sentence for it.
_FINAL_QUOTE = re.compile(r'\."$')


def normalise(text: str) -> str:
    """Glyph symbols, ASCII minus and quotes, em dash between cost and effect, one space between words, the final
    period after a closing quote."""
    text = _CODE.sub(lambda m: _CODES["{" + m.group(1).upper() + "}"], text)
    text = _PLUS.sub("+", _MINUS.sub("-", text))
    text = text.translate(_TRANSLATION)
    return _FINAL_QUOTE.sub('".', _SPACES.sub(" ", text).strip())


#: A line that goes on with the ability before it: an option of «Choose one:» printed on a line of its own.
_OPTION_LINE = re.compile(r"^\s*[•●▪◦·-]\s")


def ability_texts(text: str) -> list[str]:
    """The abilities of a card's text written one per line, as cards print them; the options of «Choose one:»,
    each on its own line after a bullet, stay with the line that introduces them."""
    found: list[str] = []
    for line in text.split("\n"):
        if not line.strip():
            continue
        if found and (_OPTION_LINE.match(line) or found[-1].rstrip().endswith(":")):
            found[-1] = f"{found[-1].rstrip()} {line.strip()}"
        else:
            found.append(line)
    return found
