"""Conditions in front of static abilities («While this character is exerted,», «During your turn,»…)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from checker.games.lorcana.engine.filters import matches, supported
from checker.games.lorcana.engine.state import Instance, State
from checker.grammar.walk import nodes


def _is_self(subject: dict[str, Any]) -> bool:
    return any(kind == "this_card" for kind, _ in nodes(subject))


def _count(card_np: dict[str, Any]) -> int:
    for kind, fields in nodes(card_np.get("card_np", {}).get("determiner", {})):
        if kind == "at_least":
            return int(fields["number"])
    return 1


#: A condition's value now, or ``None`` when it is beyond this checker.
Check = Callable[[dict[str, Any], State, Instance], "bool | None"]


def _self_state(cond: dict[str, Any], state: State, source: Instance) -> bool | None:
    if not _is_self(cond.get("subject_np", {})):
        return None
    state_kind = next(iter(cond["state"]))
    return {"exerted": source.exerted, "ready": not source.exerted, "damaged": source.damage > 0,
            "at_location": source.at is not None}.get(state_kind)


def _damage(wanted: bool) -> Check:
    def check(cond: dict[str, Any], state: State, source: Instance) -> bool | None:
        if not _is_self(cond.get("subject_np", {})):
            return None
        return (source.damage > 0) == wanted
    return check


def _you_have(cond: dict[str, Any], state: State, source: Instance) -> bool | None:
    if not supported(cond["card_np"]):
        return None
    found = [c for c in state.in_play(source.owner) if matches(cond["card_np"], c, source)]
    return len(found) >= _count(cond["card_np"])


#: Condition node types (``cond``) of the grammar and how to evaluate them (``coverage.py`` reads it).
CONDITIONS: dict[str, Check] = {
    "is_state": _self_state,
    "has_no_damage": _damage(False),
    "has_damage": _damage(True),
    "you_have": _you_have,
}
#: Condition wrappers whose ``cond`` is evaluated («while …», «if …»).
WRAPPERS = ("while_condition", "if_condition")


def _during_your_turn(timing: dict[str, Any], state: State, source: Instance) -> bool | None:
    if "your_turn" not in timing["during"].get("turn_ref", {}):
        return None
    return state.active == source.owner


#: Timing node types in front of an ability («During your turn,»).
TIMINGS: dict[str, Check] = {"during": _during_your_turn}


def holds(prefixes: list[dict[str, Any]], state: State, source: Instance) -> bool | None:
    """Whether every prefix holds now; ``None`` if one of them is beyond this checker."""
    for prefix in prefixes:
        fields = prefix.get("prefix", {})
        if "timing" in fields:
            kind = next(iter(fields["timing"]))
            check = TIMINGS.get(kind)
            value = check(fields["timing"], state, source) if check else None
        else:
            wrapper = fields.get("condition", {})
            inner = next((wrapper[w] for w in WRAPPERS if w in wrapper), None)
            if inner is None:
                return None
            ((kind, cond),) = inner["cond"].items()
            check = CONDITIONS.get(kind)
            value = check(cond, state, source) if check else None
        if value is None:
            return None
        if not value:
            return False
    return True
