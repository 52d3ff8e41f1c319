"""Legality checks per second on a mid-game state (target ≥ 50,000/s on one core) and the suite's wall time."""

from __future__ import annotations

import time
from pathlib import Path

from checker.games.lorcana.engine.actions import can_challenge
from checker.games.lorcana.engine.state import build
from checker.scenario.loader import load_file, scenario_files
from checker.scenario.runner import run

KEYWORDS = ["", "Evasive", "Bodyguard", "Rush", "Resist +1", "Challenger +2", "Ward", "Alert", "Reckless", "Support"]


def mid_game() -> dict[str, object]:
    cards = {f"Personaje - {i}": {"type": "character", "cost": 2 + i % 5, "strength": 1 + i % 4,
                                  "willpower": 2 + i % 5, "lore": 1 + i % 2, "text": KEYWORDS[i % len(KEYWORDS)]}
             for i in range(10)}
    play = {p: [{"ref": f"{p}-{i}", "card": f"Personaje - {i}", "exerted": (i + n) % 2 == 0}
                for i in range(8)] for n, p in enumerate(("p1", "p2"))}
    return {"cards": cards, "state": {"active": "p1", "players": {
        "p1": {"lore": 9, "inkwell": {"ready": 4, "exerted": 3}, "play": play["p1"]},
        "p2": {"lore": 11, "inkwell": {"ready": 0, "exerted": 7}, "play": play["p2"]}}}}


def main() -> None:
    state = build(mid_game())
    attackers, defenders = state.in_play("p1"), state.in_play("p2")
    checks = 0
    start = time.perf_counter()
    while time.perf_counter() - start < 2.0:
        for attacker in attackers:
            for defender in defenders:
                can_challenge(state, attacker, defender)
                checks += 1
    rate = checks / (time.perf_counter() - start)
    folder = Path(__file__).resolve().parents[1] / "tests" / "scenarios"
    start = time.perf_counter()
    results = [run(s) for path in scenario_files([folder]) for s in load_file(path)]
    suite = time.perf_counter() - start
    print(f"comprobador Lorcana: {rate:,.0f} comprobaciones de desafío/s (estado con 16 personajes); "
          f"suite de {len(results)} escenarios en {suite:.2f} s")
