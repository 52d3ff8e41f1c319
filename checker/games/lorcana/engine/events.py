"""Triggered abilities: which events a card's abilities watch, and putting the matching ones into the bag."""

from __future__ import annotations

from functools import cache
from typing import Any

from checker.games.lorcana.engine.cards import CardDef
from checker.games.lorcana.engine.counts import OTHER
from checker.games.lorcana.engine.filters import matches, supported
from checker.games.lorcana.engine.state import Instance, State
from checker.games.lorcana.engine.turns import SCOPES, whose_turn
from checker.grammar.walk import find, nodes

#: Event verbs of the grammar and the engine events they stand for.
EVENT_VERBS = {
    "quests": ("quests",), "quests_here": ("quests",), "challenges": ("challenges",),
    "is_challenged": ("is_challenged",), "is_banished": ("banished", "banished_in_challenge"),
    "is_banished_in_challenge": ("banished_in_challenge",),
    "is_challenged_and_banished": ("banished_in_challenge",), "challenges_and_is_banished": ("banished_in_challenge",),
    "moves_to_location": ("moves",), "moves_here": ("moves",), "is_dealt_damage": ("dealt_damage",),
    "banishes_in_challenge": ("banishes_in_challenge",),                    # lorcana:1.8.1.4 «banished by»
    "sings_song": ("sings",), "leaves_play": ("leaves_play",),
    "is_returned_to_hand": ("returned_to_hand",), "is_returned_to_their_hand": ("returned_to_hand",),
    "is_returned": ("returned_to_hand",),
}

#: Event verbs whose other card is the ability's own card («Whenever a character of yours moves here»).
_HERE: dict[str, Any] = {"moves_here": {"card_np": {"self_ref": {"this_card": {"card_noun": {"location": {}}}}}}}

#: Zones a card can be «put into» as an event («Whenever a card is put into your inkwell»): the engine event and
#: whose cards it watches.
ZONE_EVENTS = {"your_inkwell": ("inked", "yours"), "their_inkwell": ("inked", "opponent")}

#: Event node types the engine matches (about the card itself or watched on others) and whose cards they watch
#: when the phrase names other cards: ``yours`` (cards its player plays), ``opponent``, ``any`` (the phrase says).
SELF_EVENTS = {"you_play": "yours", "card_event": "any", "opponent_plays": "opponent", "card_put_into": "zone",
               "opponent_puts_into": "zone",
               "you_draw": "yours", "you_move": "yours", "opponent_moves": "opponent", "you_put_into": "zone",
               "you_ready": "any",
               "you_remove_damage": "any", "opponent_draws": "opponent", "you_discard": "yours",
               "opponent_discards": "opponent"}
#: The engine event of the event node types about playing, drawing or discarding a card (the others: their verb,
#: their zone).
PLAY_EVENTS = {"you_play": "played", "opponent_plays": "played", "you_draw": "drawn", "you_move": "moves",
               "opponent_moves": "moves",
               "you_ready": "readied", "you_remove_damage": "damage_removed", "opponent_draws": "drawn",
               "you_discard": "discarded", "opponent_discards": "discarded"}
#: Event node types that can be about the card itself («whenever you ready this character»), and their event.
OWN_ACTS = {"you_play": "played", "you_ready": "readied", "you_remove_damage": "damage_removed"}

#: The rules of an event when it triggers something: playing the card itself (4.3.4.1), cards leaving play, whose
#: triggers are checked as they leave, together (7.4.3).
EVENT_RULES = {"played": ("lorcana:4.3.4.1",), "banished": ("lorcana:7.4.3",),
               "banished_in_challenge": ("lorcana:7.4.3",), "leaves_play": ("lorcana:7.4.3",)}

#: Scopes after a trigger («… during your turn», «… this turn» on an action: a floating trigger, lorcana:6.2.7.1).
TRIGGER_SCOPES = frozenset({"during_scope", "this_turn_scope"})

#: Zone changes that are events: (from zone, to zone) → engine event («leaves play», «put into the inkwell»).
_MOVES = {("play", "discard"): "leaves_play", ("play", "hand"): "leaves_play", ("play", "deck"): "leaves_play",
          ("play", "inkwell"): "leaves_play", ("hand", "discard"): "discarded"}

Watch = tuple[frozenset[str], Any, str]
#: Phrase node types about songs, an action with the Song classification (lorcana:5.4.4.1).
_SONGS = frozenset({"song", "songs", "not_a_song"})


