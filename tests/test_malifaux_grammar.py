"""The Malifaux action and trigger grammar: typed structures, schema, exact round trips, errors in Spanish."""

from __future__ import annotations

import json

import pytest

from checker.cli import main
from checker.games.malifaux.grammar import GRAMMAR
from checker.grammar.errors import ParseError
from checker.grammar.walk import find


def test_trigger_header_is_typed() -> None:
    structure = GRAMMAR.parse("tm (Df) Escarcha: Al final del duelo, el objetivo gana la Condición Lento.")
    (trigger,) = find(structure, "trigger")
    assert trigger["suits"] == "tm" and trigger["name"] == "Escarcha"
    assert find(structure, "attribute_ref") == [{"attribute": "Df"}]
    assert find(structure, "condition") == [{"condition_name": "Lento"}]


def test_per_suit_damage() -> None:
    structure = GRAMMAR.parse("r Tajo: Al dañar al objetivo, este Ataque inflige +1 de daño por cada r en el total "
                              "final del duelo.")
    assert find(structure, "damage_bonus")[0]["signed"] == "+1"
    assert find(structure, "per_suit") == [{"suit": "r"}]


def test_action_header_is_typed() -> None:
    structure = GRAMMAR.parse("(1) Garra Afilada (Ml 6r / Rg y1 / Rst Df / TN 12t): El objetivo sufre 2/3/4 de daño.")
    (action,) = find(structure, "action")
    assert action["ap_cost"] == 1 and action["name"] == "Garra Afilada"
    assert find(structure, "duel_stat") == [{"attribute": "Ml", "number": 6, "built_in_suits": "r"}]
    assert find(structure, "melee") == [{"inches": 1}]
    assert find(structure, "resist") == [{"attribute": "Df"}]
    assert find(structure, "tn") == [{"number": 12, "built_in_suits": "t"}]
    assert find(structure, "damage_track") == [{"weak": 2, "moderate": 3, "severe": 4}]


@pytest.mark.parametrize(("text", "kind"), [
    ("(1) Fusil (Sh 5 / Rg z12): El objetivo sufre 2 de daño.", "ranged"),
    ("(0) Himno (Ca 5 / Rg a6): Las miniaturas amigas curan 1 de daño.", "aura"),
    ("(2) Estallido (Ca 6 / Rg p3): Cada miniatura enemiga sufre 1 de daño.", "pulse"),
    ("(1) Orden (Rg 6): Una miniatura amiga gana la Condición Rápido.", "plain_range"),
])
def test_range_kinds(text: str, kind: str) -> None:
    assert find(GRAMMAR.parse(text), kind)[0]["inches"] > 0


def test_entry_tells_actions_from_triggers() -> None:
    assert find(GRAMMAR.parse("(0) Concentrarse: Esta miniatura gana +1 Df."), "action")
    assert find(GRAMMAR.parse("r Furia: Esta miniatura gana +1 Ml."), "trigger")


def test_spaced_notation_is_normalised() -> None:
    spaced = GRAMMAR.parse("(1)  Garra (Ml 6r / Rg y 1): El objetivo sufre 2 / 3 / 4 de daño.")
    assert GRAMMAR.render(spaced) == "(1) Garra (Ml 6r / Rg y1): El objetivo sufre 2/3/4 de daño."


def test_any_capitalised_condition_with_its_value() -> None:
    structure = GRAMMAR.parse("m Maleficio: Al dañar al objetivo, el objetivo gana la Condición Embrujado +2.")
    assert find(structure, "condition") == [{"condition_name": "Embrujado", "signed": "+2"}]


