"""Zone effects on hands and players' choices, by node type: discarding (chosen by its player, by the effect's
player or at random), «chooses and discards / banishes / exerts», «chooses one of their characters» (what later
clauses act on), discarding a whole hand, and drawing until or for each."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from checker.games.lorcana.engine.counts import times
from checker.games.lorcana.engine.damage import draw
from checker.games.lorcana.engine.events import trigger
from checker.games.lorcana.engine.state import Instance
from checker.games.lorcana.engine.zonecards import ClauseView, at_random, bounds, card_matches, select, understood
from checker.games.lorcana.engine.zonetargets import acted_on, acting_players, chosen_in_play, count_of
from checker.grammar.walk import nodes


def _discard_as(c: ClauseView, args: dict[str, Any], verb: Any) -> bool:
    """Discard from a hand: the player chooses the cards (lorcana:7.3.4), or the effect's player («of your
    choice»), or chance («at random»)."""
    players = acting_players(c, verb)
    amount = args.get("discard_amount", {})
    if players is None or len(amount) != 1:
        return False
    ((kind, fields),) = amount.items()
    phrase = fields.get("card_np", {})
    if kind == "discard_card" and (not understood(phrase) or bounds(phrase, c.optional) is None):
        return False
    least = 0 if c.optional else count_of(amount)                            # «you may discard …»: none is allowed
    discarded: list[Instance] = []
    for player in players:
        hand = [c.state.cards[ref] for ref in c.state.players[player].zones["hand"]]
        if kind in ("one_card", "n_cards") and "at_random" in args:
            chosen = at_random(c.state, "discard", hand, count_of(amount))
        elif kind in ("one_card", "n_cards"):
            picked = select(c.state, "discard", hand, least, count_of(amount), "lorcana:7.3.4")
            chosen = picked[0] if picked else None
        elif kind == "discard_card":
            valid = [card for card in hand if card_matches(phrase, card, c.source)]
            least, most = bounds(phrase, c.optional) or (0, 0)
            picked = select(c.state, "discard", valid, least, most, "lorcana:7.3.4")
            chosen = picked[0] if picked else None
        else:
            return False
        if len(hand) < count_of(amount):
            c.state.cite("lorcana:1.2.3")                                    # as many as there are
        for card in chosen or []:
            c.state.move(card, "discard")
            discarded.append(card)
    c.targets.previous = discarded                                           # what «[A] to [B]» asks was done
    c.state.applied.append("lorcana:7.3.4")
    return True


def _discard(c: ClauseView) -> bool:
    return _discard_as(c, c.args, c.args.get("discard"))


#: What a player «chooses and …» does to one of their own characters (their own choice: Ward does not stop it).
CHOSEN_VERBS = frozenset({"banish", "exert", "return_to_hand"})


def _choose_and(c: ClauseView) -> bool:
    """«chooses and discards …», «chooses and banishes / exerts one of their characters»: each player named makes
    their own choice; a character in play is named in ``targets`` like other chosen cards."""
    ((verb, inner),) = c.args["predicate"].items()
    if verb == "discard":
        return _discard_as(c, inner, c.args.get("choose"))
    target = inner.get("target", {})
    players = acting_players(c, c.args.get("choose"))
    if verb not in CHOSEN_VERBS or "one_of" not in target or players is None or not understood(target):
        return False
    chosen: list[Instance] = []
    for player in players:
        valid = [card for card in c.state.in_play(player) if card_matches(target, card, c.source)]
        if len(valid) == 1:
            chosen += valid                                                  # the only choice there is
        else:
            chosen += chosen_in_play(c, valid, f"choose_and {verb}", player)
    if chosen:
        c.state.applied.append("lorcana:6.7.2.3")
    if any(card.has("Ward") for card in chosen):
        c.state.cite("lorcana:8.15.1")                                       # Ward stops opponents, not its player
    for card in chosen:
        if verb == "exert":
            card.exerted = True
        elif verb == "return_to_hand":
            c.state.move(card, "hand")
        else:
            c.state.move(card, "discard")
            trigger(c.state, card, "banished")
    c.targets.previous = chosen
    return True


def _choose(c: ClauseView) -> bool:
    """«Each opponent chooses one of their characters and …», «choose an exerted character», «choose up to 3 cards
    from chosen opponent's discard and …»: the chosen cards are what the next clauses act on («them», «that
    card»); chosen in play through ``targets`` (never an opponent's card with Ward, lorcana:8.15.1), outside play
    through ``choices`` (lorcana:6.7.3)."""
    target = c.args.get("target", {})
    if not isinstance(target, dict) or not understood(target):
        return False
    if any(kind in ("from_hand", "from_discard") for kind, _ in nodes(target)):
        found = acted_on(c, target, "choose")
        if found is None:
            return False
        c.targets.previous = found[0]
        return True
    players = acting_players(c, c.args.get("choose"))
    if players is None:
        return False
    chosen: list[Instance] = []
    for player in players:
        pool = c.state.in_play(player) if "one_of" in target else c.state.in_play()
        matching = [card for card in pool if card_matches(target, card, c.source)]
        valid = [card for card in matching if not (card.owner != player and card.has("Ward"))]
        if len(valid) < len(matching) or any(card.has("Ward") and card.owner == player for card in valid):
            c.state.applied.append("lorcana:8.15.1")                       # Ward: the opponent can't choose it
        chosen += valid if len(valid) == 1 else chosen_in_play(c, valid, "choose", player)
    if chosen:
        c.state.applied.append("lorcana:6.7.2.3")
    c.targets.previous = chosen
    return True


def _discard_hand(c: ClauseView) -> bool:
    """«discard your hand», «each player discards their hand»: every card in it (lorcana:7.3.4)."""
    players = acting_players(c, c.args.get("discard"))
    if players is None:
        return False
    discarded = [c.state.cards[ref] for player in players for ref in c.state.players[player].zones["hand"]]
    for card in discarded:
        c.state.move(card, "discard")
    c.targets.previous = discarded
    c.state.applied.append("lorcana:7.3.4")
    return True


def _draw_until(c: ClauseView) -> bool:
    """«draw until you have N cards in your hand» (as much as the deck allows, lorcana:1.2.3)."""
    if c.subject and "you" not in c.subject:
        return False
    draw(c.state, c.player, max(0, int(c.args["number"]) - len(c.state.players[c.player].zones["hand"])))
    c.state.applied.append("lorcana:7.3.2")                                # a hand's cards can be counted
    return True


def _draw_for_each(c: ClauseView) -> bool:
    if c.subject and "you" not in c.subject:
        return False
    count = times(c.args.get("expression_each"), c.state, c.source)
    if count is None:
        return False
    draw(c.state, c.player, count * count_of(c.args.get("amount_cards")))
    c.state.applied.append("lorcana:6.7.2.1")                              # «for each» counted as it resolves
    return True


#: Predicate node types about hands, merged into ``zones.ZONE_EFFECTS``.
HAND_EFFECTS: dict[str, Callable[[ClauseView], bool]] = {
    "discard": _discard,
    "choose_and": _choose_and,
    "choose": _choose,
    "discard_hand": _discard_hand,
    "draw_until": _draw_until,
    "draw_for_each": _draw_for_each,
}
