"""The Malifaux trigger grammar: typed structures, schema, exact round trips, errors in Spanish."""

from __future__ import annotations

import pytest

from checker.cli import main
from checker.games.malifaux.grammar import GRAMMAR
from checker.grammar.errors import ParseError
from checker.grammar.walk import find


def test_trigger_header_is_typed() -> None:
    structure = GRAMMAR.parse("tm (Df) Escarcha: Al final del duelo, el objetivo recibe la Condición Lento.")
    (trigger,) = find(structure, "trigger")
    assert trigger["suits"] == "tm" and trigger["name"] == "Escarcha"
    assert find(structure, "attribute_ref") == [{"attribute": "Df"}]
    assert find(structure, "gain_condition")[0]["condition"] == "Lento"


def test_per_suit_damage() -> None:
    structure = GRAMMAR.parse("r Tajo: Al dañar al objetivo, este Ataque inflige +1 de daño por cada r en el total "
                              "final del duelo.")
    assert find(structure, "damage_bonus")[0]["signed"] == "+1"
    assert find(structure, "per_suit") == [{"suit": "r"}]


@pytest.mark.parametrize("text", [
    "r Tajo: Hace algo que la gramática no conoce.",                       # no catch-all effect
    "Tajo: Al dañar al objetivo, este Ataque inflige +1 de daño.",          # no suits
    "r (Xx) Tajo: Al dañar al objetivo, este Ataque inflige +1 de daño.",   # unknown attribute
    "r Tajo: Al dañar al objetivo, este Ataque inflige +1 de daño",         # no final stop
    "r Tajo: Al dañar al objetivo, el objetivo recibe la Condición Inventada.",
])
def test_rejects(text: str) -> None:
    with pytest.raises(ParseError):
        GRAMMAR.parse(text)


def test_error_is_spanish_with_caret_and_suggestion(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse", "--game", "malifaux", "r Tajo: Al dañar al objetivo, este Ataque inflije +1 de daño."]) == 1
    err = capsys.readouterr().err
    assert "no se entiende «inflije»" in err and "^" in err and "«inflige»" in err and "Traceback" not in err


def test_schema_is_current(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grammar", "schema", "--game", "malifaux", "--check"]) == 0
