"""Activated abilities (cost — effect): pay the costs, then resolve the effect."""

from __future__ import annotations

from typing import Any

from checker.errors import ReglasError
from checker.games.lorcana.engine.bag import resolve_sentences
from checker.games.lorcana.engine.banishing import banish
from checker.games.lorcana.engine.damage import game_state_check
from checker.games.lorcana.engine.discardcost import discard_args, discard_options, pay_discard
from checker.games.lorcana.engine.effects import Targets
from checker.games.lorcana.engine.events import trigger
from checker.games.lorcana.engine.filters import matches, supported
from checker.games.lorcana.engine.state import Instance, State
from checker.games.lorcana.engine.zonecards import card_matches, select, understood
from checker.grammar.walk import nodes
from checker.scenario.model import Verdict


def once_form(structure: dict[str, Any]) -> bool:
    """An ability used as a turn action without ⟳ — «Once per turn, you may pay 2 ⬡ to …» (lorcana:6.1.13.2)."""
    start = structure.get("start", {})
    if "activated" in start or "name" not in start or any(k == "trigger" for k, _ in nodes(structure)):
        return False
    first = (start.get("sentence") or [{}])[0].get("sentence", {}).get("statement", {}).get("statement", {})
    timings = [p["prefix"]["timing"] for p in first.get("prefix", []) if "timing" in p.get("prefix", {})]
    return any("once_per_turn" in t or "once_during" in t for t in timings)


