"""The action loop shared by games whose actions are handlers over a table: each returns a verdict and a result."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from checker.errors import ReglasError
from checker.scenario.model import Refused, Verdict

T = TypeVar("T")
Handler = Callable[[T, dict[str, Any]], tuple[Verdict, dict[str, Any]]]


@dataclass
class Played:
    """The last action's verdict and result, and problems of the scenario (an earlier action was illegal)."""

    verdict: Verdict = field(default_factory=lambda: Verdict(True, [], "sin acciones"))
    result: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def scenario_actions(data: dict[str, Any]) -> list[dict[str, Any]]:
    """``actions``, or the single ``action``, of a scenario."""
    return list(data.get("actions") or ([data["action"]] if "action" in data else []))


def play_actions(table: T, actions: list[dict[str, Any]], handlers: Mapping[str, Handler[T]], game: str) -> Played:
    """Run the actions in order; every one but the last must be legal (a refusal is an illegal verdict)."""
    played = Played()
    for index, action in enumerate(actions):
        kind = str(action.get("type"))
        handler = handlers.get(kind)
        if handler is None:
            raise ReglasError(f"actions[{index}].type: «{kind}» no es una acción de {game}",
                              fix=f"usa {', '.join(handlers)}")
        try:
            played.verdict, played.result = handler(table, action)
        except Refused as refused:
            played.verdict, played.result = refused.verdict(), {}
        if not played.verdict.legal and index < len(actions) - 1:
            played.notes.append(f"la acción {index + 1} ({kind}) es ilegal y solo la última puede serlo: "
                                f"{played.verdict.message}")
            break
    return played
