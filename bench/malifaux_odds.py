"""Malifaux: time to enumerate the exact odds of every net modifier (−3…+3) and the Malifaux scenario suite."""

from __future__ import annotations

import time

from bench import scenario_suite
from checker.games.malifaux.odds import flip_odds


def main() -> None:
    for net in range(-3, 4):
        start = time.perf_counter()
        odds = flip_odds(net)
        elapsed = time.perf_counter() - start
        print(f"malifaux odds net {net:+d}: {odds.cards} cartas, esperado {float(odds.expected):.4f}, "
              f"{elapsed * 1000:.0f} ms")
    scenario_suite.report("malifaux")
