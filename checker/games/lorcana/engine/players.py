"""Conditions that compare players: «if an opponent has more characters in play than you», «while an opponent has a
location in play», «if each opponent has fewer cards in their hand than you», «if an opponent has 2 or more exerted
characters in play», «if an opponent has more lore than you».

A player phrase ranges over players: «an opponent» or «one or more opponents» (any of them will do), «each opponent»
(every one of them), «you». A chosen opponent, and counts this checker cannot read, are beyond it (``None``: the
condition is reported unresolved, never guessed)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from checker.games.lorcana.engine.filters import matches, supported
from checker.games.lorcana.engine.state import Instance, State
from checker.games.lorcana.engine.zonecards import card_matches, understood
from checker.grammar.walk import nodes

PlayerCheck = Callable[[dict[str, Any], State, Instance], "bool | None"]

#: The zone a «… in play / in their hand / in their inkwell» modifier counts.
_ZONES = {"in_play": "play", "in_their_hand": "hand", "in_your_hand": "hand", "in_their_inkwell": "inkwell",
          "in_your_inkwell": "inkwell"}


Quantifier = Callable[[Iterable[bool]], bool]


def _ranged(player_np: Any, state: State, source: Instance) -> tuple[list[str], Quantifier] | None:
    """The players a phrase names and whether any or all of them must meet the condition."""
    kinds = {kind for kind, _ in nodes(player_np)}
    if kinds & {"an_opponent", "one_or_more_opponents"}:
        return state.opponents(source.owner), any
    if "each_opponent" in kinds:
        return state.opponents(source.owner), all
    if kinds == {"you"}:
        return [source.owner], all
    return None


def _ink(state: State, player: str) -> int:
    """The cards in a player's inkwell, ready and exerted."""
    seat = state.players[player]
    return seat.ink_ready + seat.ink_exerted


def count_cards(player: str, phrase: dict[str, Any], state: State, source: Instance) -> int | None:
    """How many cards of ``player`` a plural or counted phrase («characters in play», «cards in their hand») names."""
    modifiers = phrase.get("post_modifier", [])
    zones = [_ZONES[key] for modifier in modifiers for key in modifier if key in _ZONES]
    if len(zones) != 1:
        return None
    kept = {k: v for k, v in phrase.items() if k not in ("determiner", "card_noun_plural", "player_np")}
    rest = {"card_np": {**kept,
                        "card_noun": phrase.get("card_noun", phrase.get("card_noun_plural", {})),
                        "post_modifier": [m for m in modifiers if not set(m) & set(_ZONES)]}}
    seat = state.players[player]
    if zones[0] == "inkwell":
        plain = rest["card_np"]["post_modifier"] == [] and "adjective" not in phrase
        return _ink(state, player) if plain else None
    if zones[0] == "hand":
        state.applied.append("lorcana:7.3.2")                                # a hand's cards can be counted
        if not understood(rest):
            return None
        return sum(1 for ref in seat.zones["hand"] if card_matches(rest, state.cards[ref], source))
    if not supported(rest):
        return None
    return sum(1 for card in state.in_play(player) if matches(rest, card, source))


def _threshold(determiner: Any) -> Callable[[int], bool] | None:
    """What a counted phrase asks: «a» / «an» (one or more), «2 or more», «3 or fewer»."""
    if not determiner or set(determiner) <= {"a"}:
        return lambda n: n >= 1
    ((kind, fields),) = determiner.items()
    number = int(fields.get("number", 0)) if isinstance(fields, dict) else 0
    return {"at_least": lambda n: n >= number, "at_most": lambda n: n <= number}.get(kind)


