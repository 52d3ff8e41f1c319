"""Damage, drawing and the game state check (banishment at damage ≥ willpower, 20 lore wins)."""

from __future__ import annotations

from checker.games.lorcana.engine.events import trigger
from checker.games.lorcana.engine.state import WIN_LORE, Instance, State


def dealt(target: Instance, amount: int) -> int:
    """Damage actually dealt: reduced by Resist (which stacks), never below 0."""
    return max(0, amount - (target.keyword("Resist") or 0))


def mark_lethal(state: State, target: Instance) -> None:
    """Note a card whose damage now reaches its willpower, for the game state check after the effect."""
    if target.card.type in ("character", "location") and target.damage >= max(target.stat("willpower"), 0):
        state.lethal.add(target.ref)


def deal_damage(state: State, target: Instance, amount: int) -> int:
    """Deal damage; only damage actually dealt (after Resist) triggers «is dealt damage»."""

    placed = dealt(target, amount)
    target.damage += placed
    state.dealt[target.ref] = placed
    mark_lethal(state, target)
    if placed:
        trigger(state, target, "dealt_damage")
    return placed


def draw(state: State, player: str, count: int) -> None:
    """Draw one card at a time; with the deck empty there is nothing to draw, and that alone loses nothing
    (lorcana:1.12.2, lorcana:1.2.3): a player loses when their turn ends with no cards in their deck (1.8.1.2)."""
    zones = state.players[player].zones
    state.cite("lorcana:1.12.1")
    for _ in range(count):
        if not zones["deck"]:
            state.cite("lorcana:1.2.3", "lorcana:1.8.1.2")                   # as much as possible; no loss yet
            return
        card = state.cards[zones["deck"][0]]
        state.move(card, "hand")


def game_state_check(state: State, event: str = "banished") -> list[Instance]:
    """The game state check (lorcana:1.8): banish what has damage ≥ willpower, all at once, then trigger ``event``
    for each; the first player at 20 lore wins; a player whose turn ended with an empty deck loses. Conditions
    count only as the check happens (1.8.5). Returns the banished cards."""

    banished = [c for c in state.in_play() if c.card.type in ("character", "location")
                and c.damage >= max(c.stat("willpower"), 0) and c.card.willpower > 0]
    if state.lethal:                                                         # reached during an effect
        state.cite("lorcana:6.7.5")
        if state.lethal - {c.ref for c in banished}:
            state.cite("lorcana:1.8.5")                                      # no longer true: not banished
        state.lethal.clear()
    if banished:
        state.applied.append("lorcana:1.8.1.4")
    for card in banished:
        state.move(card, "discard")
    for card in banished:
        trigger(state, card, event)
    if state.winner is None:
        leaders = [p for p in [state.active, *state.opponents(state.active)] if state.players[p].lore >= WIN_LORE]
        state.winner = leaders[0] if leaders else None
        if leaders:
            state.cite("lorcana:1.8.1", "lorcana:1.8.1.1")
    if state.winner is None and state.ended_empty:                           # lorcana:1.8.1.2
        survivors = [p for p in state.players if p not in state.ended_empty]
        state.winner = survivors[0] if len(survivors) == 1 else None
        state.cite("lorcana:1.8.1", "lorcana:1.8.1.2", "lorcana:2.3.3.2")
    state.ended_empty.clear()
    return banished
