"""One test body for every game with a grammar: its fixture lines parse into the schema and round-trip exactly."""

from __future__ import annotations

import pytest

from checker.game import games
from checker.grammar.validate import schema_validator
from checker.grammar.walk import nodes
from tests.grammar_lines import DATA, line_cases

CASES = [(game_id, text, types) for game_id, game in sorted(games().items())
         if game.grammar is not None and (DATA / f"{game_id}_lines.tsv").exists()
         for text, types in line_cases(game_id)]


def test_every_grammar_has_fixture_lines() -> None:
    with_grammar = {g for g, game in games().items() if game.grammar is not None}
    assert with_grammar <= {game_id for game_id, _, _ in CASES}


@pytest.mark.parametrize(("game_id", "text", "types"), CASES)
def test_line(game_id: str, text: str, types: list[str]) -> None:
    grammar = games()[game_id].grammar
    assert grammar is not None
    structure = grammar.parse(text)
    assert not list(schema_validator(game_id).iter_errors(structure))
    found = {kind for kind, _ in nodes(structure)}
    assert set(types) <= found, sorted(found)
    assert grammar.comparable(grammar.render(structure)) == grammar.comparable(text)
