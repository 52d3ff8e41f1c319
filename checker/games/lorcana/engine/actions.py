"""Turn actions: each checks legality (citing rule IDs, explaining in Spanish) and, if legal, changes the state."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from checker.errors import ReglasError
from checker.games.lorcana.engine.activated import activate as run_activated
from checker.games.lorcana.engine.bag import resolve_bag
from checker.games.lorcana.engine.banishing import banish
from checker.games.lorcana.engine.cards import not_static
from checker.games.lorcana.engine.conditions import holds
from checker.games.lorcana.engine.costs import free_permission, move_cost, play_cost, use_reductions, waiting_reductions
from checker.games.lorcana.engine.damage import deal_damage, draw, game_state_check
from checker.games.lorcana.engine.effects import DURATION_RULES, Targets
from checker.games.lorcana.engine.events import events_of, fire_delayed, flush_moves, trigger
from checker.games.lorcana.engine.filters import matches, supported
from checker.games.lorcana.engine.flags import challenge_limits, play_bans, play_limits
from checker.games.lorcana.engine.playing import enter, resolve_action
from checker.games.lorcana.engine.shiftcosts import pay_shift_costs, shift_costs
from checker.games.lorcana.engine.state import Instance, State
from checker.games.lorcana.engine.statics import refresh
from checker.games.lorcana.engine.zonecards import ink_permission
from checker.grammar.walk import nodes
from checker.scenario.model import Verdict

Action = dict[str, Any]


def illegal(message: str, *rules: str) -> Verdict:
    return Verdict(False, list(rules), message)


def _card(state: State, action: Action, key: str) -> Instance:
    ref = action.get(key)
    card = state.cards.get(str(ref))
    if card is None:
        raise ReglasError(f"action.{key}: no existe la carta «{ref}»", fix="usa una ref del estado (state)")
    return card


def _from_hand(state: State, action: Action, rule: str) -> tuple[Instance, Verdict | None]:
    """The card an action names, and an illegal verdict unless it is in the active player's hand."""
    card = _card(state, action, "card")
    if card.owner != state.active or card.zone != "hand":
        return card, illegal(f"«{card.ref}» no está en la mano del jugador activo", rule)
    return card, None


# ---------------------------------------------------------------------------------------------- ink
def ink(state: State, action: Action) -> Verdict:
    card, refused = _from_hand(state, action, "lorcana:4.2.1.1")
    if refused:
        return refused
    player = state.players[state.active]
    extra = player.inked_this_turn                                           # one more an effect allows (4.2.3.1)
    if extra and player.extra_inked >= player.extra_inks + static_extra_inks(state, state.active):
        return illegal("ya se ha puesto una carta en el tintero este turno", "lorcana:4.2.3", "lorcana:4.1.1")
    if not card.card.inkwell:
        return illegal(f"«{card.card.name}» no tiene el símbolo de tintero", "lorcana:4.2.1.1",
                       "lorcana:4.2.1.2", "lorcana:5.2.3", *(["lorcana:7.5.5"] if extra else []))
    player.extra_inked += int(extra)
    more = ["lorcana:4.2.3.1", "lorcana:7.5.5"] if extra else []
    state.move(card, "inkwell")
    player.ink_ready += 1
    player.inked_this_turn = True
    by_effect = ["lorcana:4.2.3.2"] if player.inked_by_effect else []          # those did not use this turn's
    return Verdict(True, ["lorcana:4.2", "lorcana:4.2.1.1", "lorcana:4.2.3", *by_effect, *more],
                   "la carta entra en el tintero preparada")


# ---------------------------------------------------------------------------------------------- quest
def static_extra_inks(state: State, player: str) -> int:
    """Inkings more this turn that static abilities of the player's cards in play allow («During your turn, you may
    put an additional card from your hand into your inkwell», lorcana:4.2.3.1), their conditions checked now."""
    count = 0
    for card in state.in_play(player):
        for structure in card.card.abilities:
            for kind, fields in nodes(structure):
                if kind == "statement" and fields.get("clause") and not not_static(structure) \
                        and all(ink_permission(c) for c in fields["clause"]) \
                        and holds(fields.get("prefix", []), state, card):
                    count += 1
    return count


