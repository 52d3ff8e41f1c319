"""The Lorcana card-text grammar: typed structures, schema, exact round trips, errors in Spanish."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from checker.cli import main
from checker.games.lorcana.grammar import GRAMMAR
from checker.games.lorcana.reminders import check_reminders
from checker.grammar.errors import ParseError
from checker.grammar.validate import fast_check, schema_validator
from checker.grammar.walk import find
from tests.grammar_lines import line_cases


def _cases() -> list[tuple[str, list[str]]]:
    return line_cases("lorcana")


def test_structure_of_a_damage_effect() -> None:
    structure = GRAMMAR.parse("Deal 2 damage to chosen opposing character with 3 ¤ or less.")
    (deal,) = find(structure, "deal_damage")
    assert deal["amount"] == {"number": {"number": 2}}
    assert find(deal, "stat_filter")[0]["stat_threshold"] == {
        "stat_threshold": {"number": 3, "stat_symbol": "¤", "more_less": "less"}}


def test_symbols_and_spanish_names_are_accepted() -> None:
    english = GRAMMAR.parse("Chosen character gets +2 ¤ this turn.")
    braces = GRAMMAR.parse("Chosen character gets +2 {S} this turn.")
    assert english == braces
    assert find(GRAMMAR.parse("Evasivo"), "simple_keyword")


def test_reminder_must_match_its_keyword() -> None:
    assert check_reminders(GRAMMAR.parse("Challenger +2 (While challenging, this character gets +2 ¤.)")) == []
    wrong = check_reminders(GRAMMAR.parse("Challenger +2 (While challenging, this character gets +3 ¤.)"))
    assert wrong and "lorcana:8.5" in wrong[0]


@pytest.mark.parametrize(("text", "line", "column", "suggestion"), [
    ("Challengr +2", 1, 11, "Challenger +2"),
    ("Draw a crad.", 1, 8, "Draw a card."),
    ("Deal 2 damage to chosen character", 1, 34, None),
    ("When you play this character draw a card.", 1, 30, None),
])
def test_errors_point_at_the_problem(text: str, line: int, column: int, suggestion: str | None) -> None:
    with pytest.raises(ParseError) as info:
        GRAMMAR.parse(text)
    error = info.value
    assert (error.line, error.column) == (line, column)
    assert error.expected
    assert error.suggestion == suggestion
    assert "^" in error.message()


def test_parse_cli_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse", "Gain 1 lore."]) == 0
    assert "gain_lore" in capsys.readouterr().out
    assert main(["parse", "--json", "Gain 1 lore."]) == 0
    assert json.loads(capsys.readouterr().out) == GRAMMAR.parse("Gain 1 lore.")
    assert main(["parse", "Gane 1 lore."]) == 1
    err = capsys.readouterr().err
    assert "1:6" in err and "¿Quisiste decir «Gain 1 lore.»?" in err and "Traceback" not in err


def test_validate_plain_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "lines.txt"
    source.write_text("Draw a card.\n# comment\nGain 2 lore.\nNot card text at all.\n", encoding="utf-8")
    assert main(["validate", "--game", "lorcana", str(source), "--json"]) == 1
    summary = json.loads(capsys.readouterr().out)
    assert {k: summary[k] for k in ("cards", "abilities", "parsed", "roundtrip_exact")} == {
        "cards": 3, "abilities": 3, "parsed": 2, "roundtrip_exact": 2}
    assert summary["failures"][0]["card"] == "línea 4"


def test_validate_bad_input_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "cards.json"
    broken.write_text("{not json", encoding="utf-8")
    assert main(["validate", "--game", "lorcana", str(broken)]) == 2
    assert "JSON no válido" in capsys.readouterr().err
    assert main(["validate", "--game", "chess", str(broken)]) == 2
    assert "no hay ningún juego «chess»" in capsys.readouterr().err


def test_grammar_is_lossless_and_schema_current() -> None:
    assert GRAMMAR.model.lossy_alternatives() == []
    assert GRAMMAR.model.role_collisions() == []
    assert main(["grammar", "schema", "--check"]) == 0


def _corruptions(structure: object, rng: random.Random) -> list[object]:
    """Invalid variants: a node renamed, a role renamed, a token of the wrong type."""
    text = json.dumps(structure)
    out = []
    for old, new in (('"number": ', '"number": "x", "zz": '), ('{"start"', '{"begin"'), ('"draw"', '"drw"'),
                     ('"card_np"', '"cardnp"'), (': 2', ': "2"')):
        if old in text:
            out.append(json.loads(text.replace(old, new, 1)))
    return out


def test_compiled_schema_agrees_with_jsonschema() -> None:
    reference = schema_validator("lorcana")
    fast = fast_check("lorcana")
    rng = random.Random(7)
    for text, _ in _cases():
        structure = GRAMMAR.parse(text)
        assert fast(structure) and reference.is_valid(structure)
        for broken in _corruptions(structure, rng):
            assert fast(broken) == reference.is_valid(broken), broken
