"""Triggered abilities: which events a card's abilities watch, and putting the matching ones into the bag."""

from __future__ import annotations

from functools import cache
from typing import Any

from checker.games.lorcana.engine.cards import CardDef
from checker.games.lorcana.engine.filters import matches, supported
from checker.games.lorcana.engine.state import Instance, State
from checker.grammar.walk import find, nodes

#: Event verbs of the grammar and the engine events they stand for.
EVENT_VERBS = {
    "quests": ("quests",), "quests_here": ("quests",), "challenges": ("challenges",),
    "is_challenged": ("is_challenged",), "is_banished": ("banished", "banished_in_challenge"),
    "is_banished_in_challenge": ("banished_in_challenge",),
    "is_challenged_and_banished": ("banished_in_challenge",), "challenges_and_is_banished": ("banished_in_challenge",),
    "moves_to_location": ("moves",), "is_dealt_damage": ("dealt_damage",),
}


#: Event node types the engine matches (about the card itself or watched on others).
SELF_EVENTS = frozenset({"you_play", "card_event"})


def _is_self(card_np: Any) -> bool:
    return any(kind == "this_card" for kind, _ in nodes(card_np))


@cache
def events_of(card: CardDef) -> tuple[tuple[str, frozenset[str]], ...]:
    """(ability name, events that trigger it) for each named triggered ability about the card itself."""
    found = []
    for structure in card.abilities:
        name = structure.get("start", {}).get("name")
        events: set[str] = set()
        for trigger in find(structure, "trigger"):
            for event in trigger.get("event", []):
                ((kind, fields),) = event.items()
                if kind == "you_play" and _is_self(fields.get("card_np")):
                    events.add("played")
                elif kind == "card_event" and _is_self(fields.get("card_np")):
                    events |= _verb_events(fields)
        for start in find(structure, "at_start_of_turn"):
            if any(kind == "your_turn" for kind, _ in nodes(start)):
                events.add("turn_start")
        for end in find(structure, "at_end_of_turn"):                       # «at the end of your turn» / «the turn»
            events.add("turn_end" if any(kind == "your_turn" for kind, _ in nodes(end)) else "any_turn_end")
        if name and events:
            found.append((str(name), frozenset(events)))
    return tuple(found)


def _verb_events(fields: dict[str, Any]) -> set[str]:
    return {e for verb_kind, _ in nodes(fields.get("event_verb", {})) for e in EVENT_VERBS.get(verb_kind, ())}


@cache
def watches_of(card: CardDef) -> tuple[tuple[str, frozenset[str], Any, bool], ...]:
    """(name, events, phrase, yours) of triggered abilities about other cards («Whenever one of your characters
    challenges», «Whenever you play a song»); ``yours``: only cards its player plays."""
    found = []
    for structure in card.abilities:
        name = structure.get("start", {}).get("name")
        for trigger in find(structure, "trigger"):
            for event in trigger.get("event", []):
                ((kind, fields),) = event.items()
                phrase = fields.get("card_np") if isinstance(fields, dict) else None
                if not name or phrase is None or _is_self(phrase):
                    continue
                if kind == "you_play":
                    found.append((str(name), frozenset({"played"}), phrase, True))
                elif kind == "card_event" and _verb_events(fields):
                    found.append((str(name), frozenset(_verb_events(fields)), phrase, False))
    return tuple(found)


def trigger(state: State, card: Instance, event: str) -> None:
    """Add to the bag the abilities that ``event`` happening to ``card`` triggers (lorcana:7.7.3): the card's own,
    then those of cards in play watching for it; a watched phrase this checker cannot read is reported."""
    for name, events in events_of(card.card):
        if event in events:
            state.bag.append(name)
            state.pending.append((name, card.ref, card.ref))
    for source in state.in_play():
        for name, events, phrase, yours in watches_of(source.card):
            if event not in events or (yours and card.owner != source.owner):
                continue
            if not supported(phrase):
                note = f"disparador no evaluado de {source.ref}: {name}"
                if note not in state.unresolved:
                    state.unresolved.append(note)
            elif matches(phrase, card, source):
                state.bag.append(name)
                state.pending.append((name, source.ref, card.ref))