def quest(state: State, action: Action) -> Verdict:
    card = _card(state, action, "character")
    if card.owner != state.active or card.zone != "play":
        return illegal(f"«{card.ref}» no es un personaje en juego del jugador activo", "lorcana:4.5.1.1")
    if card.card.type != "character":
        return illegal("solo los personajes pueden hacer misiones", "lorcana:5.3.4")
    if card.has("Reckless"):
        return illegal("un personaje con Temerario no puede hacer misiones", "lorcana:8.7.2", "lorcana:4.5.1.2")
    if "cant_quest" in card.flags():
        return illegal("una habilidad impide a este personaje hacer misiones", "lorcana:4.5.1.2", "lorcana:1.2.2",
                       *card.flag_rules("cant_quest"))
    if card.exerted:
        return illegal("el personaje está agotado: solo uno preparado puede hacer una misión",
                       "lorcana:4.5.1.1", "lorcana:4.5.1.3", "lorcana:5.1.1.2")  # it can't be exerted
    if not card.dry:
        rush = ["lorcana:8.9.1"] if card.has("Rush") else []
        rules = ["lorcana:4.5.1.1", "lorcana:4.5.1.2", "lorcana:5.3.5", "lorcana:5.1.1.11", "lorcana:1.7.5",
                 "lorcana:3.2.2.1", *rush]
        return illegal("el personaje se está secando (entró en juego este turno)", *rules)
    card.exerted = True
    state.players[card.owner].lore += max(card.stat("lore"), 0)
    trigger(state, card, "quests")
    verdict = Verdict(True, ["lorcana:4.5", "lorcana:4.5.1.2", "lorcana:5.1.1.12", "lorcana:4.5.1.4", "lorcana:1.11.2"],
                      f"gana {max(card.stat('lore'), 0)} de leyenda")             # dry, no limiter stops it
    if card.modifiers_of("lore") > 1:
        verdict.cite("lorcana:6.6.1.2")                                      # its ◊ modifiers all combine
    if card.stat("lore") < 0:
        verdict.cite("lorcana:6.6.3", "lorcana:4.5.3.1")                     # a negative lore value gains none
    if card.at is not None:
        verdict.cite("lorcana:3.2.2.2")                                      # the location's ◊ comes in the Set step
    if "shifted" in card.gained_flags:
        verdict.cite("lorcana:8.10.5")                                       # the turn actions of the one below
    if card.has("Support"):
        state.resolved_now("Support")
        verdict.cite("lorcana:8.13.1")
        helped = action.get("support") or (state.trigger_targets.pop(0) if state.trigger_targets else None)
        if helped is not None:                                               # optional: «you may» (8.13.1)
            other = _card(state, {"support": helped}, "support")
            if other is card or other.zone != "play" or other.card.type != "character":
                return illegal("Apoyo suma la Fuerza a otro personaje elegido en juego", "lorcana:8.13.1")
            other.modifiers.append(("strength", max(card.stat("strength"), 0), "turn"))
            verdict.cite("lorcana:8.13.1", *(["lorcana:6.6.1.2"] if card.modifiers_of("strength") else []))
    return verdict


# ---------------------------------------------------------------------------------------------- challenge
def can_challenge(state: State, attacker: Instance, defender: Instance) -> Verdict:
    """Whether ``attacker`` may challenge ``defender`` (Bodyguard aside)."""
    if attacker.owner != state.active or attacker.zone != "play" or attacker.card.type != "character":
        return illegal("el desafiante debe ser un personaje en juego del jugador activo", "lorcana:4.6.4.1")
    if attacker.exerted:
        return illegal("el desafiante está agotado: debe estar preparado", "lorcana:4.6.4.1", "lorcana:4.6.4.4",
                       "lorcana:5.1.1.2")                                    # it can't be exerted to challenge
    if not attacker.dry and not attacker.has("Rush"):
        return illegal("el desafiante se está secando y no tiene Prisa", "lorcana:4.6.4.1", "lorcana:5.3.5",
                       "lorcana:5.1.1.11", "lorcana:1.7.5", "lorcana:3.2.2.1", "lorcana:8.9.1")
    if "cant_challenge" in attacker.flags():
        return illegal("una habilidad impide desafiar a este personaje", "lorcana:4.6.4.3", "lorcana:1.2.2",
                       *attacker.flag_rules("cant_challenge"))
    if defender.zone != "play" or defender.owner == attacker.owner:
        return illegal("solo se puede desafiar a un personaje o ubicación rival en juego", "lorcana:4.6.4.2")
    location = defender.card.type == "location"                              # not an exerted character (4.6.8.1)
    if not location and defender.card.type != "character":
        return illegal("solo se puede desafiar a personajes y ubicaciones", "lorcana:4.6.4.2")
    if not location and not defender.exerted and "can_challenge_ready" not in attacker.flags():
        return illegal("el personaje desafiado está preparado: solo se desafía a personajes agotados",
                       "lorcana:4.6.4.2")
    if defender.has("Evasive") and not (attacker.has("Evasive") or attacker.has("Alert")):
        return illegal("solo un personaje con Evasivo (o Alerta) puede desafiar a uno con Evasivo",
                       "lorcana:8.6.1", "lorcana:4.6.4.3", *defender.aura_rules.get("keyword:Evasive", []))
    if "cant_be_challenged" in defender.flags():
        return illegal("una habilidad impide desafiar a ese personaje", "lorcana:4.6.4.3", "lorcana:1.2.2",
                       *defender.flag_rules("cant_be_challenged"))
    for phrase in challenge_limits(defender.card):                          # «can't be challenged by …»
        if not isinstance(phrase, dict) or not supported(phrase):
            state.unresolved.append(f"be_challenged_by: limitador no evaluado de {defender.ref}")
        elif matches(phrase, attacker, defender):
            return illegal("una habilidad de ese personaje impide que lo desafíe este", "lorcana:4.6.4.3",
                           "lorcana:1.2.2")
    if f"cant_challenge:{defender.ref}" in attacker.flags():                 # «… can't challenge this character»
        return illegal("una habilidad de ese personaje impide que este lo desafíe", "lorcana:4.6.4.3", "lorcana:1.2.2")
    verdict = Verdict(True, ["lorcana:4.6.8", "lorcana:4.6.8.1", "lorcana:4.6.8.2", *(["lorcana:8.3.3"] if any(
        c.has("Bodyguard") for c in state.in_play(defender.owner)) else [])] if location else ["lorcana:4.6.4.2"])
    if not attacker.dry:                                                     # Rush: as though in play since
        verdict.cite("lorcana:8.9.1", "lorcana:5.1.1.11")                    # the turn began, though drying
    if "shifted" in attacker.gained_flags and attacker.dry:
        verdict.cite("lorcana:8.10.5")
    if defender.has("Alert") and not defender.has("Evasive"):
        verdict.cite("lorcana:8.2.2")                                        # Alert gives no Evasive
    if defender.has("Evasive"):                                              # the limiter is met (8.6.1)
        verdict.cite("lorcana:8.6.1", *(["lorcana:8.2.1"] if not attacker.has("Evasive") else []))
    elif defender.card.mentions("Evasive"):                                  # «… gains Evasive» not now: no
        verdict.cite("lorcana:8.6.1")                                        # Evasive, no limiter
    if any(str(until).startswith("next_turn:") for c in (attacker, defender) for *_, until in c.modifiers):
        verdict.cite("lorcana:3.2.1.3")                                      # lasts until its player's next turn
    return verdict


