"""Load a game's grammar (``grammar/<game>.lark``) as an LALR parser, once."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from lark import Lark

from checker.paths import GRAMMAR_DIR

_LITERAL = re.compile(r'"([A-Za-z][A-Za-z\']*)"i')


def grammar_text(name: str) -> str:
    """The grammar with ``__WORDS__`` replaced by a (trie-shaped, fast) alternation of its literal words."""
    text = (GRAMMAR_DIR / f"{name}.lark").read_text(encoding="utf-8")
    words = {w.lower() for w in _LITERAL.findall(text)}
    return text.replace("__WORDS__", trie_regex(words))


def trie_regex(words: set[str]) -> str:
    """A regex matching exactly ``words``, factored by common prefixes so matching stays linear."""
    trie: dict[str, Any] = {}
    for word in words:
        node = trie
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}
    return _trie_pattern(trie)


def _trie_pattern(node: dict[str, Any]) -> str:
    ends = "" in node
    branches = [re.escape(char) + _trie_pattern(child) for char, child in sorted(node.items()) if char]
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    if ends:
        return "(?:" + body + ")?"
    return body


def literal_words(name: str) -> list[str]:
    """Every literal word of a grammar (for suggestions)."""
    text = (GRAMMAR_DIR / f"{name}.lark").read_text(encoding="utf-8")
    return sorted({w for w in _LITERAL.findall(text)})


@cache
def parser(name: str) -> Lark:
    """The LALR parser of ``grammar/<name>.lark`` (built once per process)."""
    return Lark(grammar_text(name), parser="lalr", lexer="contextual", maybe_placeholders=False,
                start="start")
