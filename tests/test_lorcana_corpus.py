"""The real card pool (../shared/corpora, read at run time): coverage can only go up; the report is current."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from checker.game import games
from checker.grammar.errors import ParseError
from checker.grammar.validate import schema_validator, validate_lines
from checker.paths import GRAMMAR_DIR, PROJECT_ROOT

CORPUS = PROJECT_ROOT.parent / "shared" / "corpora" / "lorcana" / "allCards.en.json"


@pytest.fixture(scope="module")
def summary():  # type: ignore[no-untyped-def]
    if not CORPUS.is_file():
        pytest.fail(f"falta el corpus {CORPUS}: la carpeta shared/ debe estar junto al proyecto")
    game = games()["lorcana"]
    assert game.read_cards is not None
    cards, lines = game.read_cards(CORPUS)
    return validate_lines(game, cards, lines)


def test_coverage_never_goes_down(summary) -> None:  # type: ignore[no-untyped-def]
    recorded = json.loads((GRAMMAR_DIR / "lorcana.coverage.json").read_text(encoding="utf-8"))
    assert summary.abilities == recorded["abilities"]
    assert summary.parsed >= recorded["parsed"]
    assert summary.roundtrip_exact >= recorded["roundtrip_exact"]
    print(f"\ncorpus Lorcana: {summary.parsed}/{summary.abilities} analizadas, "
          f"{summary.roundtrip_exact} idénticas en ida y vuelta")


def test_failure_report_is_current(summary) -> None:  # type: ignore[no-untyped-def]
    rows = [line.split(" | ") for line in (GRAMMAR_DIR / "lorcana.failures.md").read_text(encoding="utf-8")
            .splitlines() if line.startswith("| ") and not line.startswith("| carta")]
    listed = Counter((row[0][2:], row[1]) for row in rows)
    current = Counter((f["card"], f["kind"]) for f in summary.failures)
    assert listed == current, "regenera grammar/lorcana.failures.md con «make coverage»"


def test_every_structure_validates_with_jsonschema() -> None:
    """The reference validator accepts every structure the compiled one accepted during the corpus run."""
    game = games()["lorcana"]
    assert game.read_cards is not None and game.grammar is not None
    reference = schema_validator("lorcana")
    _, lines = game.read_cards(CORPUS)
    checked = 0
    for line in lines:
        try:
            structure = game.grammar.parse(line.text)
        except ParseError:
            continue
        assert reference.is_valid(structure), line.card
        checked += 1
    assert checked > 1800