def challenge(state: State, action: Action) -> Verdict:
    attacker, defender = _card(state, action, "attacker"), _card(state, action, "defender")
    verdict = can_challenge(state, attacker, defender)
    if not verdict.legal:
        return verdict
    if defender.card.type == "character" and not defender.has("Bodyguard"):
        bodyguards = [c for c in state.in_play(defender.owner) if c.has("Bodyguard") and c is not defender]
        guards = [c for c in bodyguards if can_challenge(state, attacker, c).legal]
        if guards:                                                           # and why it is a valid choice
            keywords = [r for r in verdict.rules if r.partition(":")[2].split(".")[0] == "8"]  # the keywords that
            return illegal(f"hay que desafiar a un personaje con Guardaespaldas ({guards[0].ref})",  # let the
                           "lorcana:8.3.3", "lorcana:4.6.4.3", *can_challenge(state, attacker, guards[0]).rules,
                           *keywords)                                # chosen one be challenged (Evasive…)
        for guard in bodyguards:                                             # «if able»: it can't be challenged
            verdict.cite("lorcana:8.3.3", *can_challenge(state, attacker, guard).rules)
    elif defender.card.type == "character":
        verdict.cite("lorcana:8.3.3")                                        # the limiter is met
    verdict.cite("lorcana:4.6", "lorcana:4.6.4.4")
    if defender.has("Ward"):
        verdict.cite("lorcana:8.15.1")                                      # challenging is not choosing
    if defender.has("Vanish"):
        verdict.cite("lorcana:8.14.1")                                      # being challenged is not being chosen
    state.challenge = (attacker.ref, defender.ref)
    step = verdict.steps.append
    step(f"lorcana:4.6.4.1 {attacker.ref} es el desafiante")
    step(f"lorcana:4.6.4.2 desafiado: {defender.ref}")
    step("lorcana:4.6.4.3 se cumplen los requisitos y ningún limitador lo impide")
    attacker.exerted = True
    step(f"lorcana:4.6.4.4 se agota {attacker.ref}")
    step("lorcana:4.6.4.5 el desafío ocurre")
    if attacker.has("Challenger"):
        verdict.cite("lorcana:8.5.1", *(["lorcana:8.1.2"] if attacker.sources("Challenger") > 1 else []))
    if defender.has("Challenger"):
        verdict.cite("lorcana:8.5.1", "lorcana:8.5.2")                      # only while challenging
    before = len(state.bag)
    trigger(state, attacker, "challenges", other=defender)
    trigger(state, defender, "is_challenged", other=attacker)
    game_state_check(state)                                                  # after the declaration (1.8.1)
    step(f"lorcana:4.6.5 a la bolsa y resueltas: {', '.join(state.bag[before:]) or 'nada'}")
    resolve_bag(state, action)
    refresh(state)
    if before < len(state.bag):
        verdict.cite("lorcana:4.6.5")
    if state.winner is not None:                                             # the game is over: no damage
        state.challenge = None
        step(f"lorcana:1.8.1.1 {state.winner} gana la partida antes del daño del desafío")
        verdict.message = f"{state.winner} gana la partida antes del daño del desafío"
        return verdict
    if attacker.zone != "play" or defender.zone != "play":                    # a trigger removed one of them
        state.challenge = None
        step("lorcana:4.6.9 uno de los dos ha salido del desafío: termina sin daño")
        verdict.cite("lorcana:4.6.9")
        verdict.message = "el desafío termina sin daño"
        return verdict
    strength = attacker.stat("strength") + (attacker.keyword("Challenger") or 0)
    back = defender.stat("strength") if defender.card.type == "character" else 0
    step(f"lorcana:4.6.6.1 daño calculado: {attacker.ref} con Fuerza {strength}, {defender.ref} con Fuerza {back}")
    more = {card.ref: card.extra_damage() for card in (attacker, defender)}  # then damage increases (4.6.6.1)
    if any(more.values()):
        step(f"lorcana:4.6.6.1 aumentos de daño: {attacker.ref} {more[attacker.ref]:+d}, "
             f"{defender.ref} {more[defender.ref]:+d}")
        verdict.cite("lorcana:4.6.6.1")
    to_defender = deal_damage(state, defender, max(strength, 0) + more[attacker.ref])
    to_attacker = deal_damage(state, attacker, max(back, 0) + more[defender.ref])
    step(f"lorcana:4.6.6.2 daño a la vez: {defender.ref} recibe {to_defender}, {attacker.ref} recibe {to_attacker}")
    verdict.cite("lorcana:4.6.6", "lorcana:4.6.6.1", "lorcana:4.6.6.2")
    challenger = 1 if attacker.keyword("Challenger") else 0                 # a modifier too (8.5.1)
    if attacker.modifiers_of("strength") + challenger > 1 or defender.modifiers_of("strength") > 1:
        verdict.cite("lorcana:6.6.1.2")                                      # all combine, in no order
    if min(strength, back) < 0:
        verdict.cite("lorcana:6.6.2", "lorcana:5.3.6.2")                    # negative ¤ deals no damage
    elif challenger and attacker.stat("strength") < 0:
        verdict.cite("lorcana:6.6.2")                                        # negative, not 0, for modifiers
    if defender.card.type == "location":
        verdict.cite("lorcana:4.6.8.3")                                     # no damage back from a location
    if defender.has("Resist") or attacker.has("Resist"):
        verdict.cite("lorcana:4.6.6.1", "lorcana:8.8.1")
    before = len(state.bag)
    banished = game_state_check(state, "banished_in_challenge")
    for card, other in ((defender, attacker), (attacker, defender)):        # «banished by» the other (1.8.1.4)
        if card in banished and card.card.type == "character" and other.card.type == "character":
            trigger(state, other, "banishes_in_challenge", tuple(banished), other=card)
    step(f"lorcana:4.6.6.3 verificación del estado del juego; desterrados: "
         f"{', '.join(c.ref for c in banished) or 'ninguno'}")
    if banished:
        verdict.cite("lorcana:4.6.6.3", "lorcana:1.8.1.4")
    step(f"lorcana:4.6.7 fin del desafío; disparadores de destierro: {', '.join(state.bag[before:]) or 'ninguno'}")
    resolve_bag(state, action)                                               # still during the challenge (4.6.7)
    verdict.cite("lorcana:4.6.7")
    state.challenge = None
    verdict.message = f"{attacker.ref} inflige {to_defender} y recibe {to_attacker} de daño"
    return verdict


