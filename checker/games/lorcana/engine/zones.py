"""Effects on the hidden and semi-hidden zones, by node type: looking at and revealing the top of a deck, putting cards
into a hand, an inkwell, a discard or onto a deck, searching, shuffling, revealing a hand, naming a card (the effects
on hands, discarding among them, are in ``discards.py``).

Cards looked at stay where they are until the effect puts them somewhere (``ZoneContext.looking``); the player's
choices come from ``choices`` and chance from ``random`` (``zonecards.py``). A handler returns False for a shape it
cannot evaluate exactly, and the clause is reported unresolved.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from checker.games.lorcana.engine.discards import HAND_EFFECTS
from checker.games.lorcana.engine.state import Instance
from checker.games.lorcana.engine.zonecards import (
    CHOICE,
    ClauseView,
    bounds,
    card_matches,
    context,
    ink_permission,
    next_choice,
    order,
    put,
    select,
    shuffle,
    understood,
    where,
)
from checker.games.lorcana.engine.zonetargets import (
    acted_on,
    acting_players,
    count_of,
    deck_owners,
    top_cards,
    top_of_deck,
)
from checker.grammar.walk import nodes
from checker.scenario.model import Refused

ZoneEffect = Callable[[ClauseView], bool]
REVEAL = "lorcana:6.1.14.1"


# ------------------------------------------------------------------------------------------------ look, reveal, search
def _looked(c: ClauseView, group: list[Instance], rule: str) -> bool:
    context(c).looking = list(group)
    c.targets.previous = list(group)
    c.state.applied.append(rule)
    return True


def _look_at_top(c: ClauseView) -> bool:
    owners = deck_owners(c.args.get("deck_ref"), c, [c.player])
    if owners is None:
        return False
    group = [card for owner in owners for card in top_of_deck(c.state, owner, count_of(c.args.get("amount_cards")))]
    return _looked(c, group, "lorcana:7.1.3")                              # a private zone, looked at by an effect


def _reveal(c: ClauseView) -> bool:
    """Reveal the top cards of a deck, or some of the cards looked at (only from them, lorcana:6.1.14.1; a private
    zone, so the player may find none, lorcana:7.1.4)."""
    actors = acting_players(c, c.args.get("reveal"))
    phrase = c.args.get("card_np", {})
    if actors is None:
        return False
    top = top_cards(phrase, c, actors)
    if top is not None:
        return _looked(c, top, REVEAL)
    looking = context(c).looking
    limits = bounds(phrase, True)
    if looking is None or limits is None or not understood(phrase) or any(k == "from_zone" for k, _ in nodes(phrase)):
        return False
    valid = [card for card in looking if card_matches(phrase, card, c.source)]
    chosen = select(c.state, "reveal", valid, 0, limits[1], REVEAL)
    c.targets.previous = chosen[0] if chosen else []
    c.state.applied += [REVEAL, "lorcana:7.1.4"]
    return True


def _reveal_both(c: ClauseView) -> bool:
    """«reveal up to 1 X and up to 1 Y»: one selection from the cards looked at that can be split between the
    phrases within their limits (lorcana:6.1.14.1)."""
    phrases = c.args.get("card_np") or []
    limits = [bounds(phrase, True) for phrase in phrases]
    looking = context(c).looking
    if looking is None or not all(understood(phrase) for phrase in phrases) or None in limits:
        return False
    most = [limit[1] for limit in limits if limit is not None]
    valid = [card for card in looking if any(card_matches(phrase, card, c.source) for phrase in phrases)]
    picked = select(c.state, "reveal_both", valid, 0, sum(most), REVEAL)
    chosen = picked[0] if picked else []
    if not _fits(chosen, phrases, most, c):
        raise Refused(f"reveal_both: {', '.join(card.ref for card in chosen)} no se reparten entre lo que pide el "
                      "efecto", CHOICE, REVEAL)
    c.targets.previous = chosen
    c.state.applied += [REVEAL, "lorcana:7.1.4"]
    return True


def _fits(cards: list[Instance], phrases: list[Any], most: list[int], c: ClauseView) -> bool:
    """Whether each card can be counted for a phrase it matches without going over any phrase's limit."""
    if not cards:
        return True
    first, rest = cards[0], cards[1:]
    for index, phrase in enumerate(phrases):
        if most[index] > 0 and card_matches(phrase, first, c.source):
            left = [*most[:index], most[index] - 1, *most[index + 1:]]
            if _fits(rest, phrases, left, c):
                return True
    return False


