"""Who a zone effect's clause acts for and which cards it acts on: the players its subject names, the decks it
reads, and the cards a target phrase denotes (the top of a deck, what the effect found, a chosen card in play, cards
chosen from a hand or a discard).
"""

from __future__ import annotations

from typing import Any

from checker.games.lorcana.engine.filters import matches, supported
from checker.games.lorcana.engine.state import Instance, State
from checker.games.lorcana.engine.zonecards import (
    CHOICE,
    ClauseView,
    bounds,
    card_matches,
    choose_player,
    context,
    select,
    understood,
)
from checker.grammar.walk import nodes
from checker.scenario.model import Refused


def acting_players(c: ClauseView, verb: Any) -> list[str] | None:
    """The players a clause's subject names (the active player acts first, lorcana:6.7.6); a third-person verb
    with no subject («… and discards …») carries over the previous clause's players."""
    state = c.state
    subject = c.subject or {}
    kind = next(iter(subject), "you")
    if not c.subject and str(verb).casefold().endswith("s"):
        found = context(c).players
    elif kind == "you":
        found = [c.player]
    elif kind in ("each_opponent", "each_opposing_player"):
        found = state.opponents(c.player)
    elif kind == "each_player":
        found = [state.active, *state.opponents(state.active)]
    elif kind == "chosen_opponent":
        chosen = choose_player(state, "chosen opponent", state.opponents(c.player))
        found = [chosen] if chosen else []
    elif kind in ("that_player", "its_player") and c.targets.previous:     # the player of the card acted on
        found = [c.targets.previous[0].owner]
    elif kind == "chosen_player":
        chosen = choose_player(state, "chosen player", [state.active, *state.opponents(state.active)])
        found = [chosen] if chosen else []
    elif kind in ("challenging_player", "challenging_characters_player") and state.challenge:
        found = [state.cards[state.challenge[0]].owner]
    elif kind == "pronoun":
        found = context(c).players
    elif kind in ("each_player_with_lore", "each_opponent_with_lore"):      # «each opponent with 10 or more lore»
        pool = [state.active, *state.opponents(state.active)] if kind == "each_player_with_lore" \
            else state.opponents(c.player)
        found = [p for p in pool if state.players[p].lore >= int(subject[kind]["number"])]
    elif kind == "players_with_most_cards":                 # «the player or players with the most cards in their hand»
        sizes = {p: len(state.players[p].zones["hand"]) for p in [state.active, *state.opponents(state.active)]}
        found = [p for p, size in sizes.items() if size == max(sizes.values())]
    else:
        found = None
    context(c).players = found
    if kind in ("each_opponent", "each_opposing_player", "each_player", "players_with_most_cards",
                "each_player_with_lore", "each_opponent_with_lore"):
        state.applied.append("lorcana:1.3.3")                              # a plural designation: all of them
    if found and len(found) > 1:
        state.applied.append("lorcana:6.7.6")                            # the active player acts first
    return found


def the_trigger_card(state: State, source: Instance, previous: list[Instance]) -> list[Instance]:
    """«that card» / «that character»: the card the clause before acted on, or the card the trigger was about; that
    is the source itself only when its trigger was about its own card («whenever one of your Broom characters is
    banished», the source being one). With nothing it can refer to, it is reported unresolved, never guessed."""
    if previous:
        return list(previous)
    if state.subject == source.ref:
        return [source]
    state.unresolved.append("that_card: no hay nada antes a lo que se refiera")
    return []


def deck_owners(deck_ref: Any, c: ClauseView, actors: list[str]) -> list[str] | None:
    kinds = {kind for kind, _ in nodes(deck_ref)}
    if "your_deck" in kinds:
        return [c.player]
    if "their_deck" in kinds:
        return actors
    if "each_opponents_deck" in kinds:
        return c.state.opponents(c.player)
    if kinds & {"chosen_players_deck", "chosen_opponents_deck"}:
        allowed = list(c.state.players) if "chosen_players_deck" in kinds else c.state.opponents(c.player)
        chosen = choose_player(c.state, "chosen player's deck", allowed)
        context(c).players = [chosen] if chosen else []
        return context(c).players
    return None


def top_of_deck(state: State, owner: str, count: int) -> list[Instance]:
    deck = state.players[owner].zones["deck"]
    if len(deck) < count:
        state.applied.append("lorcana:1.2.3")                              # as much as possible
    return [state.cards[ref] for ref in deck[:count]]


def count_of(amount: Any) -> int:
    for kind, fields in nodes(amount):
        if kind in ("n_cards", "number"):
            return int(fields["number"])
    return 1


def top_cards(phrase: Any, c: ClauseView, actors: list[str]) -> list[Instance] | None:
    """«the top card of your deck», «the top 3 cards of their deck»; ``None`` for any other phrase."""
    self_ref = phrase.get("card_np", {}).get("self_ref", {}) if isinstance(phrase, dict) else {}
    for kind in ("top_card_of", "top_cards_of"):
        if kind in self_ref:
            owners = deck_owners(self_ref[kind].get("deck_ref"), c, actors)
            if owners is None:
                return None
            count = int(self_ref[kind].get("number", 1))
            return [card for owner in owners for card in top_of_deck(c.state, owner, count)]
    return None


