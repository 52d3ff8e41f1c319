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
    #: Node types its reminder text must contain (what the reminder says the keyword does).
    reminder: frozenset[str] = frozenset()


KEYWORDS = (
    Keyword("Alert", "Alerta", "none", "lorcana:8.2", frozenset({"can"})),
    Keyword("Bodyguard", "Guardaespaldas", "none", "lorcana:8.3",
            frozenset({"must_choose_with", "must_choose_character_with"})),
    Keyword("Boost", "Impulso", "ink", "lorcana:8.4", frozenset({"put_card"})),
    Keyword("Challenger", "Desafiador", "plus", "lorcana:8.5", frozenset({"gets"})),
    Keyword("Evasive", "Evasivo", "none", "lorcana:8.6", frozenset({"can"})),
    Keyword("Reckless", "Temerario", "none", "lorcana:8.7", frozenset({"must_challenge", "must_challenge_each_turn"})),
    Keyword("Resist", "Resistencia", "plus", "lorcana:8.8", frozenset({"damage_reduction"})),
    Keyword("Rush", "Prisa", "none", "lorcana:8.9", frozenset({"challenge_turn_played"})),
    Keyword("Shift", "Cambio", "number", "lorcana:8.10", frozenset({"play_on_top"})),
    Keyword("Singer", "Cantante", "number", "lorcana:8.11", frozenset({"counts_as_cost"})),
    Keyword("Sing Together", "Cantar juntos", "number", "lorcana:8.12", frozenset({"sing_for_free"})),
    Keyword("Support", "Apoyo", "none", "lorcana:8.13", frozenset({"add_strength"})),
    Keyword("Vanish", "Desvanecer", "none", "lorcana:8.14", frozenset({"chosen_for_action"})),
    Keyword("Ward", "Resguardo", "none", "lorcana:8.15", frozenset({"choose_except_to_challenge"})),
)
BY_NAME = {k.english.casefold(): k for k in KEYWORDS} | {k.spanish.casefold(): k for k in KEYWORDS}


def canonical(name: str) -> Keyword | None:
    """The keyword a name (English or Spanish, any case) stands for."""
    return BY_NAME.get(" ".join(name.split()).casefold())