def _reveal_again(c: ClauseView) -> bool:
    """«reveal that card / it to all players»: the card already chosen is shown; nothing moves."""
    if context(c).looking is None:
        return False
    c.state.applied.append(REVEAL)
    return True


def _search_deck(c: ClauseView) -> bool:
    owners = deck_owners(c.args.get("deck_ref"), c, [c.player])
    phrase = c.args.get("card_np", {})
    if owners != [c.player] or not understood(phrase):
        return False
    deck = [c.state.cards[ref] for ref in c.state.players[c.player].zones["deck"]]
    chosen = select(c.state, "search_deck", [card for card in deck if card_matches(phrase, card, c.source)], 0, 1,
                    "lorcana:7.1.4")
    return _looked(c, chosen[0] if chosen else [], "lorcana:7.1.4")


def _search_either(c: ClauseView) -> bool:
    """«Search your deck for an item card or a Robot character card»: a card that matches either phrase."""
    phrases = c.args.get("card_np") or []
    owners = deck_owners(c.args.get("deck_ref"), c, [c.player])
    if owners != [c.player] or not phrases or not all(understood(phrase) for phrase in phrases):
        return False
    deck = [c.state.cards[ref] for ref in c.state.players[c.player].zones["deck"]]
    valid = [card for card in deck if any(card_matches(phrase, card, c.source) for phrase in phrases)]
    chosen = select(c.state, "search_either", valid, 0, 1, "lorcana:7.1.4")
    return _looked(c, chosen[0] if chosen else [], "lorcana:7.1.4")


def _reveal_hand(c: ClauseView) -> bool:
    if acting_players(c, c.args.get("reveal")) is None:
        return False
    c.state.applied.append("lorcana:7.1.3")                                 # a revealed hand is not private
    return True


def _name_a_card(c: ClauseView) -> bool:
    name = next_choice(c.state, "name", "name_a_card")
    context(c).named = None if name is None else str(name)
    c.state.applied.append("lorcana:5.2.6")
    return True


# ------------------------------------------------------------------------------------------------ put
def _place(c: ClauseView, cards: list[Instance], destination: dict[str, Any], ordered: bool, what: str) -> bool:
    place = where(destination)
    if place is None:
        return False
    if place.zone == "deck" and not ordered:
        found = order(c.state, what, cards)
        if found is None:
            return True
        if len(cards) > 1:                                                   # «in any order»: the player's order;
            c.state.cite("lorcana:7.2.3", "lorcana:7.2.2", "lorcana:1.2.1")  # the card lets the deck change
        cards = found
    if not put(c.state, cards, place, c.player):
        return False
    looking = context(c).looking
    if looking is not None:
        context(c).looking = [card for card in looking if card not in cards]
    return True


def _put_card(c: ClauseView) -> bool:
    if ink_permission({"declarative": {"subject": c.subject, "predicate": {"put_card": c.args}}}):
        c.state.players[c.player].extra_inks += 1                           # one more inking this turn
        c.state.cite("lorcana:4.2.3.1")
        return True
    found = acted_on(c, c.args.get("target"), "put_card") if "duration" not in c.args else None
    destinations = c.args.get("destination") or []
    if found is None or not destinations:
        return False
    cards, ordered = found
    first, *rest = destinations
    looking = list(context(c).looking or [])
    if not _place(c, cards, first, ordered, "put_card"):
        return False
    c.targets.previous = cards
    for other in rest:                                                       # «and the other / the rest …»
        ((kind, fields),) = other.items()
        still = context(c).looking
        if kind not in ("the_other", "the_rest") or still is None:
            return False
        remaining = [card for card in looking if card in still]
        inner = dict(fields["destination"])
        if not _place(c, remaining, _same_deck(inner, first), False, "put_card"):
            return False
    return True


def _put_count(c: ClauseView) -> bool:
    """«Put 2 into your hand»: that many of the cards looked at."""
    looking = context(c).looking
    destinations = c.args.get("destination") or []
    if looking is None or len(destinations) != 1:
        return False
    count = int(c.args["number"])
    picked = select(c.state, "put_count", looking, 0 if c.optional else count, count)
    if picked is None:
        return True
    c.targets.previous = picked[0]
    return _place(c, picked[0], destinations[0], picked[1], "put_count")


def _same_deck(destination: dict[str, Any], first: dict[str, Any]) -> dict[str, Any]:
    """«… and the other on the bottom»: the deck of the first destination."""
    ((kind, fields),) = destination.items()
    if kind in ("on_top", "on_bottom") and "deck_ref" not in fields:
        deck: Any = next((f["deck_ref"] for _, f in nodes(first) if "deck_ref" in f), {"the_deck": {}})
        return {kind: {**fields, "deck_ref": deck}}
    return destination


