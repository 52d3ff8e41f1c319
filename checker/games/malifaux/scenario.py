"""Run a Malifaux scenario: duels, flips, random determination and attribute math, with citations."""

from __future__ import annotations

from typing import Any

from checker.errors import ReglasError
from checker.games.malifaux.cards import card, cards, suits_of
from checker.games.malifaux.duel import Side, cheat, choose_active, declare_soulstones, flip, observe, total
from checker.games.malifaux.fate import RED_JOKER, FateCard
from checker.scenario.actions import play_actions, scenario_actions
from checker.scenario.model import Outcome, Refused, Verdict

WOUNDS = ("Wd", "Heridas")


class Table:
    """The players' decks, control hands and soulstones, and the models with their attributes."""

    def __init__(self, state: dict[str, Any]) -> None:
        players = state.get("players") or {}
        self.decks = {p: cards(v.get("deck"), f"state.players.{p}.deck") for p, v in players.items()}
        self.hands = {p: cards(v.get("hand"), f"state.players.{p}.hand") for p, v in players.items()}
        self.soulstones = {p: int(v.get("soulstones", 0)) for p, v in players.items()}
        self.models: dict[str, dict[str, Any]] = dict(state.get("models") or {})
        for ref, model in self.models.items():
            if model.get("player") not in players:
                raise ReglasError(f"state.models.{ref}.player: «{model.get('player')}» no es un jugador del estado",
                                  fix=f"usa uno de: {', '.join(players) or '(no hay jugadores)'}")

    def model(self, ref: object, where: str) -> dict[str, Any]:
        found = self.models.get(str(ref))
        if found is None:
            raise ReglasError(f"{where}: no existe la miniatura «{ref}»", fix="usa una de state.models")
        return found

    def player(self, ref: object, where: str) -> str:
        if str(ref) not in self.decks:
            raise ReglasError(f"{where}: «{ref}» no es un jugador del estado", fix="usa uno de state.players")
        return str(ref)


def attribute(model: dict[str, Any], name: str, modifier: int, who: str) -> int:
    """The attribute with its modifier; never below 1 except Wounds; «-» means the model lacks it (malifaux:9.3–9.4)."""
    value = (model.get("attributes") or {}).get(name)
    if value is None or str(value).strip() in ("-", "—"):
        raise Refused(f"«{who}» no tiene el atributo {name} (aparece como «-»): no puede usarse ni modificarse",
                      "malifaux:9.4")
    result = int(value) + modifier
    return result if name in WOUNDS else max(result, 1)


def side(table: Table, spec: dict[str, Any], where: str) -> Side:
    model = table.model(spec.get("model"), f"{where}.model")
    ref = str(spec.get("model"))
    stone = spec.get("soulstone") or {}
    trigger = spec.get("trigger")
    result = Side(
        name=ref, player=str(model["player"]), station=str(model.get("station", "minion")).casefold(), stat=None,
        mods=str(spec.get("mods", "")), bonus=int(spec.get("bonus", 0)), soulstone_plus=bool(stone.get("plus")),
        soulstone_suit=suits_of(stone.get("suit"), f"{where}.soulstone.suit"),
        choose=card(spec["choose"], f"{where}.choose") if spec.get("choose") else None,
        cheat=card(spec["cheat"], f"{where}.cheat") if spec.get("cheat") else None,
        trigger_suits=suits_of(trigger.get("suits"), f"{where}.trigger.suits") if isinstance(trigger, dict) else None,
    )
    if "value" in spec:
        result.stat = int(spec["value"])
    else:
        name = str(spec.get("stat", ""))
        result.stat = attribute(model, name, int(spec.get("stat_mod", 0)), ref)
        if spec.get("stat_mod"):
            result.cite("malifaux:9.5")
    return result


def _declare_and_flip(table: Table, one: Side) -> None:
    """Spend the declared soulstones, flip and take the active card."""
    table.soulstones[one.player] -= declare_soulstones(one, table.soulstones[one.player])
    flip(one, table.decks[one.player])
    choose_active(one)


def simple_duel(table: Table, action: dict[str, Any]) -> tuple[Verdict, dict[str, Any]]:
    one = side(table, action, "action")
    tn = int(action.get("tn", 0))
    tn_suits = suits_of(action.get("tn_suits"), "action.tn_suits")
    _declare_and_flip(table, one)
    cheat(one, table.hands[one.player])
    total(one)
    success = one.total >= tn and all(s in one.suits for s in tn_suits)
    one.cite("malifaux:2.3")
    result = {**observe(one), "tn": tn, "success": success}
    verdict = Verdict(True, one.rules, f"total {one.total}{one.suits} contra NO {tn}{tn_suits}: "
                      + ("éxito" if success else "fracaso"))
    return verdict, result


def opposed_duel(table: Table, action: dict[str, Any]) -> tuple[Verdict, dict[str, Any]]:
    attacker = side(table, action.get("attacker") or {}, "action.attacker")
    defender = side(table, action.get("defender") or {}, "action.defender")
    # The defender declares soulstones first (malifaux:5.2); both flip; then each may cheat, having seen both flips.
    for one in (defender, attacker):
        _declare_and_flip(table, one)
    cheat(attacker, table.hands[attacker.player], RED_JOKER in defender.flipped)
    cheat(defender, table.hands[defender.player], RED_JOKER in attacker.flipped)
    total(attacker)
    total(defender)
    winner = "attacker" if attacker.total > defender.total else "defender"
    rules = [*attacker.rules, *[r for r in defender.rules if r not in attacker.rules], "malifaux:2.4"]
    if defender.soulstone_plus:
        rules.append("malifaux:5.3.3")
    if attacker.total == defender.total:
        rules.append("malifaux:2.4.1")
    result = {"attacker": observe(attacker), "defender": observe(defender), "winner": winner,
              "damage_mods": "−" if defender.soulstone_plus else ""}
    names = {"attacker": attacker.name, "defender": defender.name}
    message = f"{attacker.total}{attacker.suits} contra {defender.total}{defender.suits}: gana {names[winner]}"
    return Verdict(True, rules, message), result


