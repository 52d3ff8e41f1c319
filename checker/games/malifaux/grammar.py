"""The Malifaux trigger grammar (grammar/malifaux.lark) with its front end."""

from __future__ import annotations

import re

from checker.grammar.frontend import CardGrammar

_SPACE = re.compile(r"\s+")


def normalise(text: str) -> str:
    """One space between words; the Unicode minus as typed."""
    return _SPACE.sub(" ", text).strip()


def spanish_join(words: list[str]) -> str:
    """Words joined with punctuation attached; the first word is capitalised only after a sentence ends."""
    out = ""
    capital = False
    for word in words:
        if capital:
            word = word[:1].upper() + word[1:]
        attach = not out or word[:1] in ",.):;" or out.endswith("(")
        out += word if attach else " " + word
        capital = word in (".", ":")
    return out


GRAMMAR = CardGrammar(name="malifaux", normalise=normalise, join=spanish_join)
