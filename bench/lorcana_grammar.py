"""The Lorcana card-text grammar over the whole corpus (target: warm parse under 1 s)."""

from __future__ import annotations

from pathlib import Path

from bench.grammar_speed import report
from checker.games.lorcana.corpus import read_lorcana_json
from checker.games.lorcana.grammar import GRAMMAR
from checker.paths import PROJECT_ROOT

CORPUS = PROJECT_ROOT.parent / "shared" / "corpora" / "lorcana" / "allCards.en.json"


def main(corpus: Path = CORPUS) -> None:
    _, lines = read_lorcana_json(corpus)
    report("Lorcana", GRAMMAR, [line.text for line in lines])