# ---------------------------------------------------------------------------------------------- play
def _stops(who: str, state: State, source: Instance) -> bool:
    """Whether a ban on ``who`` (``all``, ``you``, ``opponents``, seen from the source's player) stops the active
    player."""
    return {"all": True, "you": state.active == source.owner, "opponents": state.active != source.owner}[who]


def _banned(state: State, card: Instance, via: str) -> Verdict | None:
    """A static ability in play that stops its player from playing the card («While this character is exerted,
    opponents can't play songs»): a can't beats the rules that allow it (lorcana:1.2.2), by any means of playing
    (singing is one, an alternate cost: 1.5.5.1)."""
    for effect in state.continuous:                                          # an effect's ban, for a while
        origin = state.cards[effect["source"]]
        if "ban" in effect and _stops(effect["ban"], state, origin) and supported(effect["phrase"]) \
                and matches(effect["phrase"], card, origin):
            return illegal(f"«{card.card.name}» no se puede jugar: un efecto de {origin.ref} lo impide todavía",
                           "lorcana:4.3.2.1", "lorcana:1.2.2", *DURATION_RULES.get(effect["until"].split(":")[0], ()))
    for source in state.in_play():
        for prefixes, who, phrase in play_bans(source.card):
            stopped = _stops(who, state, source)
            if not stopped or not supported(phrase) or not matches(phrase, card, source):
                continue
            applies = holds(prefixes, state, source) if prefixes else True
            if applies is None:
                state.unresolved.append(f"condición no resuelta de {source.ref}: jugar «{card.card.name}»")
            elif applies:
                conditional = ["lorcana:6.4.3", *(["lorcana:6.1.13.5"] if any(
                    "while_condition" in p.get("prefix", {}).get("condition", {}) for p in prefixes) else [])]
                return illegal(f"«{card.card.name}» no se puede jugar: una habilidad de {source.ref} lo impide",
                               "lorcana:4.3.2.1", "lorcana:1.2.2", *(conditional if prefixes else []),
                               *{"sing": ["lorcana:1.5.5.1", "lorcana:5.4.4.2"], "shift": ["lorcana:8.10.1"]
                                 }.get(via, []))
    return None


def play(state: State, action: Action) -> Verdict:
    card, refused = _from_hand(state, action, "lorcana:4.3.2.1")
    if refused:
        return refused
    player = state.players[state.active]
    chosen = [str(t) for t in action.get("targets") or []]
    for ref in chosen:                                                       # unknown refs are bad input
        _card(state, {"t": ref}, "t")
    for unless in play_limits(card.card):                                    # «You can't play this … unless …»
        stopped = holds([{"prefix": {"condition": {"unless": unless}}}], state, card)
        if stopped is None:
            state.unresolved.append(f"condición no resuelta de {card.ref}: jugarla")
        elif stopped:
            return illegal(f"«{card.card.name}» no se puede jugar ahora: su habilidad lo impide", "lorcana:4.3.2.1",
                           "lorcana:1.2.2", "lorcana:6.4.4.1")
    via = str(action.get("via", "ink"))
    banned = _banned(state, card, via)
    if banned is not None:
        return banned
    onto: Instance | None = None
    rules = ["lorcana:4.3"]
    if via == "ink":
        cost, changed = play_cost(state, card)
        if player.ink_ready < cost:
            return illegal(f"hacen falta {cost} de tinta preparada y hay {player.ink_ready}",
                           "lorcana:4.3.2.4", "lorcana:1.5.3", *changed)                  # paid in full or not at all
        _pay(player, cost)
        rules += ["lorcana:4.3.2.4", *changed]
        if card.card.is_song and any(kind == "sings_song" for other in state.in_play()
                                     for structure in other.card.abilities for kind, _ in nodes(structure)):
            rules.append("lorcana:1.5.5.1")                                  # paid in ink: nobody sang it
    elif via == "shift":
        verdict = _shift(state, card, action)
        if not verdict.legal:
            return verdict
        onto = _card(state, action, "onto")
        rules += [*verdict.rules, "lorcana:1.5.5.2"]                         # an alternate cost
    elif via == "sing":
        verdict = _sing(state, card, action)
        if not verdict.legal:
            return verdict
        rules += verdict.rules
    elif via == "free":                                                      # only what lets it (1.5.5.3)
        permission = free_permission(state, card)
        if permission is None or permission[0] is False:
            return illegal(f"nada permite jugar «{card.card.name}» gratis ahora", "lorcana:4.3.2.2",
                           *(permission[1] if permission else ["lorcana:1.5.5.3"]))
        if permission[0] is None:
            state.unresolved.append(f"condición no resuelta de {card.ref}: jugar gratis")
        rules += ["lorcana:4.3.2.2", *permission[1]]
    else:
        raise ReglasError(f"action.via: «{via}» no es una forma de jugar", fix="usa ink, shift, sing o free")
    vanished = _enter(state, card, onto, action)
    rules.append("lorcana:4.3.3.2" if card.card.type == "action" else "lorcana:4.3.3.1")   # how it enters play
    if card.card.type == "action":
        rules.append("lorcana:6.7.1.2")                                      # in the Play zone while it resolved
    game_state_check(state, after_effect=card.card.type == "action")
    if vanished:
        rules.append("lorcana:8.14.1")
    if any(state.cards[r].owner == state.active and state.cards[r].has("Vanish") for r in chosen):
        rules.append("lorcana:8.14.1")                                      # its own player chose it
    return Verdict(True, rules, f"se juega «{card.card.name}»")