def beyond(kind: str, fields: Any) -> bool:
    """An event the engine does not generate as written: «remove 2 or more damage» (it knows «1 or more»)."""
    return kind == "you_remove_damage" and str(fields.get("number")) != "1"


def _is_self(fields: Any) -> bool:
    """The event is about the card itself: «this character», or a pronoun («when he leaves play»)."""
    if not isinstance(fields, dict):
        return False
    if "card_np" not in fields and "pronoun" in fields:
        return True
    return any(kind == "this_card" for kind, _ in nodes(fields.get("card_np")))


def _verb_events(fields: dict[str, Any]) -> set[str]:
    return {e for verb_kind, _ in nodes(fields.get("event_verb", {})) for e in EVENT_VERBS.get(verb_kind, ())}


def put_under(fields: Any) -> Any:
    """«Whenever you put a card under [X]»: the phrase of X, the card a card is put under (lorcana:8.4.1); ``None``
    for any other event."""
    if not isinstance(fields, dict) or "destination" in fields:
        return None
    modifiers = fields.get("card_np", {}).get("card_np", {}).get("post_modifier", [])
    found = [m["under"].get("target") for m in modifiers if isinstance(m, dict) and "under" in m]
    return found[0] if len(found) == 1 and isinstance(found[0], dict) else None


def _under_itself(fields: Any) -> bool:
    target = put_under(fields)
    return target is not None and ("pronoun" in target or any(k == "this_card" for k, _ in nodes(target)))


def watch(kind: str, fields: Any) -> Watch | None:
    """(events, phrase, whose) of an event about other cards; ``None`` when it is about the card itself or beyond
    the engine."""
    if not isinstance(fields, dict) or kind not in SELF_EVENTS or _is_self(fields) or _under_itself(fields) \
            or beyond(kind, fields):
        return None
    phrase = fields.get("card_np")
    whose = SELF_EVENTS[kind]
    if phrase is None:
        return None
    if kind == "you_put_into" and put_under(fields) is not None:          # the card it goes under: the event's
        return frozenset({"put_under"}), put_under(fields), "yours"
    if kind in ("card_put_into", "you_put_into", "opponent_puts_into"):
        zone = next((z for z, _ in nodes(fields.get("destination", {})) if z in ZONE_EVENTS), None)
        if zone is None or (zone == "their_inkwell") != (kind == "opponent_puts_into"):
            return None                                                      # «their» inkwell: the opponent's
        event, whose = ZONE_EVENTS[zone]
        return frozenset({event}), phrase, whose
    if kind == "card_event":
        events = _verb_events(fields)
        here = "while_here" in fields or any(k == "while_here" for k, _ in nodes(fields.get("event_verb", {})))
        whose = "here" if here else whose                                    # «… while here»: at this location
        return (frozenset(events), phrase, whose) if events else None
    if any(k == "here" for k, _ in nodes(fields.get("destination_place", {}))):
        whose = "here"                                                       # «… move a character here»: to it
    return frozenset({PLAY_EVENTS[kind]}), phrase, whose


def _scope(trigger: dict[str, Any]) -> str:
    """«during your turn» after the trigger: only then; ``""`` without a scope."""
    scope = trigger.get("trigger_scope", {})
    if "during_scope" not in scope:
        return ""
    yours = whose_turn(scope)
    return "unread" if yours is None else SCOPES[yours]


def own_events(structure: dict[str, Any]) -> frozenset[str]:
    """The events about the card itself that trigger one ability («when you play this character», «whenever he
    quests», «at the start of your turn»)."""
    events: set[str] = set()
    for trigger in find(structure, "trigger"):
        found: set[str] = set()
        for event in trigger.get("event", []):
            ((kind, fields),) = event.items()
            if kind in OWN_ACTS and _is_self(fields) and not beyond(kind, fields):
                found.add(OWN_ACTS[kind])
            elif kind == "you_put_into" and _under_itself(fields):          # «… put a card under this character»
                found.add("put_under")
            elif kind == "card_event" and _is_self(fields):
                found |= _verb_events(fields)
        scope = _scope(trigger)                                              # «… during your turn»: only then
        events |= {f"{e}@{scope}" if scope else e for e in found}
    for start in find(structure, "at_start_of_turn"):
        if any(kind == "your_turn" for kind, _ in nodes(start)):
            events.add("turn_start")
    for end in find(structure, "at_end_of_turn"):                           # «at the end of your turn» / «the turn»
        events.add("turn_end" if any(kind == "your_turn" for kind, _ in nodes(end)) else "any_turn_end")
    return frozenset(events)