def single_flip(table: Table, action: dict[str, Any]) -> tuple[Verdict, dict[str, Any]]:
    player = table.player(action.get("player"), "action.player")
    kind = str(action.get("kind", "damage"))
    one = Side(name=player, player=player, station="", stat=0, mods=str(action.get("mods", "")),
               choose=card(action["choose"], "action.choose") if action.get("choose") else None,
               cheat=card(action["cheat"], "action.cheat") if action.get("cheat") else None,
               cheat_allowed=kind in ("damage", "healing", "duel") or bool(action.get("cheat_allowed")))
    flip(one, table.decks[player])
    choose_active(one)
    cheat(one, table.hands[player], bool(action.get("opponent_flipped_red_joker")))
    result = {"card": str(one.active), "flipped": [str(c) for c in one.flipped], "net": observe(one)["net"],
              "cards": len(one.flipped)}
    return Verdict(True, [*one.rules, "malifaux:2.5"], f"carta usada: {one.active}"), result


def random_model(table: Table, action: dict[str, Any]) -> tuple[Verdict, dict[str, Any]]:
    """One card per model from the controller's deck; the lowest is chosen, ties chosen by the active model."""
    player = table.player(action.get("player"), "action.player")
    refs = [str(r) for r in action.get("models") or []]
    if not refs:
        raise ReglasError("action.models: hace falta al menos una miniatura entre las que elegir al azar",
                          fix="lista las miniaturas, p. ej. models: [guardia, gremlin]")
    for ref in refs:
        table.model(ref, "action.models")
    deck = table.decks[player]
    if len(deck) < len(refs):
        raise ReglasError(f"la baraja de {player} no tiene cartas para {len(refs)} miniaturas",
                          fix="lista más cartas en su deck")
    flipped: dict[str, FateCard] = {ref: deck.pop(0) for ref in refs}
    lowest = min(c.value for c in flipped.values())
    tied = [ref for ref, c in flipped.items() if c.value == lowest]
    chosen = str(action.get("choose", tied[0]))
    if chosen not in tied:
        raise Refused(f"«{chosen}» no tiene la carta más baja ({', '.join(tied)})", "malifaux:10.1")
    result = {"model": chosen, "cards": {ref: str(c) for ref, c in flipped.items()}}
    return Verdict(True, ["malifaux:10.1"], f"la miniatura determinada al azar es {chosen}"), result


def random_player(table: Table, action: dict[str, Any]) -> tuple[Verdict, dict[str, Any]]:
    """Each player flips the top card; the highest wins; ties flip again (malifaux:10.2)."""
    named = action.get("players")
    players = [table.player(p, "action.players") for p in (list(table.decks) if named is None else named)]
    if not players:
        raise ReglasError("no hay jugadores entre los que elegir al azar",
                          fix="define los jugadores en state.players o lístalos en action.players")
    rounds: list[dict[str, str]] = []
    while True:
        if any(not table.decks[p] for p in players):
            raise ReglasError("las barajas se han agotado antes de deshacer el empate", fix="lista más cartas")
        flipped = {p: table.decks[p].pop(0) for p in players}
        rounds.append({p: str(c) for p, c in flipped.items()})
        best = max(c.value for c in flipped.values())
        leaders = [p for p, c in flipped.items() if c.value == best]
        if len(leaders) == 1:
            break
    result = {"player": leaders[0], "rounds": len(rounds)}
    return Verdict(True, ["malifaux:10.2"], f"el jugador determinado al azar es {leaders[0]}"), result


def arithmetic(_table: Table, action: dict[str, Any]) -> tuple[Verdict, dict[str, Any]]:
    """Multiply, divide (rounding up), add, subtract, in that order; attributes stay ≥ 1 (malifaux:9.1–9.3)."""
    value = int(action.get("value", 0))
    for factor in action.get("multiply") or []:
        value *= int(factor)
    for divisor in action.get("divide") or []:
        if int(divisor) == 0:
            raise ReglasError("action.divide: no se puede dividir entre 0", fix="usa un divisor distinto de 0")
        value = -(-value // int(divisor))                                   # exact ceiling, any size
    value += sum(int(v) for v in action.get("add") or [])
    value -= sum(int(v) for v in action.get("subtract") or [])
    rules = ["malifaux:9.2", "malifaux:9.1"] if action.get("divide") else ["malifaux:9.2"]
    if action.get("attribute", True) and not action.get("wounds") and value < 1:
        value = 1
        rules.append("malifaux:9.3")
    return Verdict(True, rules, f"resultado: {value}"), {"value": value}


HANDLERS = {"simple_duel": simple_duel, "opposed_duel": opposed_duel, "flip": single_flip,
            "random_model": random_model, "random_player": random_player, "math": arithmetic}


def run_scenario(data: dict[str, Any]) -> Outcome:
    """Every action but the last must be legal; the verdict and result are the last action's."""
    played = play_actions(Table(data.get("state") or {}), scenario_actions(data), HANDLERS, "Malifaux")
    table = played.table
    players = {p: {"soulstones": table.soulstones[p], "hand": len(table.hands[p]), "deck": len(table.decks[p])}
               for p in table.decks}
    return Outcome(played.verdict, {}, players, None, [], [], played.notes, played.result, played.before,
                   played.after, played.earlier)
