"""Activated abilities (cost — effect): pay the costs, then resolve the effect."""

from __future__ import annotations

from typing import Any

from checker.errors import ReglasError
from checker.games.lorcana.engine.damage import game_state_check
from checker.games.lorcana.engine.effects import Targets, resolve
from checker.games.lorcana.engine.state import State
from checker.grammar.walk import nodes
from checker.scenario.model import Verdict


def activate(state: State, action: dict[str, Any]) -> Verdict:
    ref = str(action.get("card"))
    card = state.cards.get(ref)
    if card is None:
        raise ReglasError(f"action.card: no existe la carta «{ref}»", fix="usa una ref del estado")
    wanted = str(action.get("ability", "")).strip().casefold()
    ability = next((a for a in card.card.abilities if "activated" in a.get("start", {})
                    and str(a["start"].get("name", "")).casefold() == wanted), None)
    if ability is None:
        raise ReglasError(f"action.ability: «{card.card.name}» no tiene la habilidad activada «{wanted.upper()}»",
                          fix="usa el nombre en mayúsculas de una habilidad «coste — efecto»")
    if card.owner != state.active or card.zone != "play":
        return Verdict(False, ["lorcana:4.3.4"], "solo se activan habilidades de tus cartas en juego")
    player = state.players[state.active]
    costs = ability["start"]["activated"]["cost_list"]
    ink = 0
    exert = banish_self = False
    for kind, fields in nodes(costs.get("cost_list", {}).get("cost", [])):
        if kind == "exert_cost":
            exert = True
        elif kind == "ink_cost":
            ink += int(fields["number"])
        elif kind == "effect_cost" and any(k == "banish" for k, _ in nodes(fields)):
            banish_self = True
    if exert and card.exerted:
        return Verdict(False, ["lorcana:4.3.4.1", "lorcana:1.10.2"], "la carta ya está agotada: no puede pagar ⟳")
    if exert and card.card.type == "character" and not card.dry:
        return Verdict(False, ["lorcana:4.3.4.2", "lorcana:5.3.5"], "un personaje que se está secando no puede pagar ⟳")
    if player.ink_ready < ink:
        return Verdict(False, ["lorcana:4.3.4.1"], f"hace falta {ink} de tinta preparada y hay {player.ink_ready}")
    card.exerted = card.exerted or exert
    player.ink_ready -= ink
    player.ink_exerted += ink
    if banish_self:
        state.move(card, "discard")
    resolve({"sentences": ability["start"]["activated"].get("sentence", [])}, state, card,
            Targets(state, [str(t) for t in action.get("targets") or []], state.active))
    game_state_check(state)
    return Verdict(True, ["lorcana:4.3.4", "lorcana:4.3.4.1"], "habilidad activada")
