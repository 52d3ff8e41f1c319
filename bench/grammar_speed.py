"""Parse, transform and schema-validate a game's card lines; compare with bare lark LALR parsing."""

from __future__ import annotations

import contextlib
import time

from lark import Lark
from lark.exceptions import UnexpectedInput

from checker.grammar.errors import ParseError
from checker.grammar.frontend import CardGrammar
from checker.grammar.loader import cache_file, grammar_text
from checker.grammar.validate import fast_check, schema_validator


def plain_lark(grammar: CardGrammar) -> Lark:
    """The same grammar and tables as ``grammar.parser``, with lark's own lexer (no shared scanners)."""
    text = grammar_text(grammar.name, grammar.expand)
    return Lark(text, parser="lalr", lexer="contextual", maybe_placeholders=False, start="start",
                cache=cache_file(grammar.name, text) or False)


def _bare(parser: Lark, texts: list[str]) -> float:
    start = time.perf_counter()
    for text in texts:
        with contextlib.suppress(UnexpectedInput):
            parser.parse(text)
    return time.perf_counter() - start


def _full(grammar: CardGrammar, texts: list[str], reference: bool = False) -> float:
    check = schema_validator(grammar.name).is_valid if reference else fast_check(grammar.name)
    start = time.perf_counter()
    for text in texts:
        try:
            structure = grammar.parse(text)
        except ParseError:
            continue
        if not check(structure):
            raise AssertionError(text)
    return time.perf_counter() - start


def report(label: str, grammar: CardGrammar, lines: list[str]) -> None:
    """Print cold and warm timings of ``lines`` (card text) through ``grammar``."""
    texts = [grammar.normalise(line) for line in lines]
    cold = _full(grammar, texts)
    plain = plain_lark(grammar)
    bare_cold = _bare(plain, texts)
    bare = min(_bare(plain, texts) for _ in range(3))
    full = min(_full(grammar, texts) for _ in range(3))
    reference = _full(grammar, texts, reference=True)
    print(f"gramática {label}: {len(texts)} habilidades; en frío {cold:.2f} s; "
          f"en caliente {full:.2f} s ({len(texts) / full:,.0f} habilidades/s); "
          f"lark LALR solo (su lexer) {bare:.2f} s, en frío {bare_cold:.2f} s; relación {full / bare:.1f}×; "
          f"con jsonschema como validador {reference:.2f} s")
