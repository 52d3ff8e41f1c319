"""``reglas parse`` tells an ability part by part (``checker.grammar.reading``): each game's roles, their Spanish
names, the parts as the text writes them, a part repeated by a more specific one inside it told once."""

from __future__ import annotations

import pytest

from checker.game import games
from checker.grammar.reading import reading

CASES = [
    ("lorcana", "When you play this character, chosen opposing character gets -2 ¤ this turn.",
     [("Cuándo", "When you play this character"), ("Quién", "chosen opposing character"),
      ("Qué pasa", "gets -2 ¤ this turn"), ("Hasta cuándo", "this turn")]),
    ("lorcana", "Whenever this character quests, you may draw a card.",
     [("Cuándo", "Whenever this character quests"), ("Quién", "you"), ("Qué pasa", "draw a card")]),
    ("espadas", "Al final del Choque, si este héroe tiene al menos 1 Equipo anexado, roba 1 Carta.",
     [("Cuándo", "Al final del Choque"), ("Condición", "si este héroe tiene al menos 1 Equipo anexado"),
      ("Quién", "este héroe"), ("Qué pasa", "roba 1 Carta")]),
    ("malifaux", "c Sangría: Al dañar al objetivo, el objetivo gana la Condición Veneno 2.",
     [("Cuándo", "dañar al objetivo"), ("Efecto", "el objetivo gana la Condición Veneno 2"),
      ("Objetivo", "el objetivo"), ("Condición que gana", "la Condición Veneno 2")]),
]


@pytest.mark.parametrize(("game", "line", "parts"), CASES)
def test_parts(game: str, line: str, parts: list[tuple[str, str]]) -> None:
    declared = games()[game]
    assert declared.grammar is not None
    assert reading(declared.grammar, declared.grammar.parse(line), declared.reading) == parts


def test_every_label_names_a_role_of_its_grammar() -> None:
    for game in games().values():
        if game.grammar is None:
            continue
        assert set(game.reading) <= set(game.grammar.model.rules), game.id     # a role is a rule's name
