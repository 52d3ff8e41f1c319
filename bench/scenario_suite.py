"""Time one game's scenario suite (``tests/scenarios/<game>/``)."""

from __future__ import annotations

import time
from pathlib import Path

from checker.scenario.loader import load_file, scenario_files
from checker.scenario.runner import run

SCENARIOS = Path(__file__).resolve().parent.parent / "tests" / "scenarios"


def report(game: str) -> None:
    """Print how long the whole suite of ``game`` takes to load and run."""
    start = time.perf_counter()
    results = [run(s) for path in scenario_files([SCENARIOS / game]) for s in load_file(path)]
    elapsed = time.perf_counter() - start
    print(f"{game}: suite de {len(results)} escenarios en {elapsed * 1000:.0f} ms")
