"""The Malifaux action and trigger grammar (grammar/malifaux.lark) with its front end."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass

from checker.grammar.errors import ParseError
from checker.grammar.frontend import CardGrammar
from checker.grammar.typed import Node
from checker.paths import GRAMMAR_DIR

_SPACE = re.compile(r"\s+")
_TRACK = re.compile(r"(\d) ?/ ?(?=\d)")
_RANGE = re.compile(r"\bRg ([yzap]) (?=\d)")
_SUITS_WORD = re.compile(r"[rctm]+", re.IGNORECASE)
_RANGE_END = re.compile(r"\bRg [yzap]$")
#: How many of the last characters :func:`spanish_join` keeps to decide the glue («Rg y» needs six).
_TAIL = 16
_LITERAL = re.compile(r'"([^\W\d_][\w\']*)"i')

#: How the grammar's own terminals read in an error, in place of their bare names.
TERMINALS = {
    "ATTRIBUTE": "un atributo (Ml, Sh, Ca, Df, Wp, Wd, Mv, Ht, Sp o Cg)",
    "SUITS": "los palos del disparador (r, c, t, m)",
    "SUIT": "un palo (r, c, t o m)",
    "BUILT_IN_SUITS": "un palo pegado al número (como 6r)",
    "CONDITION_NAME": "el nombre de una Condición con mayúscula (como Quemado)",
    "ABILITY_NAME": "el nombre de una Habilidad con mayúscula (como Incorporal)",
    "ROLE": "«Atacante» o «Defensor»",
    "ALLEGIANCE": "«amiga» o «enemiga»",
    "ALLEGIANCES": "«amigas» o «enemigas»",
    "UNCHANGED": "«cambiado», «reducido», «evitado» o «ignorado»",
    "FATE": "un modificador del destino (+ o −)",
    "INCH_WORD": "«pulgadas»",
    "CARDS": "«carta» o «cartas»",
    "IMMEDIATELY": "«inmediatamente»",
    "NAME": "el nombre de la Acción o del disparador, con mayúscula",
}


def normalise(text: str) -> str:
    """One space between words; damage tracks as «2/3/4» and ranges as «y1»."""
    text = _SPACE.sub(" ", text).strip()
    return _RANGE.sub(r"Rg \1", _TRACK.sub(r"\1/", text))


def spanish_join(words: list[str]) -> str:
    """Words joined with punctuation attached and the notation's glued tokens («6r», «y1», «2/3/4»).

    Linear: the pieces are joined once, and the glue looks only at the last characters written.
    """
    pieces: list[str] = []
    tail = ""  # the last characters written (enough for every test below)
    capital = False
    for index, word in enumerate(words):
        if capital:
            word = word[:1].upper() + word[1:]
        following = words[index + 1] if index + 1 < len(words) else ""
        glued = (
            (word == "/" and tail[-1:].isdigit() and following.isdigit())            # 2/3/4
            or (word.isdigit() and tail.endswith("/") and tail[-2:-1].isdigit())     # 2/3/4
            or (_SUITS_WORD.fullmatch(word) is not None and tail[-1:].isdigit())     # 6r, TN 12t
            or (word.isdigit() and _RANGE_END.search(tail) is not None)              # Rg y1
        )
        attach = glued or not tail or word[:1] in ",.):;" or tail.endswith("(")
        piece = word if attach else " " + word
        pieces.append(piece)
        tail = (tail + piece)[-_TAIL:]
        capital = word in (".", ":")
    return "".join(pieces)


def _vocabulary() -> tuple[str, ...]:
    """Every literal word of the grammar (accents included) and the attributes, for suggestions."""
    text = (GRAMMAR_DIR / "malifaux.lark").read_text(encoding="utf-8")
    attributes = ("Ml", "Sh", "Ca", "Df", "Wp", "Wd", "Mv", "Ht", "Sp", "Cg")
    return tuple(sorted(set(_LITERAL.findall(text)))) + attributes


@dataclass(frozen=True)
class MalifauxGrammar(CardGrammar):
    """The card grammar with a hint and a fix for a missing colon."""

    def parse(self, text: str) -> Node:
        try:
            return super().parse(text)
        except ParseError as error:
            expected = error.expected
            if ":" not in error.text and TERMINALS["NAME"] in expected:
                expected = ("los dos puntos «:» tras el nombre", *expected)
            raise dataclasses.replace(error, expected=expected, suggest=self._suggester(error)) from None

    def _suggester(self, error: ParseError) -> Callable[[], str | None]:
        """A suggestion: the nearest word swap, else the line with the missing «:» after its name."""
        def suggest() -> str | None:
            return error.suggestion or self._with_colon(error.text)
        return suggest

    def _with_colon(self, text: str) -> str | None:
        if ":" in text:
            return None
        words = text.split(" ")
        for cut in range(1, min(len(words), 12)):
            fixed = " ".join(words[:cut]) + ": " + " ".join(words[cut:])
            if self.parses(fixed):
                return fixed
        return None


GRAMMAR = MalifauxGrammar(name="malifaux", normalise=normalise, join=spanish_join, vocabulary=_vocabulary(),
                          terminals=TERMINALS)
