"""Player vocabulary: groups of words and phrases that name the same thing («girar» and «agotar»).

A game declares its groups in a data file (``Game.search_synonyms``). At build time a page that says one phrase of a
group is indexed with the words of the others, in their inflections, so a question in the players' words finds the
rule written in ours. Phrases match their words in order, by family (Spanish stem, accent-folded), skipping the
words the separator drops.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from checker.errors import ReglasError
from checker.inputs import read_text
from checker.search.lexicon import is_word, stem
from checker.text import fold

Phrase = tuple[str, ...]


@dataclass(frozen=True)
class Synonyms:
    """Groups of phrases; each phrase is its words' families."""

    groups: tuple[tuple[Phrase, ...], ...]
    words: tuple[tuple[str, ...], ...]

    @classmethod
    def read(cls, path: Path, separator: re.Pattern[str]) -> Synonyms:
        groups: list[tuple[Phrase, ...]] = []
        words: list[tuple[str, ...]] = []
        text = read_text(path, fix="revisa el archivo de sinónimos del juego")
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip() or line.startswith("#"):
                continue
            phrases = [[w for w in separator.split(part.strip().lower()) if w] for part in line.split(",")]
            if len(phrases) < 2 or not all(phrases):
                raise ReglasError("un grupo de sinónimos necesita al menos dos frases, y cada una alguna palabra que "
                                  "la búsqueda indexe (no solo palabras vacías como «más» o «que»)",
                                  where=f"{path}:{number}", fix="separa las frases con comas y quita las vacías")
            groups.append(tuple(tuple(_number(w) or stem(w) for w in phrase) for phrase in phrases))
            words.append(tuple(dict.fromkeys(w for phrase in phrases for w in phrase if is_word(w))))
        return cls(tuple(groups), tuple(words))

    def expand(self, tokens: Sequence[str]) -> set[str]:
        """The words of every group one of whose phrases ``tokens`` say (folded forms included)."""
        stems = [_number(t) or stem(t) for t in tokens if is_word(t) or _number(t)]
        found: set[str] = set()
        for phrases, words in zip(self.groups, self.words, strict=True):
            if any(_says(stems, phrase) for phrase in phrases):
                found.update(words)
                found.update(fold(w) for w in words)
        return found


#: Number words and the digits the rules write them with: «bajar de cero» is what a page that says «bajar de 0» says.
_NUMBERS = {"cero": "0", "uno": "1", "dos": "2", "tres": "3", "cuatro": "4", "cinco": "5", "seis": "6", "siete": "7",
            "ocho": "8", "nueve": "9", "diez": "10", "veinte": "20"}


def _number(token: str) -> str | None:
    """The digits of a number, written in digits or in words; ``None`` for any other word."""
    folded = fold(token)
    return folded if folded.isdigit() else _NUMBERS.get(folded)


def _says(stems: Sequence[str], phrase: Phrase) -> bool:
    if len(phrase) == 1:
        return phrase[0] in stems
    size = len(phrase)
    return any(tuple(stems[i:i + size]) == phrase for i in range(len(stems) - size + 1))