def _pay(player: Any, amount: int) -> None:
    player.ink_ready -= amount
    player.ink_exerted += amount


#: What each kind of Shift goes on top of (lorcana:8.10.1, 8.10.8): whether a character fits, what the refusal says
#: it needs, and the rules that decide it.
SHIFT_ONTO: dict[str, tuple[Callable[[Instance, str], bool], str, tuple[str, ...]]] = {
    "name": (lambda onto, name: onto.card.named(name), "un personaje llamado {}", ("lorcana:8.10.1", "lorcana:5.2.6")),
    "classification": (lambda onto, cls: cls in onto.card.classifications, "un personaje {}",
                       ("lorcana:8.10.8", "lorcana:8.10.8.1")),
    "universal": (lambda onto, _: True, "un personaje", ("lorcana:8.10.8", "lorcana:8.10.8.2")),
}


def _shift(state: State, card: Instance, action: Action) -> Verdict:
    cost = card.keyword("Shift")
    if cost is None:
        return illegal(f"«{card.card.name}» no tiene Cambio", "lorcana:8.10")
    onto = _card(state, action, "onto")
    if onto.owner != state.active or onto.zone != "play" or onto.card.type != "character":
        variant = SHIFT_ONTO[card.card.shift_onto[0]][2]                     # «… one of your characters»
        return illegal("Cambio se juega sobre uno de tus personajes en juego", "lorcana:8.10", *variant,
                       "lorcana:7.4.1")
    kind, value = card.card.shift_onto
    fits, needs, variant = SHIFT_ONTO[kind]
    if not fits(onto, value):
        below = [state.cards[ref] for ref in onto.under if ref in state.cards]
        stack = ["lorcana:5.1.1.5", "lorcana:5.1.1.6"] if any(fits(b, value) for b in below) else []
        return illegal(f"Cambio exige {needs.format(value)}", *variant, *stack)   # only the top card counts
    player = state.players[state.active]
    cost, changed = play_cost(state, card, base=cost)                        # modifiers apply to Shift (1.5.5.2)
    if player.ink_ready < cost:
        return illegal(f"el coste de Cambio es {cost} y hay {player.ink_ready} de tinta preparada",
                       "lorcana:8.10", "lorcana:4.3.2.4", "lorcana:1.5.3", *changed)
    refused = pay_shift_costs(state, card) if shift_costs(card.card) else None   # «Shift: Discard a card»
    if refused is not None:
        return refused.verdict()
    _pay(player, cost)
    named = ["lorcana:5.2.6.1"] if kind == "name" and len(onto.card.names) > 1 else []   # «A & B» is named A, B
    return Verdict(True, ["lorcana:8.10", *variant, *named, "lorcana:8.10.2", "lorcana:8.10.4", "lorcana:8.10.6",
                          *changed])