@cache
def events_of(card: CardDef) -> tuple[tuple[str, frozenset[str]], ...]:
    """(ability name, events that trigger it) for each named triggered ability about the card itself."""
    found = []
    for structure in card.abilities:
        name = structure.get("start", {}).get("name")
        events = own_events(structure)
        if name and events:
            found.append((str(name), events))
    return tuple(found)


@cache
def watches_of(card: CardDef) -> tuple[tuple[str, frozenset[str], Any, str, str], ...]:
    """(name, events, phrase, whose, scope) of triggered abilities about other cards («Whenever one of your
    characters challenges», «Whenever you play a song», «Whenever an opponent plays a character»)."""
    found = []
    for structure in card.abilities:
        name = structure.get("start", {}).get("name")
        for trigger in find(structure, "trigger"):
            for event in trigger.get("event", []):
                ((kind, fields),) = event.items()
                watched = watch(kind, fields)
                if name and watched is not None:
                    found.append((str(name), *watched, _scope(trigger)))
    return tuple(found)


#: «During your turn, whenever …»: a trigger that also has a duration works only while both apply (lorcana:6.1.13.1,
#: 6.1.13.6).
DURING_TRIGGER = ("lorcana:6.1.13.1", "lorcana:6.1.13.6")


def _whose(whose: str, card: Instance, source: Instance) -> bool:
    if whose == "here":
        return card.at == source.ref
    return whose == "any" or (whose == "yours") == (card.owner == source.owner)


def _related(event: str, events: frozenset[str]) -> bool:
    """Whether an ability watches an event of the same family («banished» and «banished in a challenge»): when the
    event happens and the ability does not trigger, its trigger condition decided it (lorcana:6.2.1)."""
    family = event.split("_")[0]
    return any(e.split("@")[0].split("_")[0] == family for e in events)


@cache
def objects_of(card: CardDef) -> dict[str, tuple[Any, ...]]:
    """The phrases of the other card an ability's event names, by ability name («… challenges another character»,
    «… is challenged by a Pirate character»): the event triggers it only when that card fits."""
    found: dict[str, tuple[Any, ...]] = {}
    for structure in card.abilities:
        name = structure.get("start", {}).get("name")
        for kind, fields in nodes(find(structure, "trigger")):
            if kind in EVENT_VERBS and isinstance(fields, dict) and isinstance(fields.get("card_np"), dict) and name:
                found[str(name)] = (*found.get(str(name), ()), fields["card_np"])
            elif kind in _HERE and name:                                     # «… moves here»: to this location
                found[str(name)] = (*found.get(str(name), ()), _HERE[kind])
    return found


def _object_fits(state: State, name: str, source: Instance, other: Instance | None) -> bool:
    """Whether the other card of the event is the one the ability names (none named: yes); one the checker cannot
    tell is reported, and the ability does not trigger."""
    phrases = objects_of(source.card).get(name, ())
    if not phrases:
        return True
    if other is None or not all(supported(p) for p in phrases):
        note = f"disparador no evaluado de {source.ref}: {name}"
        if note not in state.unresolved:
            state.unresolved.append(note)
        return False
    fits = all(matches(p, other, source) for p in phrases)
    if not fits:
        state.cite("lorcana:6.2.1")                                          # not the card it names
    return fits


def trigger(state: State, card: Instance, event: str, together: tuple[Instance, ...] = (),
            other: Instance | None = None) -> None:
    """Add to the bag the abilities that ``event`` happening to ``card`` triggers (lorcana:7.7.3): the card's own,
    then those of cards in play watching for it, then floating ones (6.2.7.1); a watched phrase this checker cannot
    read is reported. ``other``: the other card of the event (the challenged one, the challenger, the banished one),
    for abilities that name it."""
    state.history.append((event, card.ref))                                 # what happened this turn
    before = len(state.bag)
    _trigger(state, card, event, together, other)
    if len(state.bag) - before > 1:
        state.cite("lorcana:7.7.3.1")                                        # added to the bag together


