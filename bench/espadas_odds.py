"""Espadas: time to compute the exact odds of paying costs with optimal rerolls, and the Espadas scenario suite."""

from __future__ import annotations

import time

from bench import scenario_suite
from checker.games.espadas.odds import p_pay

CASES = [("GGB", 5, 1), ("RRB", 5, 1), ("BB", 5, 2), ("RGB", 6, 3), ("GGBB", 8, 4), ("RRGGB", 10, 6)]


def main() -> None:
    for cost, dice, rerolls in CASES:
        counts = (cost.count("R"), cost.count("G"), cost.count("B"))
        start = time.perf_counter()
        chance = p_pay(counts, dice, rerolls)
        elapsed = time.perf_counter() - start
        print(f"espadas odds {cost} con {dice} dados y {rerolls} repeticiones: {float(chance):.4f}, "
              f"{elapsed * 1000:.0f} ms")
    scenario_suite.report("espadas")
