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
    words = {w.lower() for w in literal_words(name)} | {w.lower() for w in _keyword_words(text)}
    return text.replace("__WORDS__", trie_regex(words))


_ALTERNATION_TERMINAL = re.compile(r"^[A-Z_]+(?:\.\d+)?: /\(\?:([A-Za-z |']+)\)\\b/i?$", re.MULTILINE)


def _keyword_words(text: str) -> set[str]:
    """Words of terminals that are plain alternations of names, such as the keyword terminals."""
    return {word for alternation in _ALTERNATION_TERMINAL.findall(text)
            for name in alternation.split("|") for word in name.split()}


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


_WORD_TERMINAL = re.compile(r"^[A-Z_]+(?:\.\d+)?: /((?:\(\?:)?[a-z'|? ]+\)?(?:\\b)?)/i$", re.MULTILINE)


def literal_words(name: str) -> list[str]:
    """Every word of a grammar: its literals and the words of simple regex terminals (for suggestions)."""
    text = (GRAMMAR_DIR / f"{name}.lark").read_text(encoding="utf-8")
    words = set(_LITERAL.findall(text))
    for pattern in _WORD_TERMINAL.findall(text):
        for word in pattern.replace("(?:", "").replace(")", "").replace("\\b", "").split("|"):
            if word.endswith("s?") or word.endswith("?"):
                words |= {word[:-2], word[:-1]}
            else:
                words.add(word)
    return sorted(w for w in words if w and "?" not in w)


@cache
def parser(name: str) -> Lark:
    """The LALR parser of ``grammar/<name>.lark`` (built once per process)."""
    # cache=True stores the LALR tables (keyed by the grammar's hash) in the temporary folder: a cold start
    # then takes a fraction of a second instead of the full analysis.
    return Lark(grammar_text(name), parser="lalr", lexer="contextual", maybe_placeholders=False,
                start="start", cache=True)
