"""Load a game's grammar (``grammar/<game>.lark``) as an LALR parser, once."""

from __future__ import annotations

import re
from functools import cache

from lark import Lark

from checker.paths import GRAMMAR_DIR

_LITERAL = re.compile(r'"([A-Za-z][A-Za-z\']*)"i')


def grammar_text(name: str) -> str:
    """The grammar with ``__WORDS__`` replaced by an alternation of its literal words."""
    text = (GRAMMAR_DIR / f"{name}.lark").read_text(encoding="utf-8")
    words = sorted({w.rstrip(",") for w in _LITERAL.findall(text)}, key=lambda w: (-len(w), w))
    return text.replace("__WORDS__", "|".join(re.escape(w) for w in words))


def literal_words(name: str) -> list[str]:
    """Every literal word of a grammar (for suggestions)."""
    text = (GRAMMAR_DIR / f"{name}.lark").read_text(encoding="utf-8")
    return sorted({w for w in _LITERAL.findall(text)})


@cache
def parser(name: str) -> Lark:
    """The LALR parser of ``grammar/<name>.lark`` (built once per process)."""
    return Lark(grammar_text(name), parser="lalr", lexer="contextual", maybe_placeholders=False,
                start="start")
