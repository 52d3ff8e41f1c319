"""Espadas: time to compute the exact odds of paying costs with optimal rerolls, and the Espadas scenario suite."""

from __future__ import annotations

import time
from pathlib import Path

from checker.games.espadas.odds import p_pay
from checker.scenario.loader import load_file, scenario_files
from checker.scenario.runner import run

SCENARIOS = Path(__file__).resolve().parent.parent / "tests" / "scenarios" / "espadas"
CASES = [("GGB", 5, 1), ("RRB", 5, 1), ("BB", 5, 2), ("RGB", 6, 3), ("GGBB", 8, 4), ("RRGGB", 10, 6)]


def main() -> None:
    for cost, dice, rerolls in CASES:
        counts = (cost.count("R"), cost.count("G"), cost.count("B"))
        start = time.perf_counter()
        chance = p_pay(counts, dice, rerolls)
        elapsed = time.perf_counter() - start
        print(f"espadas odds {cost} con {dice} dados y {rerolls} repeticiones: {float(chance):.4f}, "
              f"{elapsed * 1000:.0f} ms")
    start = time.perf_counter()
    results = [run(s) for path in scenario_files([SCENARIOS]) for s in load_file(path)]
    elapsed = time.perf_counter() - start
    print(f"espadas: suite de {len(results)} escenarios en {elapsed * 1000:.0f} ms")
