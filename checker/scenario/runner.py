"""Run scenarios and compare the outcome with what they expect."""

from __future__ import annotations

from typing import Any

from checker.errors import Location, ReglasError
from checker.game import games
from checker.scenario.model import Outcome, Result, Scenario


def run(scenario: Scenario) -> Result:
    """Run one scenario; an invalid scenario raises :class:`ReglasError` with its place."""
    game = games()[scenario.game]
    assert game.run_scenario is not None
    try:
        outcome = game.run_scenario(scenario.data)
    except ReglasError as error:
        if error.where is None:
            error.where = scenario.where
        elif isinstance(error.where, str):
            error.where = Location(scenario.where.path, scenario.where.line)
        raise
    return Result(scenario, outcome, compare(scenario.data.get("expect", {}), outcome))


def compare(expect: dict[str, Any], outcome: Outcome) -> list[str]:
    """Mismatches between ``expect`` and the outcome (Spanish)."""
    problems = list(outcome.notes)
    verdict = outcome.verdict
    if "legal" in expect and bool(expect["legal"]) != verdict.legal:
        said = "legal" if verdict.legal else "ilegal"
        problems.append(f"se esperaba {'legal' if expect['legal'] else 'ilegal'} y el comprobador dice {said}"
                        + (f" ({verdict.message})" if verdict.message else ""))
    missing = [r for r in expect.get("rules", []) if r not in verdict.rules]
    if missing:
        problems.append(f"faltan las reglas {', '.join(missing)} (citadas: {', '.join(verdict.rules) or 'ninguna'})")
    for ref, wanted in (expect.get("state") or {}).items():
        seen = outcome.cards.get(ref)
        if seen is None:
            problems.append(f"no hay ninguna carta «{ref}»")
            continue
        for key, value in wanted.items():
            if seen.get(key) != value:
                problems.append(f"{ref}.{key}: se esperaba {value!r} y es {seen.get(key)!r}")
    for player, wanted in (expect.get("players") or {}).items():
        seen = outcome.players.get(player, {})
        for key, value in wanted.items():
            if seen.get(key) != value:
                problems.append(f"{player}.{key}: se esperaba {value!r} y es {seen.get(key)!r}")
    if "winner" in expect and expect["winner"] != outcome.winner:
        problems.append(f"ganador: se esperaba {expect['winner']!r} y es {outcome.winner!r}")
    if "bag" in expect and list(expect["bag"]) != outcome.bag:
        problems.append(f"bolsa: se esperaba {expect['bag']!r} y es {outcome.bag!r}")
    problems += _compare_result(expect.get("result") or {}, outcome.result, "result")
    if "unresolved" in expect and list(expect["unresolved"]) != outcome.unresolved:
        problems.append(f"efectos sin resolver: se esperaba {expect['unresolved']!r} y es {outcome.unresolved!r}")
    return problems


def _compare_result(wanted: dict[str, Any], seen: dict[str, Any], path: str) -> list[str]:
    """Key by key, nested dicts compared by their keys only."""
    problems = []
    for key, value in wanted.items():
        got = seen.get(key)
        if isinstance(value, dict) and isinstance(got, dict):
            problems += _compare_result(value, got, f"{path}.{key}")
        elif got != value:
            problems.append(f"{path}.{key}: se esperaba {value!r} y es {got!r}")
    return problems
