"""Lorcana abilities in the style of the sets after our corpus, written from the CR 2.1.0 mechanics by helpers who
never read the grammar (``tests/data/lorcana_heldout_newsets``)."""

from __future__ import annotations

from pathlib import Path

from checker.games.lorcana.corpus import read_lorcana_json
from checker.games.lorcana.grammar import GRAMMAR
from checker.games.lorcana.text import normalise
from checker.paths import PROJECT_ROOT
from tests.heldout_text import check_folder, heldout_lines

FOLDER = PROJECT_ROOT / "tests" / "data" / "lorcana_heldout_newsets"
CORPUS = PROJECT_ROOT.parent / "shared" / "corpora" / "lorcana" / "allCards.en.json"


def test_heldout_batches_keep_their_coverage() -> None:
    check_folder(GRAMMAR, FOLDER, 0.95)


def test_heldout_lines_are_not_card_text() -> None:
    _, corpus = read_lorcana_json(Path(CORPUS))
    real = {line.text for line in corpus}
    copied = [line for path in FOLDER.glob("*.txt") for line in heldout_lines(path) if normalise(line) in real]
    assert copied == []
