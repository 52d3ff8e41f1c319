"""Load a game's grammar (``grammar/<game>.lark``) as an LALR parser, once."""

from __future__ import annotations

import contextlib
import hashlib
import re
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path

import lark
from lark import Lark

from checker.grammar.scanner import PLUGINS
from checker.paths import GRAMMAR_DIR, cache_dir
from checker.text import trie_regex

_LITERAL = re.compile(r'"([A-Za-z][A-Za-z\']*)"i')


#: A game's rewriting of its grammar file before lark reads it (for instance, verb lemmas into their forms).
Expand = Callable[[str], str]


def grammar_text(name: str, expand: Expand | None = None) -> str:
    """The grammar (rewritten by ``expand``) with ``__WORDS__`` replaced by a (trie-shaped, fast) alternation of
    its literal words.

    Writing out a large grammar's word classes takes a second; the result is kept in the cache folder, keyed by the
    grammar file and the source of the code that writes it out (:func:`expanded_file`)."""
    kept = expanded_file(name, expand)
    if kept is not None and kept.is_file():
        return kept.read_text(encoding="utf-8")
    text = (GRAMMAR_DIR / f"{name}.lark").read_text(encoding="utf-8")
    if expand is not None:
        text = expand(text)
    words = {w.lower() for w in literal_words(name)} | {w.lower() for w in _keyword_words(text)}
    text = text.replace("__WORDS__", trie_regex(words))
    if kept is not None:
        with contextlib.suppress(OSError):
            kept.write_text(text, encoding="utf-8")
    return text


def expanded_file(name: str, expand: Expand | None = None) -> Path | None:
    """Where the written-out grammar is kept: named by a hash of the grammar file, of this module, of
    :mod:`checker.text` and of the module of ``expand``; ``None`` without a cache folder."""
    folder = cache_dir()
    if folder is None:
        return None
    digest = hashlib.sha256((GRAMMAR_DIR / f"{name}.lark").read_bytes())
    modules = [sys.modules[__name__], sys.modules[trie_regex.__module__]]
    if expand is not None:
        modules.append(sys.modules[expand.__module__])
    for module in modules:
        digest.update(Path(str(module.__file__)).read_bytes())
    return folder / f"{name}-{digest.hexdigest()[:16]}.lark"


_ALTERNATION_TERMINAL = re.compile(r"^[A-Z_]+(?:\.\d+)?: /\(\?:([A-Za-z |']+)\)\\b/i?$", re.MULTILINE)


def _keyword_words(text: str) -> set[str]:
    """Words of terminals that are plain alternations of names, such as the keyword terminals."""
    return {word for alternation in _ALTERNATION_TERMINAL.findall(text)
            for name in alternation.split("|") for word in name.split()}


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
def parser(name: str, expand: Expand | None = None) -> Lark:
    """The LALR parser of ``grammar/<name>.lark`` (built once per process).

    The LALR tables are cached in the user's cache folder (:func:`checker.paths.cache_dir`), keyed by the
    grammar's hash and the Python and lark versions, so a cold start takes a fraction of a second instead of
    the full analysis. Its lexer compiles each large terminal once (:mod:`checker.grammar.scanner`). Without a
    writable cache folder the parser is built in memory only; lark itself ignores
    a cache file it cannot read or write.
    """
    text = grammar_text(name, expand)
    return Lark(text, parser="lalr", lexer="contextual", maybe_placeholders=False, start="start",
                cache=cache_file(name, text) or False, _plugins=PLUGINS)


def cache_file(name: str, text: str) -> str | None:
    folder = cache_dir()
    if folder is None:
        return None
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    version = f"py{sys.version_info[0]}{sys.version_info[1]}-lark{lark.__version__}"
    return str(folder / f"{name}-{digest}-{version}.lalr")
