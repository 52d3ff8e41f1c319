"""Property tests of the scenario readers of every game: any change to a real scenario gives a verdict or the
project's own error (ReglasError), never another exception, and never changes the data it was given."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from checker.errors import ReglasError
from checker.scenario.loader import load_file, load_text, scenario_files
from checker.scenario.runner import run

SCENARIOS = Path(__file__).resolve().parent / "scenarios"
GAMES = sorted(p.name for p in SCENARIOS.iterdir() if p.is_dir())

Path_ = tuple[str | int, ...]


def _scenarios(game: str) -> list[dict[str, Any]]:
    return [s.data for path in scenario_files([SCENARIOS / game]) for s in load_file(path)]


def _paths(value: Any, at: Path_ = ()) -> Iterator[Path_]:
    """Every key path inside a scenario (the envelope's id and game are left alone)."""
    if at:
        yield at
    if isinstance(value, dict):
        for key, inner in value.items():
            if at or key not in ("id", "game"):
                yield from _paths(inner, (*at, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from _paths(inner, (*at, index))


ODD_VALUES = st.one_of(
    st.sampled_from([None, 1.5, -1, 0, 10**12, -(10**12), "cinco", "", "--", [], {}, [1], {"a": 1}, True, "R" * 500,
                     float("inf"), float("nan"), "∞", "x" * 10_000]),
    st.integers(), st.text(max_size=20), st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
)
DELETE = object()


def _changed(data: dict[str, Any], path: Path_, value: Any) -> dict[str, Any]:
    broken = copy.deepcopy(data)
    parent: Any = broken
    for part in path[:-1]:
        parent = parent[part]
    if value is DELETE:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return broken


def _check_runs(data: dict[str, Any]) -> None:
    """Load the scenario as a user would write it and run it: a verdict or a ReglasError in Spanish."""
    text = yaml.safe_dump({"scenarios": [data]}, allow_unicode=True, sort_keys=False)
    try:
        for scenario in load_text(text, "fuzz.yaml"):
            given_data = copy.deepcopy(scenario.data)
            run(scenario)
            assert scenario.data == given_data, "el escenario modificó los datos de entrada"
    except ReglasError as error:
        assert error.what and error.fix, error.render()
        for english in ("should be", "is not of type", "Additional properties", "is a required property",
                        "is greater than", "is less than", "does not match", "is not valid under"):
            assert english not in error.what, error.render()


@pytest.mark.parametrize("game", GAMES)
@given(data=st.data())
def test_any_change_to_a_scenario_gives_a_verdict_or_our_error(game: str, data: st.DataObject) -> None:
    scenario = data.draw(st.sampled_from(_cached(game)), label="escenario")
    path = data.draw(st.sampled_from(list(_paths(scenario))), label="clave")
    value = data.draw(st.one_of(st.just(DELETE), ODD_VALUES), label="valor")
    _check_runs(_changed(scenario, path, value))


_CACHE: dict[str, list[dict[str, Any]]] = {}


def _cached(game: str) -> list[dict[str, Any]]:
    if game not in _CACHE:
        _CACHE[game] = _scenarios(game)
    return _CACHE[game]


def _shallow(scenario: dict[str, Any]) -> Iterator[Path_]:
    """The keys of each action and the top-level keys of the state: the ones a writer most often forgets."""
    for path in _paths(scenario):
        if (path[0] in ("action", "state") and len(path) == 2) or (path[0] == "actions" and len(path) == 3):
            yield path


@pytest.mark.parametrize("game", GAMES)
def test_every_action_or_state_key_deleted_gives_a_verdict_or_our_error(game: str) -> None:
    """Exhaustive over one kind of change: each key of each action, and each top-level key of each state, removed
    in turn (the generated test above reaches the deeper keys)."""
    tried = 0
    for scenario in _cached(game):
        for path in _shallow(scenario):
            _check_runs(_changed(scenario, path, DELETE))
            tried += 1
    assert tried > 100