def activate(state: State, action: dict[str, Any]) -> Verdict:
    ref = str(action.get("card"))
    card = state.cards.get(ref)
    if card is None:
        raise ReglasError(f"action.card: no existe la carta «{ref}»", fix="usa una ref del estado")
    wanted = str(action.get("ability", "")).strip().casefold()
    if wanted in ("boost", "impulso"):
        return boost(state, card)
    ability = next((a for a in card.card.abilities if "activated" in a.get("start", {})
                    and str(a["start"].get("name", "")).casefold() == wanted), None)
    once = next((a for a in card.card.abilities if once_form(a)
                 and str(a["start"].get("name", "")).casefold() == wanted), None)
    if ability is None and once is not None:                                 # «Once per turn, you may pay …»
        if card.owner != state.active or card.zone != "play":
            return Verdict(False, ["lorcana:4.4"], "solo se activan habilidades de tus cartas en juego")
        resolve_sentences(once["start"]["sentence"], state, card,                 # using it is the decision
                          Targets(state, [str(t) for t in action.get("targets") or []], state.active), decided=True)
        game_state_check(state, after_effect=True)
        return Verdict(True, ["lorcana:4.4", "lorcana:6.1.13.2", *new_location(card)], "habilidad usada")
    below = [state.cards[ref] for ref in card.under if ref in state.cards]
    if ability is None and any(str(a.get("start", {}).get("name", "")).casefold() == wanted
                               for other in below for a in other.card.abilities):
        return Verdict(False, ["lorcana:4.4", "lorcana:5.1.1.6", *(["lorcana:8.10.5"] if "shifted" in card.gained_flags
                                                                   else [])],
                       f"«{wanted.upper()}» es de una carta que está debajo: la de arriba no gana su texto")
    if ability is None:
        raise ReglasError(f"action.ability: «{card.card.name}» no tiene la habilidad activada «{wanted.upper()}»",
                          fix="usa el nombre en mayúsculas de una habilidad «coste — efecto»")
    if card.owner != state.active or card.zone != "play":
        return Verdict(False, ["lorcana:4.4", *(["lorcana:4.4.3", "lorcana:6.3.1"] if card.owner != state.active
                                                else [])], "solo se activan habilidades de tus cartas en juego")
    player = state.players[state.active]
    node = ability["start"]["activated"]["activated"]
    ink = 0
    exert = banish_self = False
    others: list[Any] = []                                                   # «⟳ one of your characters»
    discards: list[dict[str, Any]] = []                                      # «Choose and discard a card»
    for kind, fields in nodes(node["cost_list"]["cost_list"].get("cost", [])):
        if kind == "exert_cost":
            exert = True
        elif kind == "ink_cost":
            ink += int(fields["number"])
        elif kind == "effect_cost" and "banish" in fields.get("predicate", {}):
            banish_self = True
        elif kind == "effect_cost" and "exert_with_symbol" in fields.get("predicate", {}):
            others.append(fields["predicate"]["exert_with_symbol"].get("card_np"))
        elif kind == "effect_cost" and discard_args(fields.get("predicate", {})) is not None:
            discards.append(discard_args(fields["predicate"]) or {})
        elif kind == "effect_cost":                                         # never skipped silently
            state.unresolved.append(f"coste {next(iter(fields.get('predicate', {'?': {}})))}")
    if exert and card.exerted:
        return Verdict(False, ["lorcana:4.4.3.4", "lorcana:5.1.1.2"], "la carta ya está agotada: no puede pagar ⟳")
    if exert and card.card.type == "character" and not card.dry:
        rush = ["lorcana:8.9.1"] if card.has("Rush") else []                # Rush is for challenging only
        return Verdict(False, ["lorcana:4.4.2", "lorcana:5.3.5", "lorcana:1.7.5", "lorcana:3.2.2.1", "lorcana:6.3.1.1",
                               *rush], "un personaje que se está secando no puede pagar ⟳")
    if player.ink_ready < ink:
        return Verdict(False, ["lorcana:4.4.3.4", "lorcana:1.5.3"],
                       f"hace falta {ink} de tinta preparada y hay {player.ink_ready}")
    if not exert and card.card.type == "character" and not card.dry:
        state.cite("lorcana:6.3.1.1")                                        # no ⟳ in the cost: drying is fine
    if not exert and card.exerted:
        state.cite("lorcana:5.1.1.2")                                        # an exerted card's abilities without ⟳
    paying: list[Instance] = []                                              # every cost known payable first
    for phrase in others:
        chosen = _exert_another(state, card, phrase, [*paying, *([card] if exert else [])])
        if isinstance(chosen, Verdict):
            return chosen
        paying += chosen
    discarding: list[list[Instance]] = []
    for args in discards:
        valid = discard_options(args, state, card)
        if valid is None:
            state.unresolved.append("coste discard: no se sabe qué cartas pueden pagarlo")
        elif not valid:
            return Verdict(False, ["lorcana:1.5.3", "lorcana:4.4.3.4"],
                           "no tienes en la mano ninguna carta que descartar: el coste no se puede pagar entero")
        else:
            discarding.append(valid)
    card.exerted = card.exerted or exert
    for valid in discarding:
        if not pay_discard(state, "discard_cost", valid, "lorcana:1.5.3"):
            state.unresolved.append("coste discard: falta qué carta se descarta (choices: [{cards: [ref]}])")
    for other in paying:
        other.exerted = True
    player.ink_ready -= ink
    player.ink_exerted += ink
    waiting = len(state.pending)
    if banish_self:
        state.cite("lorcana:1.8.5")                                          # no check until the effect resolves
    if banish_self and banish(state, card):                                  # banished as a cost: watchers see it
        trigger(state, card, "banished")
    resolve_sentences(node.get("sentence", []), state, card,
                      Targets(state, [str(t) for t in action.get("targets") or []], state.active))
    game_state_check(state, after_effect=True)
    if len(state.pending) > waiting:                                         # after the effect (6.3.3, 4.4.5)
        state.cite("lorcana:6.3.3", "lorcana:4.4.5")
    usable = ["lorcana:4.4.2"] if card.card.type in ("item", "location") else []   # no drying for these
    usable += new_location(card)
    return Verdict(True, ["lorcana:4.4", "lorcana:4.4.1", "lorcana:4.4.3", "lorcana:4.4.3.1", "lorcana:4.4.3.2",
                          "lorcana:4.4.3.3", "lorcana:4.4.3.4", "lorcana:4.4.4", *usable], "habilidad activada")


