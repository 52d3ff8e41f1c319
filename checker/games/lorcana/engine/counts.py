"""How many times «for each …» applies: cards in play or in hand, damage on a card."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from checker.games.lorcana.engine.filters import matches, supported
from checker.games.lorcana.engine.state import Instance, State
from checker.games.lorcana.engine.zonecards import card_matches, understood
from checker.grammar.walk import nodes

#: Words that leave out the card the ability comes from (lorcana:6.1.6).
OTHER = frozenset({"other", "another", "your_other", "another_chosen", "up_to_other_chosen"})


def times(expression: Any, state: State, source: Instance) -> int | None:
    """The count an «expression_each» denotes now, seen from ``source``; ``None`` if beyond this checker."""

    if state.lethal:
        state.cite("lorcana:1.8.5")                                          # counted before the check banishes
    for kind, fields in nodes(expression):
        if kind in ("each_card", "for_each"):                               # «for each X» after or before
            card_np = fields.get("card_np", {})
            state.cite("lorcana:6.1.8", "lorcana:6.7.2.1",
                       *(["lorcana:6.1.6"] if OTHER & {k for k, _ in nodes(card_np)} else []))
            if any(k == "in_discard" for k, _ in nodes(card_np)):            # «character card in your discard»
                return _in_discard(card_np, state, source)
            if any(k == "under" for k, _ in nodes(card_np)):                 # «for each card under her»
                found = cards_under(card_np, state, source)
                return None if found is None else len(found)
            if not supported(card_np):
                return None
            kinds = {k for k, _ in nodes(card_np)}
            if "in_your_hand" in kinds:
                pool = [state.cards[ref] for ref in state.players[source.owner].zones["hand"]]
            elif "in_your_opponents_hands" in kinds:
                hands = [state.players[p].zones["hand"] for p in state.opponents(source.owner)]
                pool = [state.cards[ref] for hand in hands for ref in hand]
            else:
                pool = state.in_play()
                state.cite("lorcana:5.1.1.8")                               # what «in play» is: drying cards too
            return sum(1 for card in pool if matches(card_np, card, source))
        if kind == "each_damage":
            on = fields.get("target", {})
            if not any(k in ("this_card", "pronoun") for k, _ in nodes(on)) and "pronoun" not in on:
                return None
            return source.damage // max(int(fields.get("number", 1)), 1)
        if kind == "each_damage_removed":                                    # «for each 1 damage removed this way»
            state.cite("lorcana:6.1.8", "lorcana:6.7.2.1")
            return state.removed // max(int(fields.get("number", 1)), 1)
    return None


def _without_zone(card_np: Any, zone: str = "in_discard") -> Any:
    fields = card_np.get("card_np", {})
    kept = [m for m in fields.get("post_modifier", []) if zone not in m]
    return {"card_np": {**{k: v for k, v in fields.items() if k != "determiner"}, "post_modifier": kept}}


def _holder(card_np: Any) -> Any:
    """What a phrase looks under: ``"self"`` for the card the ability is on («under this character», «under her»),
    a phrase of cards in play («under your characters»), ``None`` when it is beyond this checker."""
    for modifier in card_np.get("card_np", {}).get("post_modifier", []):
        target = modifier.get("under", {}).get("target") if isinstance(modifier, dict) else None
        if isinstance(target, dict) and ("pronoun" in target or any(k == "this_card" for k, _ in nodes(target))):
            return "self"
        if isinstance(target, dict) and "card_np" in target and supported(target):
            return target
    return None


def cards_under(card_np: Any, state: State, source: Instance) -> list[Instance] | None:
    """The facedown cards under a card that the phrase denotes («a card under this character», «each card under your
    characters», lorcana:8.4.1); ``None`` when the phrase names a card the checker cannot tell."""
    rest = _without_zone(card_np, "under")
    holder = _holder(card_np)
    if holder is None or not understood(rest):
        return None
    holders = [source] if holder == "self" else [c for c in state.in_play() if matches(holder, c, source)]
    state.cite("lorcana:5.1.1.5")                                            # under the top card of a stack
    return [state.cards[ref] for card in holders for ref in card.under if card_matches(rest, state.cards[ref], source)]


def countable(card_np: Any) -> bool:
    """Whether ``times`` can count the cards the phrase denotes (in play, in a hand, in your discard, under the
    card itself)."""
    if any(k == "under" for k, _ in nodes(card_np)):
        return _holder(card_np) is not None and understood(_without_zone(card_np, "under"))
    if any(k == "in_discard" for k, _ in nodes(card_np)):
        return "your_discard" in {k for k, _ in nodes(card_np)} and understood(_without_zone(card_np))
    return supported(card_np)


def _in_discard(card_np: Any, state: State, source: Instance) -> int | None:
    """How many cards of the discard the phrase denotes («song card in your discard»); ``None`` if beyond."""
    if not countable(card_np):
        return None
    card_np = _without_zone(card_np)
    pool = [state.cards[ref] for ref in state.players[source.owner].zones["discard"]]
    return sum(1 for card in pool if card_matches(card_np, card, source))


def _theirs(expression: Any) -> Any:
    """The expression with «they have in play» read as «you have in play» (of the player it is counted for)."""
    if isinstance(expression, dict):
        return {("you_have_in_play" if key == "they_have_in_play" else key): _theirs(value)
                for key, value in expression.items()}
    if isinstance(expression, list):
        return [_theirs(value) for value in expression]
    return expression


def times_for(expression: Any, state: State, source: Instance, player: str) -> int | None:
    """``times`` for one of the players a clause names: «each opponent loses 1 lore for each damaged character they
    have in play» counts that opponent's characters."""
    if not any(kind == "they_have_in_play" for kind, _ in nodes(expression)):
        return times(expression, state, source)
    return times(_theirs(expression), state, replace(source, owner=player))