def _sing(state: State, song: Instance, action: Action) -> Verdict:
    if not song.card.is_song:
        return illegal("solo las canciones se pueden cantar", "lorcana:5.4.4.2", "lorcana:5.4.4.1")
    refs = [str(r) for r in action.get("singers") or []]
    if not refs:
        raise ReglasError("action.singers: falta quién canta", fix="indica la ref de uno o más personajes")
    singers = [_card(state, {"s": r}, "s") for r in refs]
    for singer in singers:
        if singer.owner != state.active or singer.zone != "play" or singer.card.type != "character":
            return illegal(f"«{singer.ref}» no es un personaje en juego del jugador activo", "lorcana:5.4.4.2")
        if singer.exerted:
            return illegal(f"«{singer.ref}» está agotado: para cantar hay que agotarse", "lorcana:5.4.4.2",
                           "lorcana:5.1.1.2", "lorcana:1.5.3")                 # the song's cost can't be paid
        if not singer.dry:
            duet = ["lorcana:8.12.1", "lorcana:8.12.2"] if len(singers) > 1 else []
            return illegal(f"«{singer.ref}» se está secando y no puede agotarse para cantar",
                           "lorcana:5.4.4.2", "lorcana:5.3.5", "lorcana:5.1.1.11", "lorcana:1.7.5", "lorcana:3.2.2.1",
                           *duet, *(["lorcana:8.11.1"] if singer.has("Singer") else []))
        if "cant_sing" in singer.flags():
            return illegal(f"«{singer.ref}» no puede cantar", "lorcana:5.4.4.2", "lorcana:1.2.2",
                           *singer.flag_rules("cant_sing"))

    def value(singer: Instance) -> int:
        """The cost a character counts as to sing: its cost or its Singer value, plus «+N cost to sing» (8.11.3)."""
        bonus = sum(int(f.split(":")[1]) for f in singer.flags() if f.startswith("sing_bonus:"))
        return max(singer.card.cost, singer.keyword("Singer") or 0) + bonus

    if len(singers) == 1:
        if value(singers[0]) < song.card.cost:
            paid = ["lorcana:1.5.4"] if waiting_reductions(state, song) else []  # a reduction is not a cost
            return illegal(f"cantar esta canción exige coste {song.card.cost} (o Cantante {song.card.cost})",
                           "lorcana:5.4.4.2", "lorcana:8.11", *(["lorcana:8.11.1"] if singers[0].has("Singer") else []),
                           *paid)
        singer_rules = ["lorcana:8.11", "lorcana:8.11.1", "lorcana:8.11.2"] if singers[0].has("Singer") else []
        bonus = ["lorcana:8.11.3"] if any(f.startswith("sing_bonus:") for f in singers[0].flags()) else []
        rules = ["lorcana:5.4.4.1", "lorcana:5.4.4.2", "lorcana:1.5.5.1", *singer_rules, *bonus]   # an alternate cost
    else:
        together = song.keyword("Sing Together")
        if together is None:
            return illegal("solo una canción con Cantar juntos admite varios cantantes", "lorcana:8.12")
        if sum(value(s) for s in singers) < together:
            return illegal(f"los cantantes suman {sum(value(s) for s in singers)} y Cantar juntos exige {together}",
                           "lorcana:8.12", "lorcana:8.12.1", "lorcana:8.12.2")
        rules = ["lorcana:8.12", "lorcana:8.12.1", "lorcana:8.12.2", "lorcana:1.5.5.1",
                 *(["lorcana:8.11", "lorcana:8.11.1", "lorcana:8.11.2"] if any(s.has("Singer") for s in singers)
                   else [])]
    extra, changed = play_cost(state, song, base=0)                          # the alternate cost plus payment
    player = state.players[state.active]                                     # modifiers (4.3.2.3): «pays 1 ⬡
    if extra > player.ink_ready:                                             # more to play actions» adds ink
        return illegal(f"cantar la canción cuesta además {extra} de tinta y hay {player.ink_ready}",
                       "lorcana:4.3.2.3", "lorcana:4.3.2.4", "lorcana:1.5.3", *changed)
    if extra:
        _pay(player, extra)
        rules += ["lorcana:4.3.2.3", *changed]
    if any(s.has("Reckless") for s in singers):
        rules.append("lorcana:8.7.4")                                        # Reckless may still sing
    if any("shifted" in s.gained_flags and s.dry for s in singers):
        rules.append("lorcana:8.10.5")                                       # dry as the one it went on top of
    before = len(state.pending)
    for singer in singers:
        singer.exerted = True
        trigger(state, singer, "sings", other=song)                          # «whenever this character sings» (8.12.3)
    if len(singers) > 1 and len(state.pending) > before:
        rules.append("lorcana:8.12.3")                                       # each singer's own trigger
    return Verdict(True, rules)


def _enter(state: State, card: Instance, onto: Instance | None, action: Action) -> list[str]:
    """Put the played card where it goes; returns the refs banished by Vanish."""
    if card.card.type == "action":                                           # in the Play zone while its effect
        return resolve_all(state, card, action)                              # resolves, then discarded (6.7.1.2)
    if onto is None:
        guarded = bool(action.get("exerted", False) and card.has("Bodyguard"))
        enter(state, card, exerted=guarded)
        if guarded:
            state.cite("lorcana:8.3.2")                                      # it may enter play exerted
        return []
    exerted, dry, damage, at = onto.exerted, onto.dry, onto.damage, onto.at
    kept = list(onto.modifiers), list(onto.gained), list(onto.granted)      # effects on it apply on (8.10.5)
    stack = [onto.ref, *onto.under]                                          # it and what was under it (5.1.1.5)
    state.move(onto, "under")
    state.move(card, "play")
    card.exerted, card.dry, card.damage, card.at = exerted, dry, damage, at
    card.modifiers, card.gained, card.granted = kept
    if any(kept):
        state.cite("lorcana:8.10.5")
    card.exerted = card.exerted or bool(action.get("exerted", False) and card.has("Bodyguard"))
    if "enters_exerted" in card.flags() and not card.exerted:                # exerted as it enters, even on a
        card.exerted = True                                                  # ready one (8.10.3, 6.7.9)
        state.cite("lorcana:8.10.3", "lorcana:6.7.9")
    card.under = stack
    if len(stack) > 1:
        state.cite("lorcana:5.1.1.5", "lorcana:5.1.1.7")                     # all of them under the new top card
    card.gained_flags.add("shifted")                                         # «if you used Shift to play him»
    card.gained_abilities.clear()                                            # a new card (lorcana:7.1.6)
    use_reductions(state, card)
    refresh(state)                                                           # statics in play apply as it enters
    trigger(state, card, "played")
    return []


