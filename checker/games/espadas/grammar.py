"""The Espadas de Ceniza card-text grammar (grammar/espadas.lark) with its front end."""

from __future__ import annotations

import re

from checker.grammar.frontend import CardGrammar
from checker.paths import GRAMMAR_DIR

_SPACE = re.compile(r"\s+")
_BEFORE_STOP = re.compile(r"\s+(?=[,.;:])")
_DASHES = str.maketrans({"−": "-", "–": "-", "\u00a0": " ", "’": "'"})
_LITERAL = re.compile(r'"([^"\s]+)"i')

#: How the grammar's own terminals read in error messages.
TERMINALS = {
    "TITLE": "un nombre con mayúscula (como Oración o Luz)",
    "COUNTER_NAME": "el nombre del contador (como Inspirado)",
    "ATTRIBUTE": "un atributo (Fuerza, Mente, Agilidad, Voluntad, Armadura o Vida)",
    "CARD_TYPE": "un tipo de carta (Carta, Acción, Ataque, Apoyo, Técnica…)",
    "HERO_WORD": "«héroe»",
}


def normalise(text: str) -> str:
    """One space between words, none before punctuation; a plain hyphen for the minus sign."""
    return _BEFORE_STOP.sub("", _SPACE.sub(" ", text.translate(_DASHES))).strip()


def spanish_join(words: list[str]) -> str:
    """Words joined with punctuation attached; capitals at the start, after a full stop and after a heading
    word («Persistente: Hasta …»)."""
    out = ""
    capital = True
    for word in words:
        if capital:
            word = word[:1].upper() + word[1:]
        attach = not out or word[:1] in ",.:;)"
        out += word if attach else " " + word
        capital = word == "." or (word == ":" and " " not in out)
    return out


def _vocabulary() -> tuple[str, ...]:
    """Every literal word of the grammar, accents included (for suggestions)."""
    text = (GRAMMAR_DIR / "espadas.lark").read_text(encoding="utf-8")
    return tuple(sorted({w for w in _LITERAL.findall(text) if w[:1].isalpha()}))


GRAMMAR = CardGrammar(name="espadas", normalise=normalise, join=spanish_join, vocabulary=_vocabulary(),
                      terminals=TERMINALS)
