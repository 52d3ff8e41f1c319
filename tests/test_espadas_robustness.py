"""Incomplete Espadas scenarios give a clear error or a verdict, never an internal error."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from checker.errors import ReglasError
from checker.game import find_game
from checker.scenario.loader import load_file, scenario_files

SCENARIOS = Path(__file__).resolve().parent / "scenarios" / "espadas"


def mutilated() -> Iterator[tuple[str, dict[str, Any]]]:
    """Every scenario with one key of one action, or one top-level key of its state, removed."""
    for path in scenario_files([SCENARIOS]):
        for scenario in load_file(path):
            data = scenario.data
            actions = data.get("actions") or [data["action"]]
            for index, action in enumerate(actions):
                for key in action:
                    if key != "type":
                        broken = copy.deepcopy(data)
                        target = broken["actions"][index] if "actions" in broken else broken["action"]
                        del target[key]
                        yield f"{scenario.id}:actions[{index}].{key}", broken
            for key in data.get("state") or {}:
                broken = copy.deepcopy(data)
                del broken["state"][key]
                yield f"{scenario.id}:state.{key}", broken


def test_missing_keys_never_crash() -> None:
    run = find_game("espadas").run_scenario
    assert run is not None
    tried = 0
    for label, data in mutilated():
        tried += 1
        try:
            run(data)
        except ReglasError as error:
            assert error.what and error.fix, label
        except Exception as error:
            pytest.fail(f"{label}: error interno {type(error).__name__}: {error}")
    assert tried > 150
