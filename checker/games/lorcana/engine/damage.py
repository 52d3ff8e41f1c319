"""Damage, drawing and the game state check (banishment at damage ≥ willpower, 20 lore wins)."""

from __future__ import annotations

from functools import cache
from typing import Any

from checker.games.lorcana.engine.banishing import banish
from checker.games.lorcana.engine.cards import CardDef
from checker.games.lorcana.engine.events import trigger
from checker.games.lorcana.engine.filters import matches, supported
from checker.games.lorcana.engine.replacements import damage_replacement, would_be_dealt, would_turn
from checker.games.lorcana.engine.shields import absorb
from checker.games.lorcana.engine.state import WIN_LORE, Instance, State
from checker.games.lorcana.engine.turns import whose_turn
from checker.grammar.walk import nodes

#: A self-replacement and another replacement on the same event: the self-replacement first, then the other one,
#: on the modified event (lorcana:6.5.7).
COMPETING = ("lorcana:6.5.7", "lorcana:6.5.7.1", "lorcana:6.5.7.2", "lorcana:6.5.7.3")


@cache
def protects(card: CardDef) -> tuple[tuple[dict[str, Any], Any], ...]:
    """(the phrase of the cards whose damage a card's static abilities take instead, the «during …» turn it is
    limited to or ``None``) (lorcana:6.5.1)."""
    return tuple((found, would_turn(fields)) for structure in card.abilities
                 if "keywords" not in structure.get("start", {})
                 and not any(k == "activated" for k, _ in nodes(structure))
                 for kind, fields in nodes(structure) if kind == "statement"
                 and (would_be_dealt(fields) is not None or not any(k == "trigger" for k, _ in nodes(fields)))
                 for found in [damage_replacement(fields)] if found is not None)


def _in_turn(state: State, source: Instance, scope: Any) -> bool:
    """Whether a replacement limited to «during your turn» / «during an opponent's turn» applies now; a turn it
    cannot read is reported and the replacement does not apply."""
    if scope is None:
        return True
    yours = whose_turn(scope)
    if yours is None:
        state.unresolved.append(f"turno no leído en una sustitución de {source.ref}")
        return False
    state.cite("lorcana:6.1.13.1")
    return (state.active == source.owner) == yours


def _protector(state: State, target: Instance) -> Instance | None:
    """The card that takes the damage ``target`` would be dealt instead; with more than one, the affected player
    chooses which applies first (6.5.7), beyond this checker: reported."""
    found = [source for source in state.in_play() if source is not target
             for phrase, scope in protects(source.card) if supported(phrase) and matches(phrase, target, source)
             and _in_turn(state, source, scope)]
    if len(found) > 1:
        state.unresolved.append(f"sustituciones que compiten por el daño de {target.ref}")
    return found[0] if found else None


def dealt(target: Instance, amount: int) -> int:
    """Damage actually dealt: reduced by Resist (which stacks), never below 0."""
    return max(0, amount - (target.keyword("Resist") or 0))


def mark_lethal(state: State, target: Instance) -> None:
    """Note a card whose damage now reaches its willpower, for the game state check after the effect."""
    if target.card.type in ("character", "location") and target.damage >= max(target.stat("willpower"), 0):
        state.lethal.add(target.ref)


def deal_damage(state: State, target: Instance, amount: int) -> int:
    """Deal damage; only damage actually dealt (after Resist) triggers «is dealt damage»; a protector's replacement
    takes that final amount as counters put on it instead (lorcana:6.7.2.2, 6.5.1)."""

    placed = absorb(state, target, dealt(target, amount))                    # modifiers first (6.7.2.2)
    protector = _protector(state, target) if placed > 0 else None
    if protector is not None:                                                # the damage is never dealt (6.5.4):
        protector.damage += placed                                           # counters put instead (1.9.2.2)
        state.cite("lorcana:6.7.2.2", "lorcana:6.5.1", "lorcana:6.5.1.1", "lorcana:6.5.4",
                   *(["lorcana:8.8.1"] if target.has("Resist") else []),
                   *(["lorcana:8.8.3"] if protector.has("Resist") else []),
                   *(COMPETING if state.self_replaced else ()))
        mark_lethal(state, protector)
        return 0
    if target.has("Resist") and amount > 0:                                  # reduced; to 0: none dealt (8.8.2)
        state.cite("lorcana:8.8.1", "lorcana:6.7.2.2",                      # the total; none placed: no damage
                   *(["lorcana:8.8.2", "lorcana:1.9.3"] if placed == 0 else []))
    target.damage += placed
    state.dealt[target.ref] = placed
    mark_lethal(state, target)
    if placed:
        state.cite("lorcana:1.9.2.1")                                        # dealt: counters placed
        trigger(state, target, "dealt_damage")
    return placed


