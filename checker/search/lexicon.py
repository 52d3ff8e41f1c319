"""Word families: Spanish Snowball stems over accent-folded words.

«desafiar», «desafío», «desafíos» and «desafio» share the stem ``desafi``; a page that says one of them is
indexed with the others, so the stock prefix search finds it whatever the inflection or accents. Verbs whose
stem vowel changes when stressed («cuesta» of «costar», «destierran» of «desterrar», «mueve» of «mover»,
«pierdes» of «perder») join their family too: a family's key has the last «ie» of its stem read as «e» and the
last «ue» as «o».
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from functools import cache
from typing import Any

import snowballstemmer

from checker.text import fold

_WORD = re.compile(r"[^\W\d_]{3,}")
#: Endings tried on the stem of an important word (titles, aliases) to index inflections the corpus never
#: writes; a form is kept only if it stems back to the same family.
_ENDINGS = (
    "", "a", "o", "e", "as", "os", "es", "s", "an", "en", "ar", "er", "ir", "ado", "ada", "ados", "adas",
    "ido", "ida", "idos", "idas", "ando", "iendo", "ante", "antes", "ente", "entes", "ador", "adora", "adores",
    "cion", "ciones", "ción", "io", "ios", "ia", "ias", "ivo", "iva", "ivos", "ivas", "ción", "miento", "encia",
)


@cache
def _stemmer() -> Any:
    return snowballstemmer.stemmer("spanish")


@cache
def stem(word: str) -> str:
    """A word's Spanish stem, accent-folded."""
    return fold(str(_stemmer().stemWord(fold(word))))


_STRESSED = re.compile(r"(ie|ue)(?=[^aeiou]*$)")


@cache
def family(word: str) -> str:
    """The family key of a word: its stem, with a stressed diphthong of the stem read as its plain vowel."""
    return _STRESSED.sub(lambda m: "e" if m.group(1) == "ie" else "o", stem(word))


def is_word(token: str) -> bool:
    """Only alphabetic tokens of three letters or more join families."""
    return _WORD.fullmatch(token) is not None


class Lexicon:
    """Every word of a corpus, grouped by family (surface forms and their folded forms)."""

    def __init__(self) -> None:
        self._families: dict[str, set[str]] = defaultdict(set)

    def add(self, words: Iterable[str]) -> None:
        for word in words:
            if is_word(word):
                members = self._families[family(word)]
                members.add(word)
                members.add(fold(word))

    def inflections(self, words: Iterable[str]) -> set[str]:
        """Regular inflections of the stems of ``words`` that stem back to the same family."""
        forms: set[str] = set()
        for word in words:
            if is_word(word):
                key = stem(word)
                forms.update(form for ending in _ENDINGS if stem(form := key + ending) == key)
        return forms

    def relatives(self, words: Iterable[str]) -> set[str]:
        """The words of the corpus that share a family with ``words``, and their folded forms."""
        found: set[str] = set()
        for word in words:
            if is_word(word):
                found |= self._families.get(family(word), {fold(word)})
                found.add(fold(word))
        return found
