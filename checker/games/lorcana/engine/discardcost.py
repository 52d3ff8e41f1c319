"""Discarding as a cost: «Shift: Discard an action card», «⟳, Choose and discard a card — …». Which cards of the
hand can pay it, and paying it with the card the player chose (``choices``: ``{cards: [ref]}``)."""

from __future__ import annotations

from typing import Any

from checker.games.lorcana.engine.state import Instance, State
from checker.games.lorcana.engine.zonecards import card_matches, select, understood
from checker.grammar.walk import nodes


def discard_args(predicate: dict[str, Any]) -> dict[str, Any] | None:
    """The arguments of a cost that discards («Discard a card», «Choose and discard a card»); ``None`` for any other."""
    if "choose_and" in predicate:
        predicate = predicate["choose_and"].get("predicate", {})
    return predicate.get("discard") if isinstance(predicate.get("discard"), dict) else None


def discard_options(args: dict[str, Any], state: State, card: Instance) -> list[Instance] | None:
    """The cards of the player's hand (but ``card``) that can pay the discard; ``None`` when its phrase is beyond
    this checker."""
    amount = args.get("discard_amount", {})
    phrase = next((f.get("card_np", {}) for k, f in nodes(amount) if k == "discard_card"), None)
    if phrase is None and not any(k == "one_card" for k, _ in nodes(amount)):
        return None
    if phrase is not None and not understood(phrase):
        return None
    hand = [state.cards[ref] for ref in state.players[card.owner].zones["hand"] if ref != card.ref]
    return [c for c in hand if phrase is None or card_matches(phrase, c, card)]


def pay_discard(state: State, what: str, valid: list[Instance], *rules: str) -> bool:
    """Discard the card the player chose among ``valid`` (the only one when there is one); ``False`` when the choice
    is missing."""
    picked = select(state, what, valid, 1, 1, *rules)
    if picked is None:
        return False
    for chosen in picked[0]:
        state.move(chosen, "discard")
    state.cite("lorcana:7.3.4")
    return True
