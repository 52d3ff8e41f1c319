"""Malifaux: time to enumerate the exact odds of every net modifier (−3…+3) and the Malifaux scenario suite."""

from __future__ import annotations

import time
from pathlib import Path

from checker.games.malifaux.odds import flip_odds
from checker.scenario.loader import load_file, scenario_files
from checker.scenario.runner import run

SCENARIOS = Path(__file__).resolve().parent.parent / "tests" / "scenarios" / "malifaux"


def main() -> None:
    for net in range(-3, 4):
        start = time.perf_counter()
        odds = flip_odds(net)
        elapsed = time.perf_counter() - start
        print(f"malifaux odds net {net:+d}: {odds.cards} cartas, esperado {float(odds.expected):.4f}, "
              f"{elapsed * 1000:.0f} ms")
    start = time.perf_counter()
    results = [run(s) for path in scenario_files([SCENARIOS]) for s in load_file(path)]
    elapsed = time.perf_counter() - start
    print(f"malifaux: suite de {len(results)} escenarios en {elapsed * 1000:.0f} ms")
