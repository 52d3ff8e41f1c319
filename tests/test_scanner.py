"""The shared-scanner lexer yields exactly lark's tokens, large terminals included."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Lark
from lark.exceptions import UnexpectedInput

from checker.grammar.loader import trie_regex
from checker.grammar.scanner import LARGE, PLUGINS

# a large terminal (a trie of many words) between small ones that can match the same text: the order decides
_WORDS = {f"w{n:04d}x" for n in range(400)} | {"alfa", "alfabeto"}
_GRAMMAR = f"""
start: item+
item: SHORT | BIG | NAME | NUMBER | KNOWN
KNOWN.2: /alfa(?:beto)?\\b/
BIG.1: /(?:{trie_regex(_WORDS)})\\b/
SHORT: "w0001x"
NAME: /[a-z][a-z0-9]*/
NUMBER: /[0-9]+/
%ignore " "
"""


def _parsers() -> tuple[Lark, Lark]:
    options = {"parser": "lalr", "lexer": "contextual"}
    return Lark(_GRAMMAR, **options), Lark(_GRAMMAR, **options, _plugins=PLUGINS)


LARK, SHARED = _parsers()


def _tokens(parser: Lark, text: str) -> list[tuple[str, str]] | str:
    try:
        return [(t.type, str(t)) for t in parser.parse(text).scan_values(lambda _: True)]
    except UnexpectedInput as error:
        return type(error).__name__


def test_the_grammar_has_a_large_terminal() -> None:
    assert max(len(t.pattern.to_regexp()) for t in SHARED.terminals) > LARGE


def test_same_tokens_on_chosen_text() -> None:
    for text in ["alfa alfabeto w0001x w0399x w0400x 12 zeta", "alfabetos w0002xy", "w0001x 7 w0001x"]:
        assert _tokens(SHARED, text) == _tokens(LARK, text)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["alfa", "alfabeto", "w0001x", "w0123x", "w0500x", "z9", "17", "alfab"]),
                min_size=1, max_size=6).map(" ".join))
def test_same_tokens_as_lark(text: str) -> None:
    assert _tokens(SHARED, text) == _tokens(LARK, text)