def resolve_all(state: State, source: Instance, action: Action) -> list[str]:
    """Resolve an action card's effects; returns the refs its choices banished through Vanish."""
    chosen = [str(t) for t in action.get("targets") or []]
    waiting = len(state.pending)
    resolve_action(state, source, Targets(state, chosen, state.active))
    flush_moves(state)                                                       # what its moves triggered waits too
    if len(state.pending) > waiting:
        state.cite("lorcana:6.7.4")                                          # they wait for the effect to end
    vanished = []
    for ref in chosen:                                                       # Vanish, after the effect (8.14.2)
        target = state.cards[ref]
        if target.owner != state.active and target.has("Vanish"):            # its triggered ability (8.14.1)
            state.resolved_now("Vanish")
            state.cite("lorcana:8.14.1", "lorcana:8.14.2")                  # gone already: nothing to banish
        if target.owner != state.active and target.zone == "play" and target.has("Vanish"):
            state.cite("lorcana:7.7.4.4")                                    # the bag passes to its player
            before = len(state.pending)
            if banish(state, target):                                        # banished: what watches it sees it
                trigger(state, target, "banished")
            if any(state.cards[p[1]].owner == state.active for p in state.pending[before:]):
                state.cite("lorcana:7.7.4.5")                                # and on in turn order, back again
            vanished.append(ref)
    return vanished


# ---------------------------------------------------------------------------------------------- move
def move(state: State, action: Action) -> Verdict:
    character, location = _card(state, action, "character"), _card(state, action, "location")
    if character.owner != state.active or character.zone != "play" or character.card.type != "character":
        return illegal("solo puedes mover a tus personajes en juego", "lorcana:4.7")
    if location.owner != state.active or location.zone != "play" or location.card.type != "location":
        return illegal("solo puedes mover personajes a tus ubicaciones en juego", "lorcana:4.7", "lorcana:4.7.1")
    if character.at == location.ref:
        return illegal("el personaje ya está en esa ubicación", "lorcana:4.7.2")
    if "cant_move" in character.flags():
        return illegal("una habilidad impide a este personaje moverse a ubicaciones", "lorcana:4.7", "lorcana:1.2.2",
                       "lorcana:4.1.4", *character.flag_rules("cant_move"))
    player = state.players[state.active]
    cost, changed = move_cost(state, character, location)
    if player.ink_ready < cost:
        return illegal(f"mover aquí cuesta {cost} de tinta y hay {player.ink_ready}", "lorcana:4.7.3.4",
                       "lorcana:1.5.3", *changed)
    _pay(player, cost)
    elsewhere = ["lorcana:4.7.2"] if character.at is not None else []         # from one location to another
    character.at = location.ref
    trigger(state, character, "moves", other=location)
    drying = ["lorcana:1.7.5", "lorcana:5.3.5"] if not character.dry else []  # moving needs no dry character
    drying += elsewhere
    return Verdict(True, ["lorcana:4.7", "lorcana:4.7.3.4", "lorcana:4.7.4", *changed, *drying])


# ---------------------------------------------------------------------------------------------- turn
def end_turn(state: State, action: Action) -> Verdict:
    reckless = []                                                            # «must challenge if able» (8.7.3)
    for card in state.in_play(state.active):
        if card.has("Reckless") and not card.exerted and (card.dry or card.has("Rush")):
            targets = [d for p in state.opponents(state.active) for d in state.in_play(p)
                       if can_challenge(state, card, d).legal]
            if targets:
                located = ["lorcana:4.6.8.2"] if any(d.card.type == "location" for d in targets) else []
                able = [r for r in can_challenge(state, card, targets[0]).rules      # the keywords that let
                        if r.partition(":")[2].split(".")[0] == "8"]                 # it (Rush, Alert…)
                return illegal(f"«{card.ref}» tiene Temerario y puede desafiar: el turno no puede terminar",
                               "lorcana:8.7.3", "lorcana:3.4.1", *located, *able)
        if card.has("Reckless"):                                             # not able: the turn may end
            reckless += ["lorcana:8.7.3", *(["lorcana:1.2.2"] if "cant_challenge" in card.flags() else [])]
            reckless += ["lorcana:5.1.1.11"] if not card.dry and not card.has("Rush") else []   # drying
            reckless += [r for p in state.opponents(state.active) for d in state.in_play(p) if d.exerted
                         for r in can_challenge(state, card, d).rules
                         if r.partition(":")[2].split(".")[0] == "8"]                # the keywords why not
    state.cite(*reckless)
    for card in state.in_play(state.active):                                 # End-of-Turn Phase (3.4.1.1)
        trigger(state, card, "turn_end")
    for card in state.in_play():
        trigger(state, card, "any_turn_end")
        if card.owner != state.active and any("turn_end" in events for _, events in events_of(card.card)):
            state.cite("lorcana:1.4.3.1", "lorcana:1.3.3")                   # «your turn» is its own player's
    fire_delayed(state, "turn_end")                                          # «at the end of the turn» (6.2.7.2)
    phase = ["lorcana:3.4.1.1"] if state.pending else []
    if state.pending and not state.players[state.active].zones["deck"]:
        phase += ["lorcana:1.8.1.2", "lorcana:3.4.2"]                        # the deck is checked as the turn ends
    if state.pending:
        resolve_bag(state, action)
        game_state_check(state)
        if state.winner is not None:
            return Verdict(True, [*phase, *state.applied], "la partida termina al final del turno")
    if any(m[2] == "turn" for c in state.cards.values() for m in [*c.modifiers, *c.gained]) \
            or any(g[1] == "turn" for c in state.cards.values() for g in c.granted):
        state.cite("lorcana:3.4.1.2", "lorcana:6.1.13.4")                    # «this turn» effects end
    for card in state.cards.values():
        card.modifiers = [m for m in card.modifiers if m[2] != "turn"]
        card.gained = [g for g in card.gained if g[2] != "turn"]
        card.gained_flags &= {"skip_next_ready", "shifted"}
        card.gained_abilities = [g for g in card.gained_abilities if g[2] != "turn"]
        card.granted = [g for g in card.granted if g[1] != "turn"]
    state.floating = [f for f in state.floating if f.get("until") != "turn"]  # floating triggers end (6.2.7.1)
    state.continuous = [e for e in state.continuous if e["until"] != "turn"]
    for player in state.players.values():
        player.next_reductions.clear()                                       # «… this turn» (4.3.6)
    if not state.players[state.active].zones["deck"]:                         # the turn ends: game state check
        state.ended_empty.add(state.active)
        game_state_check(state)
        if state.winner is not None:
            return Verdict(True, [*phase, "lorcana:3.4.2", "lorcana:1.8.1.2", "lorcana:2.3.3.2"],
                           f"{state.active} termina su turno sin cartas en el mazo y pierde la partida")
    order = list(state.players)
    state.history.clear()                                                    # «this turn» starts again
    state.active = order[(order.index(state.active) + 1) % len(order)]
    beginning_phase(state)
    return Verdict(True, [*phase, "lorcana:3.4", "lorcana:3.4.2", "lorcana:3.2"], f"empieza el turno de {state.active}")


