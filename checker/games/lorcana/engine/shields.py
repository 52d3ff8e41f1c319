"""One-shot replacement effects on a card (lorcana:6.5): «the next time chosen character of yours would be dealt
damage, they take no damage instead» — created by an effect, waiting on the card, used up by the first event they
replace; two instances of the same one never both apply to one event: one does, the rest cease to exist (6.5.8)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from checker.games.lorcana.engine.state import Instance, State
from checker.grammar.walk import nodes

#: What each replacing predicate makes of the damage a card would be dealt.
NEXT_DAMAGE: dict[str, Callable[[int], int]] = {"takes_no_damage_at_all": lambda amount: 0}
#: How long a waiting replacement lasts, by the duration prefix in front of it (none: until it is used).
UNTIL = {"until_start_of": "next_turn"}
#: The rules a one-shot replacement is decided by: a replacement effect (6.5.1), written with «instead» (6.5.1.1),
#: that waits for its event (6.5.3).
RULES = ("lorcana:6.5.1", "lorcana:6.5.1.1", "lorcana:6.5.3")


def _timings(statement: dict[str, Any]) -> dict[str, Any]:
    return {k: v for p in statement.get("prefix", []) for k, v in p.get("prefix", {}).get("timing", {}).items()}


def one_shot(statement: dict[str, Any]) -> tuple[dict[str, Any], str] | None:
    """(the phrase of the card it waits on, the replacing predicate) of «the next time X would be dealt damage, …
    instead», with at most a known duration in front; ``None`` for any other sentence."""
    timings = _timings(statement)
    nth = timings.get("nth_time", {})
    if not nth or set(timings) - {"nth_time", *UNTIL} or len(statement.get("prefix", [])) != len(timings):
        return None
    if not any(k == "next" for k, _ in nodes(nth.get("ordinal", {}))):
        return None
    event = nth.get("event", {}).get("card_event", {})
    if not any(k == "would_be_dealt_damage" for k, _ in nodes(event.get("event_verb", {}))):
        return None
    clauses = statement.get("clause", [])
    fields: dict[str, Any] = next(iter(clauses[0].values()), {}) if len(clauses) == 1 else {}
    predicate: dict[str, Any] = fields.get("predicate", {}) if isinstance(fields, dict) else {}
    verb = next(iter(predicate), "")
    phrase = event.get("card_np")
    return (phrase, verb) if verb in NEXT_DAMAGE and isinstance(phrase, dict) else None


def create(state: State, statement: dict[str, Any], card: Instance, key: str, player: str) -> None:
    """Put the replacement ``statement`` describes on ``card``, as ``key`` (the same effect has the same key)."""
    found = one_shot(statement)
    if found is None:
        return
    duration = next((UNTIL[k] for k in _timings(statement) if k in UNTIL), "play")
    until = f"next_turn:{player}" if duration == "next_turn" else duration
    card.shields.append((key, found[1], until))
    state.cite(*RULES, *(["lorcana:6.1.13.3"] if duration == "next_turn" else []))


def absorb(state: State, target: Instance, amount: int) -> int:
    """The damage ``target`` is dealt after a waiting replacement of its own replaces the event (used up, with every
    other instance of the same effect, 6.5.8); ``amount`` unchanged when none waits."""
    if amount <= 0 or not target.shields:
        return amount
    key, verb, _ = target.shields[0]
    same = [s for s in target.shields if s[0] == key]
    target.shields = [s for s in target.shields if s[0] != key]
    state.cite(*RULES, "lorcana:6.5.4", *(["lorcana:6.5.8"] if len(same) > 1 else []))
    return NEXT_DAMAGE[verb](amount)