def _put_rest(top: bool) -> ZoneEffect:
    """«Put the rest on the bottom (top) of your deck in any order»."""
    def effect(c: ClauseView) -> bool:
        looking = context(c).looking
        if looking is None:
            return False
        return _place(c, looking, {"on_top" if top else "on_bottom": {"deck_ref": c.args.get("deck_ref")}}, False,
                      "put_rest_top" if top else "put_rest_bottom")
    return effect


def _put_rest_in_discard(c: ClauseView) -> bool:
    looking = context(c).looking
    return looking is not None and _place(c, looking, {"into": {"owner_zone": c.args.get("discard_ref")}}, True,
                                          "put_rest_in_discard")


def _nothing_found(c: ClauseView) -> bool:
    """The effect looked and found no card (an empty deck): there is nothing to put back (lorcana:1.2.3)."""
    return not c.targets.previous and context(c).looking is not None


def _put_top_or_bottom(c: ClauseView) -> bool:
    """«Put it on either the top or the bottom of your deck», «Put chosen character on either the top or the bottom
    of their player's deck»: the player of the effect chooses the side (``place``)."""
    if _nothing_found(c):
        return True
    found = acted_on(c, c.args.get("target", {"pronoun": {}}), "put_top_or_bottom")
    if found is None:
        return False
    cards = found[0]
    if len(cards) != 1:
        return False
    c.targets.previous = cards
    side = next_choice(c.state, "place", "put_top_or_bottom")
    if side is None:
        return True
    if any(card.owner != c.player for card in cards):
        c.state.cite("lorcana:1.4.3")                                        # its player decides; the deck's moves it
    return _place(c, cards, {"on_top" if side == "top" else "on_bottom": {"deck_ref": c.args.get("deck_ref")}},
                  True, "put_top_or_bottom")


def _put_back_top(c: ClauseView) -> bool:
    cards = list(c.targets.previous)
    if _nothing_found(c):
        return True
    return bool(cards) and _place(c, cards, {"on_top": {"deck_ref": c.args.get("deck_ref")}}, False, "put_back_top")


def _look_and_reorder(c: ClauseView) -> bool:
    """«look at the top 3 cards of your deck and put them back in any order»."""
    return _look_at_top(c) and _put_back_top(c)


# ------------------------------------------------------------------------------------------------ shuffle
def _shuffle_into_deck(c: ClauseView) -> bool:
    found = acted_on(c, c.args.get("target"), "shuffle_into_deck")
    yours = any(kind == "your_deck" for kind, _ in nodes(c.args.get("deck_ref")))
    if found is None or (yours and any(card.owner != c.player for card in found[0])):
        return False
    cards = found[0]
    if any(card.zone == "play" for card in cards):
        c.state.applied.append("lorcana:7.1.6")                            # it leaves play: a new card
    for card in cards:
        c.state.move(card, "deck")                                           # its stack goes with it (5.1.1.7)
    for owner in dict.fromkeys(card.owner for card in cards):
        shuffle(c.state, owner, "shuffle_into_deck")
    c.targets.previous = cards
    return True


def _shuffle_deck(c: ClauseView) -> bool:
    owners = deck_owners(c.args.get("deck_ref"), c, [c.player])
    if owners is None:
        return False
    for owner in owners:
        shuffle(c.state, owner, "shuffle_deck")
    return True


#: Predicate node types of the hidden and semi-hidden zones, merged into ``effects.EFFECTS``.
ZONE_EFFECTS: dict[str, ZoneEffect] = {
    "look_at_top": _look_at_top,
    "reveal": _reveal,
    "reveal_to_all": _reveal_again,
    "reveal_it_to_all": _reveal_again,
    "search_deck": _search_deck,
    "search_either": _search_either,
    "reveal_both": _reveal_both,
    "put_count": _put_count,
    "reveal_hand": _reveal_hand,
    "name_a_card": _name_a_card,
    "put_card": _put_card,
    "put_rest_bottom": _put_rest(top=False),
    "put_rest_top": _put_rest(top=True),
    "put_rest_in_discard": _put_rest_in_discard,
    "put_top_or_bottom": _put_top_or_bottom,
    "put_back_top": _put_back_top,
    "look_and_reorder": _look_and_reorder,
    "shuffle_into_deck": _shuffle_into_deck,
    "shuffle_deck": _shuffle_deck,
    **HAND_EFFECTS,
}

