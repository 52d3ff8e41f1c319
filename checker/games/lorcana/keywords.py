"""The 14 Lorcana keywords: English and Spanish names, value kind and rule ID."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

ValueKind = Literal["none", "plus", "number", "ink"]


@dataclass(frozen=True)
class Keyword:
    english: str
    spanish: str
    value: ValueKind
    rule: str


KEYWORDS = (
    Keyword("Alert", "Alerta", "none", "lorcana:10.2"),
    Keyword("Bodyguard", "Guardaespaldas", "none", "lorcana:10.3"),
    Keyword("Boost", "Impulso", "ink", "lorcana:10.4"),
    Keyword("Challenger", "Desafiador", "plus", "lorcana:10.5"),
    Keyword("Evasive", "Evasivo", "none", "lorcana:10.6"),
    Keyword("Reckless", "Temerario", "none", "lorcana:10.7"),
    Keyword("Resist", "Resistencia", "plus", "lorcana:10.8"),
    Keyword("Rush", "Prisa", "none", "lorcana:10.9"),
    Keyword("Shift", "Cambio", "number", "lorcana:10.10"),
    Keyword("Singer", "Cantante", "number", "lorcana:10.11"),
    Keyword("Sing Together", "Cantar juntos", "number", "lorcana:10.12"),
    Keyword("Support", "Apoyo", "none", "lorcana:10.13"),
    Keyword("Vanish", "Desvanecer", "none", "lorcana:10.14"),
    Keyword("Ward", "Resguardo", "none", "lorcana:10.15"),
)
BY_NAME = {k.english.casefold(): k for k in KEYWORDS} | {k.spanish.casefold(): k for k in KEYWORDS}


def canonical(name: str) -> Keyword | None:
    """The keyword a name (English or Spanish, any case) stands for."""
    return BY_NAME.get(" ".join(name.split()).casefold())