def draw(state: State, player: str, count: int) -> None:
    """Draw one card at a time; with the deck empty there is nothing to draw, and that alone loses nothing
    (lorcana:1.12.2, lorcana:1.2.3): a player loses when their turn ends with no cards in their deck (1.8.1.2)."""
    zones = state.players[player].zones
    state.cite("lorcana:1.12.1", *(["lorcana:1.12.2"] if count > 1 else []))    # one at a time
    for _ in range(count):
        if not zones["deck"]:
            state.cite("lorcana:1.2.3", "lorcana:1.8.1.2")                   # as much as possible; no loss yet
            return
        card = state.cards[zones["deck"][0]]
        state.move(card, "hand")
        trigger(state, card, "drawn")                                        # «whenever you draw a card»


def game_state_check(state: State, event: str = "banished", after_effect: bool = False) -> list[Instance]:
    """The game state check (lorcana:1.8): banish what has damage ≥ willpower, all at once, then trigger ``event``
    for each; the first player at 20 lore wins; a player whose turn ended with an empty deck loses. Conditions
    count only as the check happens (1.8.5); ``after_effect``: the check that follows an action's or an ability's
    effects (6.7.5), cited when it decides something. Returns the cards it banished (not those a replacement
    effect saved, 6.5.4)."""

    banished = [c for c in state.in_play() if c.card.type in ("character", "location")
                and c.damage >= max(c.stat("willpower"), 0) and c.card.willpower > 0]
    if state.lethal:                                                         # reached during an effect
        state.cite("lorcana:6.7.5")
        if state.lethal - {c.ref for c in banished}:
            state.cite("lorcana:1.8.5")                                      # no longer true: not banished
        state.lethal.clear()
    if banished:
        state.applied.append("lorcana:1.8.1.4")
        if after_effect:
            state.cite("lorcana:6.7.5")
        if any(c.modifiers_of("willpower") for c in banished):
            state.cite("lorcana:6.6.1.1", "lorcana:6.7.5")                   # its willpower as modified now, once
                                                                             # the effects have resolved
    if len(banished) > 1:
        state.cite("lorcana:1.8.4")                                          # all at once
    gone = [card for card in banished if banish(state, card)]              # a replaced one never is (6.5.4)
    waiting = len(state.pending)
    for card in gone:
        trigger(state, card, event, tuple(gone))
    if len(state.pending) > waiting:
        state.cite("lorcana:1.8.2")                                          # they wait for the check to finish
    if state.winner is None:
        leaders = [p for p in [state.active, *state.opponents(state.active)] if state.players[p].lore >= WIN_LORE]
        state.winner = leaders[0] if leaders else None
        if leaders:
            state.cite("lorcana:1.8.1", "lorcana:1.8.1.1", "lorcana:1.11.3",
                       *(["lorcana:1.8.4"] if len(leaders) > 1 else []),     # each in turn order
                       *(["lorcana:6.7.5"] if after_effect else []))         # once the effects resolved
    if state.winner is None and state.ended_empty:                           # lorcana:1.8.1.2
        survivors = [p for p in state.players if p not in state.ended_empty]
        state.winner = survivors[0] if len(survivors) == 1 else None
        state.cite("lorcana:1.8.1", "lorcana:1.8.1.2", "lorcana:2.3.3.2")
    state.ended_empty.clear()
    return gone                                                              # not the ones a replacement saved
