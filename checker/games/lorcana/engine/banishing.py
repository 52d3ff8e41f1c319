"""Banishing a card in play: to its owner's discard, unless a static «If X would be banished, [B] instead» of a card
in play replaces it (lorcana:6.5.1): then [B] happens and the banishing never does (6.5.4), so nothing that waits
for «is banished» triggers."""

from __future__ import annotations

from functools import cache
from typing import Any

from checker.games.lorcana.engine.cards import CardDef, not_static
from checker.games.lorcana.engine.filters import matches, supported
from checker.games.lorcana.engine.replacements import BANISH_INSTEAD, banish_replacement
from checker.games.lorcana.engine.state import Instance, State
from checker.grammar.walk import nodes


@cache
def banish_replacements(card: CardDef) -> tuple[tuple[dict[str, Any], str, dict[str, Any]], ...]:
    """The banishing replacements of a card's static abilities."""
    return tuple(found for structure in card.abilities if "keywords" not in structure.get("start", {})
                 and not not_static(structure)
                 for kind, fields in nodes(structure) if kind == "statement"
                 for found in [banish_replacement(fields)] if found is not None)


def banish(state: State, card: Instance) -> bool:
    """Banish ``card``; ``False`` when a replacement put it somewhere else instead (no «is banished» then)."""
    found = [(source, verb, args) for source in state.in_play()
             for phrase, verb, args in banish_replacements(source.card)
             if supported(phrase) and matches(phrase, card, source)]
    if len(found) > 1:                                                       # the affected player's order (6.5.7)
        state.unresolved.append(f"sustituciones que compiten por el destierro de {card.ref}")
    if not found:
        state.move(card, "discard")
        return True
    _, verb, args = found[0]
    zone = BANISH_INSTEAD[verb]
    state.move(card, zone)
    if zone == "inkwell":                                                    # into its owner's inkwell
        player = state.players[card.owner]
        if any(k == "facedown_and_exerted" for k, _ in nodes(args)):
            player.ink_exerted += 1
        else:
            player.ink_ready += 1
    state.cite("lorcana:6.5.1", "lorcana:6.5.1.1", "lorcana:6.5.4")
    return False
