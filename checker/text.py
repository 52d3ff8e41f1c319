"""Text normalisation shared by links, anchors, URLs and search."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

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


Trie = dict[str, "Trie"]


def trie_regex(words: Iterable[str]) -> str:
    """A regex matching exactly ``words``, factored by common prefixes so matching stays linear."""
    trie: Trie = {}
    for word in words:
        node = trie
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}
    return _trie_pattern(trie)


def _trie_pattern(node: Trie) -> str:
    ends = "" in node
    branches = [re.escape(char) + _trie_pattern(child) for char, child in sorted(node.items()) if char]
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    if ends:
        return "(?:" + body + ")?"
    return body