def _trigger(state: State, card: Instance, event: str, together: tuple[Instance, ...],
             other: Instance | None) -> None:
    gained = [(key, own_events(ability)) for key, ability, _ in card.gained_abilities]
    scoped = f"{event}@{SCOPES[state.active == card.owner]}"
    for name, events in [*events_of(card.card), *gained]:                   # its own, printed or gained (6.4.2)
        if f"{event}@unread" in events:
            state.unresolved.append(f"disparador no evaluado de {card.ref}: {name}")
        during = DURING_TRIGGER if scoped in events else ()
        if (event in events or scoped in events) and not _object_fits(state, name, card, other):
            continue
        if event in events or scoped in events:
            state.bag.append(name)
            state.pending.append((name, card.ref, card.ref))
            state.cite("lorcana:6.2.1", "lorcana:6.2.3", *EVENT_RULES.get(event, ()), *during)  # met: into the bag
            if card.zone != "play" and card in together:
                state.cite("lorcana:7.4.3")                                  # it left with the others: it sees them
        elif _related(event, events):                                        # a near miss: it does not trigger
            state.cite("lorcana:6.2.1", *during,
                       *(["lorcana:4.6.2"] if any("in_challenge" in e for e in events) else []))
    sources = [*state.in_play(), *(c for c in together if c is not card)]   # those leaving with it see it (7.4.3)
    if card.zone != "play" and event not in _MOVES.values() and any(event in w[1] for w in watches_of(card.card)):
        state.cite("lorcana:1.6.1")                                          # gone from play: its abilities too
    watchers = [(name, events, phrase, whose, scope, source) for source in sources
                for name, events, phrase, whose, scope in watches_of(source.card)]
    watchers += [(f["key"], f["events"], f["phrase"], f["whose"], "", state.cards[f["source"]])
                 for f in state.floating if "events" in f]
    for name, events, phrase, whose, scope, source in watchers:
        if event in events and whose == "here":
            state.cite("lorcana:6.1.13.5")                                   # «… while here»: only there
        if event in events and OTHER & {k for k, _ in nodes(phrase)}:
            state.cite("lorcana:6.1.6")                                      # «… one of your other characters»
        if event in events and _SONGS & {k for k, _ in nodes(phrase)}:
            state.cite("lorcana:5.4.4.1")                                    # songs are actions: «… a song»
        if event not in events or not _whose(whose, card, source):
            if _related(event, events):
                state.cite("lorcana:6.2.1")
            continue
        if scope in SCOPES.values() and scope != SCOPES[state.active == source.owner]:
            state.cite("lorcana:6.2.1", *DURING_TRIGGER)                     # «… during your turn» only
            continue
        if (scope and scope not in SCOPES.values()) or not supported(phrase):
            note = f"disparador no evaluado de {source.ref}: {name}"
            if note not in state.unresolved:
                state.unresolved.append(note)
        elif matches(phrase, card, source) and _object_fits(state, name, source, other):
            state.bag.append(name)
            state.pending.append((name, source.ref, card.ref))
            state.cite("lorcana:6.2.1", "lorcana:6.2.3", *EVENT_RULES.get(event, ()),
                       *(DURING_TRIGGER if scope else ()))
            if "shifted" in card.gained_flags and any(k == "cost_threshold" for k, _ in nodes(phrase)):
                state.cite("lorcana:1.5.4")                                  # its cost, not what Shift paid
        else:                                                                # the card is not the one it names
            state.cite("lorcana:6.2.1")


def flush_moves(state: State) -> None:
    """Turn the zone changes since the last call into events: a card leaving play, a card put into an inkwell."""
    moves, state.moves = state.moves, []
    for ref, before, after in moves:
        card = state.cards[ref]
        if after == "inkwell":
            trigger(state, card, "inked")
        event = _MOVES.get((before, after))
        if event is not None:
            trigger(state, card, event)
        if (before, after) == ("play", "hand"):                              # «is returned to your hand»
            trigger(state, card, "returned_to_hand")


def fire_delayed(state: State, moment: str) -> None:
    """Put into the bag the delayed triggered abilities waiting for ``moment`` (lorcana:6.2.7.2), once each."""
    waiting = {name for name, _, _ in state.pending}
    for created in state.floating:
        owner = state.cards[created["source"]].owner
        if created.get("at") != moment or created["key"] in waiting or (created["yours"] and state.active != owner):
            continue
        refs = created["refs"]
        state.bag.append(created["key"])
        state.pending.append((created["key"], created["source"], refs[0] if refs else created["source"]))