def beginning_phase(state: State) -> None:
    """Ready, set (dry; lore from locations), draw — for the active player."""
    player = state.players[state.active]
    state.cite("lorcana:3.2.1.1", "lorcana:3.2.3.1")                         # ready, then draw
    player.ink_ready += player.ink_exerted                                   # 3.2.1
    player.ink_exerted = 0
    player.inked_this_turn = player.inked_by_effect = False
    player.extra_inks = player.extra_inked = 0
    refresh(state)                                                           # «… can't ready at the start …»
    for card in state.in_play(state.active):
        if "cant_ready_at_start" in card.flags():
            state.cite("lorcana:1.2.2", *card.flag_rules("cant_ready_at_start"))
        elif "skip_next_ready" in card.gained_flags:                         # «can't ready at the start…»
            card.gained_flags.discard("skip_next_ready")
            state.cite("lorcana:1.2.2")
        else:
            card.exerted = False
        if not card.dry:
            state.cite("lorcana:3.2.2.1")                                    # no longer drying
        card.dry = True
    now = (f"their_turn:{state.active}", f"end_next:{state.active}")         # «during their next turn» begins,
    for card in state.cards.values():                                        # «until the end of your next turn»:
        card.modifiers = [(s, a, "turn" if u in now else u) for s, a, u in card.modifiers]   # this turn now
        card.gained = [(k, v, "turn" if u in now else u) for k, v, u in card.gained]
        card.granted = [(f, "turn" if u in now else u) for f, u in card.granted]
    for card in state.cards.values():                                        # «until the start of your next turn»
        if any(m[-1] == f"next_turn:{state.active}" for m in [*card.modifiers, *card.gained, *card.granted]):
            state.cite("lorcana:3.2.1.3")
        card.granted = [g for g in card.granted if g[1] != f"next_turn:{state.active}"]
        card.modifiers = [m for m in card.modifiers if m[2] != f"next_turn:{state.active}"]
        card.gained = [g for g in card.gained if g[2] != f"next_turn:{state.active}"]
        card.shields = [s for s in card.shields if s[2] != f"next_turn:{state.active}"]
    state.continuous = [e for e in state.continuous if e["until"] != f"next_turn:{state.active}"]
    for card in state.in_play(state.active):
        if card.card.type == "location":                                     # the Set step looks at each one,
            player.lore += max(0, card.stat("lore"))                         # even at 0 ◊ (lorcana:3.2.2.2)
            state.cite("lorcana:3.2.2.2", "lorcana:5.6.5.4")                 # not a triggered ability
        trigger(state, card, "turn_start")
    if any(c.card.type == "location" for c in state.cards.values() if c.owner == state.active and c.zone == "discard"):
        state.cite("lorcana:3.2.2.2")                                        # a banished location gives no lore
    if state.pending:
        state.cite("lorcana:3.2.1.4", "lorcana:3.2.2.3")                     # they wait for the Set step,
        resolve_bag(state, {"type": "turn_start"})                           # and resolve before drawing
    game_state_check(state)
    if state.winner is not None:                                             # won in the Set step: no draw
        state.cite("lorcana:1.8.1.1")
        return
    draw(state, state.active, 1)                                             # 3.2.3


# ---------------------------------------------------------------------------------------------- activate
def activate(state: State, action: Action) -> Verdict:
    return run_activated(state, action)


#: The steps of each turn action's process that a legal one went through, cited with its verdict (lorcana:4.2–4.7).
PROCEDURES: dict[str, tuple[str, ...]] = {
    "ink": ("lorcana:4.2.1", "lorcana:4.2.1.1", "lorcana:4.2.1.2", "lorcana:4.2.1.3"),
    "play": ("lorcana:4.3.1", "lorcana:4.3.2", "lorcana:4.3.2.1", "lorcana:4.3.2.2", "lorcana:4.3.2.3",
             "lorcana:4.3.3"),
    "quest": ("lorcana:4.5.1", "lorcana:4.5.1.1", "lorcana:4.5.1.3", "lorcana:4.5.3"),
    "challenge": ("lorcana:4.6.1", "lorcana:4.6.3", "lorcana:4.6.4", "lorcana:4.6.4.1", "lorcana:4.6.4.3",
                  "lorcana:4.6.4.5"),
    "move": ("lorcana:4.7.1", "lorcana:4.7.3", "lorcana:4.7.3.1", "lorcana:4.7.3.2", "lorcana:4.7.3.3"),
}

HANDLERS: dict[str, Callable[[State, Action], Verdict]] = {
    "ink": ink, "quest": quest, "challenge": challenge, "play": play, "move": move,
    "end_turn": end_turn, "activate": activate,
}