def pool_of(phrase: Any, c: ClauseView) -> list[Instance] | None:
    """The cards a phrase chooses among: a hand, a discard, the cards looked at, or the cards in play."""
    kinds = {kind for kind, _ in nodes(phrase)}
    players = c.state.players
    if kinds & {"from_hand", "in_your_hand"}:
        refs = players[c.player].zones["hand"]
    elif "any_discard" in kinds:
        refs = [ref for p in players.values() for ref in p.zones["discard"]]
    elif "your_discard" in kinds:
        refs = players[c.player].zones["discard"]
    elif "chosen_opponents_discard" in kinds:
        chosen = choose_player(c.state, "chosen opponent's discard", c.state.opponents(c.player))
        context(c).players = [chosen] if chosen else []
        refs = players[chosen].zones["discard"] if chosen else []
    elif kinds & CHOSEN:
        return [card for card in c.state.in_play() if card_matches(phrase, card, c.source)]
    else:
        looked = context(c).looking
        return None if looked is None else [card for card in looked if card_matches(phrase, card, c.source)]
    return [c.state.cards[ref] for ref in refs if card_matches(phrase, c.state.cards[ref], c.source)]


#: «up to N» (lorcana:6.1.3): the player chooses any amount from 0 to N.
UP_TO = "lorcana:6.1.3"
#: Determiners of chosen cards («chosen», «up to 2 chosen», «2 chosen»).
CHOSEN = frozenset({"chosen", "another_chosen", "a_chosen", "up_to_chosen", "n_chosen"})


def how_many(phrase: Any) -> tuple[int, bool]:
    """How many cards a chosen phrase asks for and whether «up to» («up to 2 chosen characters»); one otherwise."""
    determiner = phrase.get("card_np", {}).get("determiner", {}) if isinstance(phrase, dict) else {}
    for kind in ("up_to_chosen", "n_chosen"):
        if kind in determiner:
            return int(determiner[kind].get("number", 1)), kind == "up_to_chosen"
    return 1, False


def chosen_in_play(c: ClauseView, valid: list[Instance], what: str, chooser: str | None = None,
                   many: tuple[int, bool] = (1, False)) -> list[Instance]:
    """The «chosen» cards in play, named in ``targets`` like every other chosen card in play (by ``chooser``, for
    Ward): ``many`` says how many and whether «up to» (as many of the refs left, lorcana:6.1.3); never one twice."""
    if not valid:
        return []
    count, up_to = many
    if up_to:
        count = min(count, len(c.targets.refs))
        c.state.cite(UP_TO)
    found: list[Instance] = []
    player, c.targets.chooser = c.targets.chooser, chooser or c.targets.chooser
    try:
        for _ in range(count):
            card = c.targets.take(what, None, c.source)
            if card is None:
                break
            if card not in valid or card in found:
                raise Refused(f"no se puede elegir «{card.ref}» para {what}", CHOICE)
            found.append(card)
    finally:
        c.targets.chooser = player
    return found


#: The zone a «from …» after «that card» names.
_NAMED_ZONES = {"from_discard": "discard", "from_hand": "hand"}


def acted_on(c: ClauseView, target: Any, what: str) -> tuple[list[Instance], bool] | None:
    """The cards a clause acts on and whether the player chose their order; ``None`` if beyond these effects."""
    if not isinstance(target, dict):
        return None
    if "pronoun" in target:                                                  # what the effect revealed or chose
        if not c.targets.previous and context(c).looking is None:
            return None
        return list(c.targets.previous), False
    if "any_card_from_hand" in target:
        hand = [c.state.cards[ref] for ref in c.state.players[c.player].zones["hand"]]
        chosen = select(c.state, what, hand, 0 if c.optional else 1, 1)
        return chosen if chosen is not None else ([], False)
    self_ref = target.get("card_np", {}).get("self_ref")
    if isinstance(self_ref, dict) and "this_card" in self_ref:
        return [c.source], False
    if isinstance(self_ref, dict) and "that_card" in self_ref:              # what the effect found, or the trigger's
        if context(c).looking is not None:
            return list(c.targets.previous), False
        found = the_trigger_card(c.state, c.source, c.targets.previous)
        zone = next((_NAMED_ZONES[k] for k, _ in nodes(target.get("card_np", {}).get("from_zone", {}))
                     if k in _NAMED_ZONES), None)                           # «that card from your discard»: only
        return [card for card in found if zone is None or card.zone == zone], False   # there (lorcana:6.1.11.1)
    if (isinstance(self_ref, dict) and "one" in self_ref) or "one_of_them" in target:   # «one of them»: looked at
        looked = context(c).looking
        if looked is None:
            return None
        chosen = select(c.state, what, looked, 0 if c.optional else 1, 1)
        return chosen if chosen is not None else ([], False)
    actors = acting_players(c, c.args.get("put") or c.args.get("shuffle"))
    top = top_cards(target, c, actors) if actors is not None else None
    if top is not None:
        return top, False
    kinds = {kind for kind, _ in nodes(target)}
    if kinds & CHOSEN and not kinds & {"from_hand", "from_discard", "in_your_hand"}:   # chosen in play
        if supported(target):
            valid = [card for card in c.state.in_play() if matches(target, card, c.source)]
        elif understood(target):
            valid = [card for card in c.state.in_play() if card_matches(target, card, c.source)]
        else:
            return None
        return chosen_in_play(c, valid, what, many=how_many(target)), False
    pool, limits = pool_of(target, c), bounds(target, c.optional)
    if pool is None or not understood(target):
        return None
    if kinds & CHOSEN:
        limits = (0 if c.optional else 1), 1                                # a chosen card outside play: «choices»
    if limits is None:
        return None
    public = ("lorcana:7.1.4",) if kinds & {"from_discard", "any_discard", "your_discard"} else ()
    chosen = select(c.state, what, pool, *limits, *public)                  # a public zone: found if there (7.1.4)
    if public and chosen is not None and chosen[0]:
        c.state.cite(*public, "lorcana:6.1.3.1")                           # what the phrase requires, found there
    return chosen if chosen is not None else ([], False)
