"""Held-out Lorcana scenarios, written by writers who never read the checker: how many pass can only go up (the
first-contact figure is in each file's header; the failures that remain are findings for the engine)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from checker.scenario.runner import run_paths

HELDOUT = Path(__file__).resolve().parent / "data" / "lorcana_heldout"
RECORD = json.loads((HELDOUT / "passed.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(RECORD))
def test_heldout_scenarios_do_not_regress(name: str) -> None:
    report = run_paths([HELDOUT / name])                 # as «reglas check»: a card that does not parse fails only
    passed = sum(r.passed for r in report.results)       # the scenarios that use it
    failures = [f"{r.scenario.id}: {'; '.join(r.mismatches)}" for r in report.results if not r.passed]
    failures += [str(error) for error in report.errors]
    print(f"\n{name}: {passed}/{len(report.results) + len(report.errors)}\n" + "\n".join(failures))
    assert passed >= RECORD[name], "\n".join(failures)


def test_every_heldout_file_is_recorded() -> None:
    assert {p.name for p in HELDOUT.glob("*.yaml")} == set(RECORD)
