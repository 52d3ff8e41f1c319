"""Resolving the bag: the active player's triggered abilities first, each sentence with its conditions checked."""

from __future__ import annotations

from typing import Any

from checker.games.lorcana.engine.conditions import holds
from checker.games.lorcana.engine.damage import game_state_check
from checker.games.lorcana.engine.effects import Targets, resolve
from checker.games.lorcana.engine.state import Instance, State


def resolve_bag(state: State, action: dict[str, Any]) -> None:
    """Resolve the bag: the active player's abilities first, in the order they arrived (lorcana:7.7.4)."""
    targets = Targets(state, [], state.active)
    targets.refs = state.trigger_targets                                     # shared: consumed across the action
    declined = {str(n).casefold() for n in action.get("decline") or []}
    while state.pending:
        order = sorted(state.pending, key=lambda p: state.cards[p[1]].owner != state.active)
        name, ref, subject = order[0]
        state.pending.remove(order[0])
        if name.casefold() in declined:
            continue
        source = state.cards[ref]
        targets.chooser = source.owner                                       # its player makes its choices
        targets.previous = [state.cards[subject]] if subject != ref else []  # «that card», «them»
        ability = next((a for a in source.card.abilities if a.get("start", {}).get("name") == name), None)
        if ability is not None:
            _resolve_sentences(ability, state, source, targets)
            game_state_check(state)                                          # after each ability (1.8.1)


def _resolve_sentences(ability: dict[str, Any], state: State, source: Instance, targets: Targets) -> None:
    """Resolve every sentence of a triggered ability in order; conditions («if you have …») are checked now."""
    for sentence in ability["start"].get("sentence", []):
        statement = sentence.get("sentence", {}).get("statement", {}).get("statement")
        if statement is None:
            state.unresolved.append(f"frase no resuelta de {source.ref}")
            continue
        conditions = [p for p in statement.get("prefix", []) if "trigger" not in p.get("prefix", {})]
        holding = holds(conditions, state, source)
        if holding is None:
            state.unresolved.append(f"condición no resuelta de {source.ref}")
        if holding:
            resolve({"statement": {k: v for k, v in statement.items() if k != "prefix"}}, state, source, targets)
