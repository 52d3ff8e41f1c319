"""Conditions in front of static abilities («While this character is exerted,», «During your turn,»…)."""

from __future__ import annotations

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


def holds(prefixes: list[dict[str, Any]], state: State, source: Instance) -> bool | None:
    """Whether every prefix holds now; ``None`` if one of them is beyond this checker."""

    for prefix in prefixes:
        fields = prefix.get("prefix", {})
        if "timing" in fields:
            timing = fields["timing"]
            if "during" in timing and "your_turn" in timing["during"].get("turn_ref", {}):
                if state.active != source.owner:
                    return False
                continue
            return None
        condition = fields.get("condition", {}).get("while_condition") or fields.get("condition", {}).get(
            "if_condition")
        if condition is None:
            return None
        ((kind, cond),) = condition["cond"].items()
        if kind == "is_state" and _is_self(cond.get("subject_np", {})):
            state_kind = next(iter(cond["state"]))
            value = {"exerted": source.exerted, "ready": not source.exerted, "damaged": source.damage > 0,
                     "at_location": source.at is not None}.get(state_kind)
            if value is None:
                return None
            if not value:
                return False
        elif kind in ("has_no_damage", "has_damage") and _is_self(cond.get("subject_np", {})):
            if (source.damage == 0) != (kind == "has_no_damage"):
                return False
        elif kind == "you_have" and supported(cond["card_np"]):
            wanted = _count(cond["card_np"])
            found = [c for c in state.in_play(source.owner) if matches(cond["card_np"], c, source)]
            if len(found) < wanted:
                return False
        else:
            return None
    return True