@pytest.mark.parametrize("text", [
    "r Tajo: Hace algo que la gramática no conoce.",                       # no catch-all effect
    "Tajo: Al dañar al objetivo, este Ataque inflige +1 de daño.",          # no suits
    "x Tajo: Al dañar al objetivo, este Ataque inflige +1 de daño.",        # not a suit
    "r (Xx) Tajo: Al dañar al objetivo, este Ataque inflige +1 de daño.",   # unknown attribute
    "r Tajo: Al dañar al objetivo, este Ataque inflige +1 de daño",         # no final stop
    "r Tajo: Al dañar al objetivo, el objetivo gana la Condición lento.",   # a Condition is capitalised
    "(1) Garra (Ml 6x / Rg y1): El objetivo sufre 2 de daño.",              # bad built-in suit
    "(1) Garra (Ml 6 r / Rg y1): El objetivo sufre 2 de daño.",             # a built-in suit is glued
    "(1) Garra (Rst Df / Ml 6): El objetivo sufre 2 de daño.",              # fields out of order
    "(1) Garra (Ml 6 / Rg y1): El objetivo sufre 2/3 de daño.",             # a track has three values
    "(1) Garra (Ml 6 / Rg y1) El objetivo sufre 2 de daño.",                # missing colon
    "(1) Garra (Ml 6 / Rg x1): El objetivo sufre 2 de daño.",               # unknown range kind
    "(1) Garra (Ml 6 / Rg y1): Las miniaturas enemigas sufre 2 de daño.",   # plural subject, singular verb
])
def test_rejects(text: str) -> None:
    with pytest.raises(ParseError):
        GRAMMAR.parse(text)


@pytest.mark.parametrize(("text", "column", "found", "expected", "suggestion"), [
    # a misspelt verb: the nearest word that parses
    ("r Tajo: Al dañar al objetivo, este Ataque inflije +1 de daño.", 43, "«inflije»", "«inflige»",
     "r Tajo: Al dañar al objetivo, este Ataque inflige +1 de daño."),
    # a bad suit in the stat block
    ("(1) Garra (Ml 6x / Rg y1): El objetivo sufre 2 de daño.", 16, "«x»", "un palo pegado al número (como 6r)",
     None),
    # an unknown attribute in the stat block
    ("(1) Garra (Xx 6r / Rg y1): El objetivo sufre 2 de daño.", 12, "«Xx»", "un atributo (Ml, Sh, Ca, Df, Wp, Wd, "
     "Mv, Ht, Sp o Cg)", None),
    # a missing colon after the stat block
    ("(1) Garra (Ml 6 / Rg y1) El objetivo sufre 2 de daño.", 26, "«El»", "«:»",
     "(1) Garra (Ml 6 / Rg y1): El objetivo sufre 2 de daño."),
    # a missing colon after a trigger's name
    ("r Tajo Al dañar al objetivo, este Ataque inflige +1 de daño.", 3, "«Tajo", "los dos puntos «:» tras el nombre",
     "r Tajo: Al dañar al objetivo, este Ataque inflige +1 de daño."),
    # an effect the grammar does not know
    ("(1) Garra (Ml 6 / Rg y1): El objetivo baila 2 de daño.", 39, "«baila»", "«sufre»", None),
    # a suit that is not one of r, c, t, m
    ("x Tajo: Al dañar al objetivo, este Ataque inflige +1 de daño.", 1, "«x", "los palos del disparador (r, c, t, m)",
     None),
])
def test_errors_say_where_what_and_how(text: str, column: int, found: str, expected: str,
                                       suggestion: str | None) -> None:
    with pytest.raises(ParseError) as info:
        GRAMMAR.parse(text)
    error = info.value
    assert (error.line, error.column) == (1, column)
    assert error.found.startswith(found)
    assert expected in error.expected
    assert error.suggestion == suggestion
    assert "^" in error.message() and "se esperaba:" in error.message()


def test_error_is_spanish_with_caret_and_suggestion(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse", "--game", "malifaux", "r Tajo: Al dañar al objetivo, este Ataque inflije +1 de daño."]) == 1
    err = capsys.readouterr().err
    assert "no se entiende «inflije»" in err and "^" in err and "«inflige»" in err and "Traceback" not in err


def test_parse_cli_shows_an_action(capsys: pytest.CaptureFixture[str]) -> None:
    line = "(1) Garra Afilada (Ml 6r / Rg y1 / Rst Df): El objetivo sufre 2/3/4 de daño."
    assert main(["parse", "--game", "malifaux", "--json", line]) == 0
    assert json.loads(capsys.readouterr().out) == GRAMMAR.parse(line)


def test_grammar_is_lossless_and_schema_current() -> None:
    assert GRAMMAR.model.lossy_alternatives() == []
    assert GRAMMAR.model.role_collisions() == []
    assert main(["grammar", "schema", "--game", "malifaux", "--check"]) == 0