def _player_has(cond: dict[str, Any], state: State, source: Instance) -> bool | None:
    ranged = _ranged(cond.get("player_np", {}), state, source)
    phrase = cond.get("card_np", {})
    if ranged is None or len(phrase) != 1:
        return None
    players, quantifier = ranged
    ((kind, fields),) = phrase.items()
    if kind in ("more_than_player", "fewer_than_player"):
        other = _ranged(fields.get("player_np", {}), state, source)
        if other is None or len(other[0]) != 1:
            return None
        theirs = count_cards(other[0][0], fields, state, source)
        counts = [count_cards(player, fields, state, source) for player in players]
        if theirs is None or None in counts:
            return None
        more = kind == "more_than_player"
        return quantifier((n > theirs) if more else (n < theirs) for n in counts if n is not None)
    if kind != "card_np":
        return None
    wanted = _threshold(fields.get("determiner"))
    counts = [count_cards(player, fields, state, source) for player in players]
    if wanted is None or None in counts:
        return None
    return quantifier(wanted(n) for n in counts if n is not None)


def _player_has_more_lore(cond: dict[str, Any], state: State, source: Instance) -> bool | None:
    """«if an opponent has more lore than you» (other characteristics are cards', not players')."""
    ranged = _ranged(cond.get("player_np", {}), state, source)
    other = _ranged(cond.get("target", {}), state, source)
    if ranged is None or other is None or len(other[0]) != 1 or set(cond.get("compared", {})) != {"lore"}:
        return None
    players, quantifier = ranged
    theirs = state.players[other[0][0]].lore
    return quantifier(state.players[player].lore > theirs for player in players)


def _you_have_more(cond: dict[str, Any], state: State, source: Instance) -> bool | None:
    """«if you have more characters in play than each opponent»."""
    ranged = _ranged(cond.get("player_np", {}), state, source)
    if ranged is None:
        return None
    phrase = {"card_noun": cond.get("card_noun", {}), "post_modifier": [{"in_play": {}}]}
    mine = count_cards(source.owner, phrase, state, source)
    counts = [count_cards(player, phrase, state, source) for player in ranged[0]]
    if mine is None or None in counts:
        return None
    return ranged[1](mine > n for n in counts if n is not None)


def _you_have_played(cond: dict[str, Any], state: State, source: Instance) -> bool | None:
    """«if you've played 2 or more cards this turn», «if you've played an action this turn»: the cards its player
    played this turn (a song sung is played too, lorcana:5.4.4.1)."""
    phrase = cond.get("card_np", {}).get("card_np", {})
    wanted = _threshold(phrase.get("determiner"))
    rest = {"card_np": {k: v for k, v in phrase.items() if k != "determiner"}}
    if wanted is None or not understood(rest):
        return None
    played = [state.cards[ref] for event, ref in state.history if event == "played" and ref in state.cards]
    return wanted(sum(1 for card in played if card.owner == source.owner and card_matches(rest, card, source)))


def _you_have_more_ink(cond: dict[str, Any], state: State, source: Instance) -> bool | None:
    """«if you have more cards in your inkwell than each opponent»."""
    ranged = _ranged(cond.get("player_np", {}), state, source)
    if ranged is None:
        return None
    return ranged[1](_ink(state, source.owner) > _ink(state, player) for player in ranged[0])


def _they_have_more_ink(cond: dict[str, Any], state: State, source: Instance) -> bool | None:
    """«Whenever an opponent puts a card into their inkwell, if they have more cards in their inkwell than you»:
    «they» is the player of the card the trigger is about."""
    other = _ranged(cond.get("player_np", {}), state, source)
    about = state.cards.get(state.subject) if state.subject is not None else None
    if about is None or about.owner == source.owner or other is None or len(other[0]) != 1:
        return None
    return _ink(state, about.owner) > _ink(state, other[0][0])


#: Condition node types that compare players, merged into ``conditions.CONDITIONS``.
PLAYER_CONDITIONS: dict[str, PlayerCheck] = {
    "player_has": _player_has,
    "player_has_more_than": _player_has_more_lore,
    "you_have_more": _you_have_more,
    "you_have_played": _you_have_played,
    "more_ink_than": _you_have_more_ink,
    "they_have_more_ink": _they_have_more_ink,
}
