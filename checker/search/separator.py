"""The search separator: punctuation plus the words that name nothing (stop words and question words).

Material appends ``*`` to every query term, so a stop word typed in a question («si», «me», «que») would match every
word it begins («simultáneo», «mecánica»). As separators they never become terms, in the index or in a query; the
browser and ``reglas buscar`` both read the separator from the built index, so they split text the same way.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path

from checker.text import fold, trie_regex

_QUESTION_WORDS = Path(__file__).with_name("question_words.txt")
#: A letter of the words the site indexes (as the separator of mkdocs.yml writes it).
_LETTER = r"A-Za-z0-9_\u00C0-\u024F"


@cache
def question_words() -> frozenset[str]:
    lines = _QUESTION_WORDS.read_text(encoding="utf-8").splitlines()
    return frozenset(line.strip() for line in lines if line.strip() and not line.startswith("#"))


def _forms(words: Iterable[str]) -> set[str]:
    """Each word as written, without accents, and capitalised (a question's first word)."""
    forms: set[str] = set()
    for word in words:
        for form in {word, fold(word)}:
            forms.update({form, form[:1].upper() + form[1:]})
    return forms


def with_function_words(separator: str, stop_words: Iterable[str]) -> str:
    """``separator`` extended with the stop words and question words as whole words."""
    words = _forms(set(stop_words) | question_words())
    return f"{separator}|(?<![{_LETTER}])(?:{trie_regex(words)})(?![{_LETTER}])"
