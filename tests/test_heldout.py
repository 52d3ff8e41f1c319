"""Held-out Lorcana scenarios, written by writers who never read the checker: how many pass can only go up (the
first-contact figure is in each file's header; the failures that remain are findings for the engine)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from checker.scenario.loader import load_file
from checker.scenario.runner import run

HELDOUT = Path(__file__).resolve().parent / "data" / "lorcana_heldout"
RECORD = json.loads((HELDOUT / "passed.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(RECORD))
def test_heldout_scenarios_do_not_regress(name: str) -> None:
    results = [run(scenario) for scenario in load_file(HELDOUT / name)]
    passed = sum(r.passed for r in results)
    failures = [f"{r.scenario.id}: {'; '.join(r.mismatches)}" for r in results if not r.passed]
    print(f"\n{name}: {passed}/{len(results)}\n" + "\n".join(failures))
    assert passed >= RECORD[name], "\n".join(failures)


def test_every_heldout_file_is_recorded() -> None:
    assert {p.name for p in HELDOUT.glob("*.yaml")} == set(RECORD)
