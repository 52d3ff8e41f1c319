"""Sentences of card text: where a failing sentence starts, and the known phrasing nearest to it.

A grammar's phrasebook (``grammar/<game>.phrases.txt``) lists sentences the grammar parses, one per line, written
for this project (fixture and held-out lines, never card text). When a line fails, the error names the sentence
that failed, the sentences before it that parsed, and the phrasebook sentences nearest to the failing one.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from rapidfuzz import fuzz, process, utils

from checker.paths import GRAMMAR_DIR

#: Minimum similarity (0–100, rapidfuzz's QRatio on folded text) for a phrase to be offered. QRatio compares whole
#: sentences, so a short phrase is not offered for a long sentence because it appears inside it.
MIN_SCORE = 50


@dataclass(frozen=True)
class Sentence:
    """One sentence of a line: its text and where it starts and ends (character offsets)."""

    text: str
    start: int
    end: int


@dataclass(frozen=True)
class SentenceContext:
    """Where a parse failed, in sentences: the failing one (1-based), the ones before it, the nearest phrasing."""

    number: int
    total: int
    sentence: str
    before: tuple[str, ...]
    nearest: tuple[str, ...]

    def describe(self) -> list[str]:
        """The context as printed under a parse error (Spanish)."""
        lines = [f"falla la frase {self.number} de {self.total}: «{self.sentence}»"]
        if self.before:
            lines.append("se entendieron las frases anteriores: " + " ".join(f"«{s}»" for s in self.before))
        if self.nearest:
            lines.append("frases conocidas más parecidas: " + " · ".join(f"«{s}»" for s in self.nearest))
            lines.append("cómo arreglarlo: escribe la frase que falla como una de las conocidas, o comprueba que "
                         "el texto sea el impreso en la carta")
        return lines


def locate(name: str, text: str, offset: int) -> SentenceContext | None:
    """The sentence of ``text`` holding character ``offset``, the sentences before it, and the nearest phrasing."""
    sentences = split_sentences(text)
    if not sentences:
        return None
    index = next((i for i, s in enumerate(sentences) if offset < s.end), len(sentences) - 1)
    failing = sentences[index].text
    return SentenceContext(index + 1, len(sentences), failing, tuple(s.text for s in sentences[:index]),
                           nearest(name, failing))


def split_sentences(text: str) -> list[Sentence]:
    """The sentences of ``text``: ended by «.», «:», «;» or «!» outside parentheses, or by a closing parenthesis.

    A parenthesised reminder is a sentence of its own. Linear in the length of the text.
    """
    sentences: list[Sentence] = []
    depth = 0
    start = 0

    def close(end: int) -> None:
        nonlocal start
        piece = text[start:end]
        stripped = piece.strip()
        if stripped:
            offset = start + len(piece) - len(piece.lstrip())
            sentences.append(Sentence(stripped, offset, offset + len(stripped)))
        start = end

    for index, char in enumerate(text):
        if char == "(":
            if depth == 0:
                close(index)
            depth += 1
        elif char == ")" and depth:
            depth -= 1
            if depth == 0:
                close(index + 1)
        elif depth == 0 and char in ".:;!" and (index + 1 == len(text) or text[index + 1] == " "):
            close(index + 1)
    close(len(text))
    return sentences


@cache
def phrasebook(name: str) -> tuple[str, ...]:
    """The known sentences of grammar ``name`` (empty if it has no phrasebook)."""
    path = GRAMMAR_DIR / f"{name}.phrases.txt"
    if not path.is_file():
        return ()
    lines = path.read_text(encoding="utf-8").splitlines()
    return tuple(line for line in lines if line and not line.startswith("#"))


def nearest(name: str, sentence: str, limit: int = 2) -> tuple[str, ...]:
    """The phrasebook sentences most like ``sentence``, best first."""
    phrases = phrasebook(name)
    if not phrases or not sentence.strip():
        return ()
    found = process.extract(sentence, phrases, scorer=fuzz.QRatio, processor=utils.default_process, limit=limit,
                            score_cutoff=MIN_SCORE)
    return tuple(phrase for phrase, _, _ in found)
