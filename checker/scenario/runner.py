"""Run scenarios and compare the outcome with what they expect."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from checker.errors import Location, ReglasError
from checker.game import games
from checker.scenario.loader import load_file, scenario_files
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


@dataclass
class Report:
    """Every scenario of some files run: the results, and the files or scenarios that could not be run."""

    results: list[Result] = field(default_factory=list)
    errors: list[ReglasError] = field(default_factory=list)


def run_paths(paths: list[Path]) -> Report:
    """Run the scenarios of files and folders; a file or scenario with bad input is reported and the rest still
    run."""
    report = Report()
    for path in scenario_files(paths):
        try:
            scenarios = load_file(path)
        except ReglasError as error:
            report.errors.append(error)
            continue
        for scenario in scenarios:
            try:
                report.results.append(run(scenario))
            except ReglasError as error:
                report.errors.append(error)
    return report


def compare(expect: dict[str, Any], outcome: Outcome) -> list[str]:
    """Mismatches between ``expect`` and the outcome (Spanish)."""
    problems = list(outcome.notes)
    verdict = outcome.verdict
    if "legal" in expect and bool(expect["legal"]) != verdict.legal:
        said = "legal" if verdict.legal else "ilegal"
        problems.append(f"se esperaba {'legal' if expect['legal'] else 'ilegal'} y el comprobador dice {said}"
                        + (f" ({verdict.message})" if verdict.message else ""))
    cited = [*verdict.rules, *outcome.earlier]
    missing = [r for r in expect.get("rules", []) if not any(c == r or c.startswith(f"{r}.") for c in cited)]
    if missing:
        before = f"; antes: {', '.join(outcome.earlier)}" if outcome.earlier else ""
        problems.append(f"faltan las reglas {', '.join(missing)} (citadas: {', '.join(verdict.rules) or 'ninguna'}"
                        f"{before})")
    for ref, wanted in (expect.get("state") or {}).items():
        seen = outcome.cards.get(ref)
        if seen is None:
            problems.append(f"no hay ninguna carta «{ref}»")
            continue
        problems += _compare_result(wanted, seen, ref)
    for player, wanted in (expect.get("players") or {}).items():
        problems += _compare_result(wanted, outcome.players.get(player, {}), player)
    if "winner" in expect and expect["winner"] != outcome.winner:
        problems.append(f"ganador: se esperaba {expect['winner']!r} y es {outcome.winner!r}")
    if "bag" in expect and list(expect["bag"]) != outcome.bag:
        problems.append(f"bolsa: se esperaba {expect['bag']!r} y es {outcome.bag!r}")
    problems += _compare_result(expect.get("result") or {}, outcome.result, "result")
    if "unchanged" in expect:
        problems += _compare_unchanged(bool(expect["unchanged"]), outcome)
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


def _compare_unchanged(wanted: bool, outcome: Outcome) -> list[str]:
    """``unchanged: true``: the last action left the table exactly as before it (an illegal action changes
    nothing); ``false``: it changed something."""
    if outcome.before is None or outcome.after is None:
        return ["«unchanged» necesita al menos una acción"]
    changes = list(_differences(outcome.before, outcome.after, ""))
    if wanted and changes:
        return ["la última acción debía dejar el estado igual y cambió " + "; ".join(changes[:8])
                + (f" (y {len(changes) - 8} más)" if len(changes) > 8 else "")]
    if not wanted and not changes:
        return ["la última acción debía cambiar el estado y lo dejó igual"]
    return []


def _differences(before: Any, after: Any, path: str) -> Iterator[str]:
    if isinstance(before, dict) and isinstance(after, dict):
        for key in [*before, *(k for k in after if k not in before)]:
            yield from _differences(before.get(key), after.get(key), f"{path}.{key}" if path else str(key))
    elif before != after:
        yield f"{path}: era {before!r} y es {after!r}"
