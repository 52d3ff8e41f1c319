"""The action loop shared by every game: handlers over a table, each returning a verdict and a result.

Actions are all-or-nothing: each runs on a copy of the table, and the copy replaces the table only when the action
is legal. An action ruled illegal, by its verdict or by raising :class:`Refused` at any depth, leaves the table
exactly as it was before it.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from checker.errors import ReglasError
from checker.scenario.model import Refused, Verdict
from checker.scenario.observe import plain

T = TypeVar("T")
Handler = Callable[[T, dict[str, Any]], tuple[Verdict, dict[str, Any]]]
#: Everything a table holds, as plain nested data (:func:`checker.scenario.observe.plain`).
Observation = Any


@dataclass
class Played(Generic[T]):
    """The table after the legal actions, the last action's verdict and result, and problems of the scenario (an
    earlier action was illegal)."""

    table: T
    verdict: Verdict = field(default_factory=lambda: Verdict(True, [], "sin acciones"))
    result: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    #: The table as observed just before the last action ran, and at the end (``expect.unchanged``).
    before: Observation | None = None
    after: Observation | None = None
    #: The rules the earlier actions' verdicts cited, in order: a scenario pins what decided any of its actions.
    earlier: list[str] = field(default_factory=list)


def scenario_actions(data: dict[str, Any]) -> list[dict[str, Any]]:
    """``actions``, or the single ``action``, of a scenario."""
    return list(data.get("actions") or ([data["action"]] if "action" in data else []))


def play_actions(table: T, actions: list[dict[str, Any]], handlers: Mapping[str, Handler[T]],
                 game: str) -> Played[T]:
    """Run the actions in order, each all-or-nothing; every one but the last must be legal (a refusal is an
    illegal verdict). ``Played.table`` is the table after the legal ones; ``table`` itself is never changed."""
    played = Played(table)
    for index, action in enumerate(actions):
        played.before = plain(played.table)
        if not isinstance(action, dict):
            raise ReglasError(f"actions[{index}]: una acción es un mapa con «type»", fix="escribe «- type: …»")
        kind = str(action.get("type"))
        handler = handlers.get(kind)
        if handler is None:
            raise ReglasError(f"actions[{index}].type: «{kind}» no es una acción de {game}",
                              fix=f"usa {', '.join(handlers)}")
        work = copy.deepcopy(played.table)
        played.earlier += [rule for rule in played.verdict.rules if rule not in played.earlier] if index else []
        try:
            played.verdict, played.result = handler(work, action)
        except Refused as refused:
            played.verdict, played.result = refused.verdict(), {}
        if played.verdict.legal:
            played.table = work
        if not played.verdict.legal and index < len(actions) - 1:
            played.notes.append(f"la acción {index + 1} ({kind}) es ilegal y solo la última puede serlo: "
                                f"{played.verdict.message}")
            break
    played.after = plain(played.table)
    return played
