"""The Espadas de Ceniza card-text grammar over the shared corpus and the held-out invented batches."""

from __future__ import annotations

from pathlib import Path

from bench.grammar_speed import report
from checker.games.espadas.cardtext import read_cards
from checker.games.espadas.grammar import GRAMMAR
from checker.paths import PROJECT_ROOT

CORPUS = PROJECT_ROOT.parent / "shared" / "corpora" / "espadas"
HELDOUT = PROJECT_ROOT / "tests" / "data" / "espadas_heldout"


def main(corpus: Path = CORPUS) -> None:
    _, lines = read_cards(corpus)
    invented = [line for path in sorted(HELDOUT.glob("*.txt"))
                for line in path.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    report("Espadas (corpus)", GRAMMAR, [line.text for line in lines])
    report("Espadas (tandas inventadas)", GRAMMAR, invented)
