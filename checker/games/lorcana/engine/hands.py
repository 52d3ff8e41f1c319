"""Conditions about hands: a hand is private, but any player may count the cards in it (lorcana:7.3.2), so «if you
have no cards in your hand» or «while an opponent has more cards in their hand than you» can be evaluated."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from checker.games.lorcana.engine.state import Instance, State
from checker.grammar.walk import nodes

HandCheck = Callable[[dict[str, Any], State, Instance], "bool | None"]


def _size(state: State, player: str) -> int:
    state.applied.append("lorcana:7.3.2")
    return len(state.players[player].zones["hand"])


def _someone(cond: dict[str, Any], state: State, source: Instance) -> list[str] | None:
    """The opponents «an opponent», «one or more opponents» or «each opponent» ranges over; ``None`` for a player
    phrase beyond these conditions (a chosen opponent)."""
    kinds = {kind for kind, _ in nodes(cond.get("player_np", {}))}
    if kinds & {"an_opponent", "one_or_more_opponents", "each_opponent"}:
        return state.opponents(source.owner)
    return None


def _you_have_no_cards(cond: dict[str, Any], state: State, source: Instance) -> bool | None:
    return _size(state, source.owner) == 0


def _you_have_fewer(cond: dict[str, Any], state: State, source: Instance) -> bool | None:
    return _size(state, source.owner) < int(cond["number"])


def _opponent_has_none(cond: dict[str, Any], state: State, source: Instance) -> bool | None:
    opponents = _someone(cond, state, source)
    return None if opponents is None else any(_size(state, p) == 0 for p in opponents)


def _opponent_has_more(cond: dict[str, Any], state: State, source: Instance) -> bool | None:
    opponents = _someone(cond, state, source)
    mine = _size(state, source.owner)
    return None if opponents is None else any(_size(state, p) > mine for p in opponents)


def _you_have_more(cond: dict[str, Any], state: State, source: Instance) -> bool | None:
    """«you have more cards in your hand than each opponent»."""
    if not any(kind == "each_opponent" for kind, _ in nodes(cond.get("player_np", {}))):
        return None
    mine = _size(state, source.owner)
    return all(mine > _size(state, p) for p in state.opponents(source.owner))


#: Condition node types about hands, merged into ``conditions.CONDITIONS``.
HAND_CONDITIONS: dict[str, HandCheck] = {
    "you_have_no_cards": _you_have_no_cards,
    "you_have_fewer_cards": _you_have_fewer,
    "no_cards_in_hand": _opponent_has_none,
    "no_cards_in_hands": _opponent_has_none,
    "more_cards_than_you": _opponent_has_more,
    "more_cards_than": _you_have_more,
}