def _exert_another(state: State, card: Instance, phrase: Any, taken: list[Instance]) -> Verdict | list[Instance]:
    """The card that pays «⟳ one of your characters»: a ready, dry card of the player's that the phrase allows and
    no other part of the cost uses (``taken``), named in ``choices`` ({cards: [ref]}) unless only one can pay
    (lorcana:5.1.1.11: a drying character can't ⟳). Nothing is exerted here."""
    fits = matches if supported(phrase) else card_matches if understood(phrase) else None   # in play: «… here»
    if fits is None:
        state.unresolved.append("exert_with_symbol: no se sabe qué cartas pueden pagarlo")
        return []
    valid = [c for c in state.in_play(card.owner) if not c.exerted and (c.dry or c.card.type != "character")
             and c not in taken and fits(phrase, c, card)]
    if not valid:
        return Verdict(False, ["lorcana:1.5.3", "lorcana:5.1.1.11", "lorcana:4.4.2.1"],
                       "no hay ninguna carta preparada y seca con la que pagar «⟳ …»: el coste no se puede pagar "
                       "entero")
    picked = select(state, "exert_with_symbol", valid, 1, 1, "lorcana:1.5.3")
    if picked is None:
        return Verdict(False, ["lorcana:1.5.3"], "falta qué carta se agota para pagar (choices: [{cards: [ref]}])")
    state.cite("lorcana:1.5.3", "lorcana:4.4.2.1")                           # only a dry character pays it
    return list(picked[0])


def new_location(card: Any) -> list[str]:
    """An item's or a location's abilities work the turn it is played (lorcana:5.5.4, 5.6.4, 6.3.1.2): the rules,
    when that is the case."""
    if "entered" not in card.gained_flags:
        return []
    return {"item": ["lorcana:5.5.4", "lorcana:6.3.1.2"], "location": ["lorcana:5.6.4", "lorcana:6.3.1.2"]}.get(
        card.card.type, [])


def boost(state: State, card: Any) -> Verdict:
    """Boost N ⬡: once during your turn, pay N ⬡ to put the top card of your deck facedown under the character."""
    cost = card.keyword("Boost")
    if cost is None:
        return Verdict(False, ["lorcana:8.4"], f"«{card.card.name}» no tiene Impulso")
    if card.owner != state.active or card.zone != "play":
        return Verdict(False, ["lorcana:8.4.1"], "Impulso se usa en tu turno con tus cartas en juego")
    if "boosted" in card.gained_flags:
        return Verdict(False, ["lorcana:8.4.1", "lorcana:6.1.13.2"], "Impulso solo se usa una vez por turno")
    player = state.players[state.active]
    if player.ink_ready < cost:
        return Verdict(False, ["lorcana:8.4.1"], f"Impulso cuesta {cost} de tinta y hay {player.ink_ready}")
    deck = player.zones["deck"]
    if not deck:
        return Verdict(False, ["lorcana:8.4.1"], "no quedan cartas en el mazo para poner debajo")
    player.ink_ready -= cost
    player.ink_exerted += cost
    top = state.cards[deck[0]]
    state.move(top, "under")
    card.under.append(top.ref)
    card.gained_flags.add("boosted")
    waiting = len(state.pending)
    trigger(state, card, "put_under")                                        # «whenever you put a card under …»
    if len(state.pending) > waiting:
        state.cite("lorcana:6.3.3")                                          # they wait for the ability to resolve
    drying = ["lorcana:6.3.1.1"] if card.card.type == "character" and not card.dry else []   # no ⟳ in its cost
    drying += new_location(card)
    return Verdict(True, ["lorcana:8.4", "lorcana:8.4.1", "lorcana:8.4.3", *drying],
                   "una carta pasa debajo del personaje")
