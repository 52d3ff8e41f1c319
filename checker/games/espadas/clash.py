"""The first subphases of a clash: preparing action dice (espadas:7), initiative (espadas:8), counter clean-up (9)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from checker.errors import ReglasError
from checker.games.espadas.dice import check_keep, colors, cost_text
from checker.games.espadas.setup import Handled
from checker.games.espadas.table import Table
from checker.scenario.model import Refused, Verdict

D6 = range(1, 7)


def _dice_result(player_name: str, ready: list[str], spent: list[str]) -> dict[str, Any]:
    return {"player": player_name, "ready": cost_text(ready), "spent": cost_text(spent), "kept": len(ready)}


def roll(table: Table, action: dict[str, Any]) -> Handled:
    """The first roll: the whole pool, whose results the action gives (espadas:7.1, 7.3)."""
    player = table.player(action.get("player"), "action.player")
    results = colors(action.get("results"), "action.results")
    if len(results) != player.pool:
        raise Refused(f"la reserva de {player.name} es de {player.pool} dados y se tiran todos, no {len(results)}",
                      "espadas:7.1", "espadas:7.3")
    player.ready, player.spent, player.rolled = results, [], True
    player.rerolls_made, player.last_keep = 0, 0
    return Verdict(True, ["espadas:7.1", "espadas:7.3"], f"{player.name} saca {cost_text(results)}"), \
        _dice_result(player.name, player.ready, player.spent)


def reroll(table: Table, action: dict[str, Any]) -> Handled:
    """Keep some dice and roll the rest at once: keep ≥ 1, then one more each time (espadas:7.4, 7.5)."""
    player = table.player(action.get("player"), "action.player")
    if not player.rolled:
        raise Refused(f"{player.name} aún no ha tirado su reserva", "espadas:7.3")
    number = player.rerolls_made + 1
    if number > player.rerolls:
        raise Refused(f"{player.name} solo tiene {player.rerolls} repetición(es); sin un efecto que lo permita no "
                      "hay más", "espadas:7.5" if player.rerolls else "espadas:7.4")
    keep = colors(action.get("keep"), "action.keep")
    check_keep(player.ready, keep, number, player.last_keep)
    results = colors(action.get("results"), "action.results")
    if len(results) != len(player.ready) - len(keep):
        raise Refused(f"se repiten {len(player.ready) - len(keep)} dados de una vez, no {len(results)}",
                      "espadas:7.4")
    player.ready = keep + results
    player.rerolls_made, player.last_keep = number, len(keep)
    rule = "espadas:7.4" if number == 1 else "espadas:7.5"
    return Verdict(True, [rule], f"{player.name} guarda {cost_text(keep)} y saca {cost_text(results)}"), \
        _dice_result(player.name, player.ready, player.spent)


def initiative(table: Table, action: dict[str, Any]) -> Handled:
    """1d6 + Agility + modifiers; ties to the higher Agility, then to the attacker (espadas:8.1, 8.2)."""
    rolls = action.get("rolls")
    if not isinstance(rolls, dict) or len(rolls) != 2:
        raise ReglasError("action.rolls: hace falta el d6 de cada jugador", fix="escribe  rolls: {p1: 4, p2: 2}")
    modifiers = action.get("modifiers") or {}
    totals: dict[str, int] = {}
    agility: dict[str, int] = {}
    for ref, value in rolls.items():
        player = table.player(ref, "action.rolls").name
        if int(value) not in D6:
            raise ReglasError(f"action.rolls.{player}: {value} no es un resultado de 1d6", fix="usa un número de 1 a 6")
        agility[player] = table.active_hero(player, "action.rolls").attribute("agilidad", "action.rolls")
        totals[player] = int(value) + agility[player] + int(modifiers.get(player, 0))
    rules = ["espadas:8.1"]
    ranked = sorted(totals, key=lambda p: (totals[p], agility[p], p == table.attacker), reverse=True)
    first, second = ranked
    if totals[first] == totals[second]:
        rules.append("espadas:8.2")
        if agility[first] == agility[second] and table.attacker is None:
            raise ReglasError("empate total: hace falta state.attacker para desempatar", fix="escribe  attacker: p1")
    table.initiative = table.turn = first
    return Verdict(True, rules, f"iniciativa para {first} ({totals[first]} contra {totals[second]})"), \
        {"winner": first, "totals": totals}


def cleanup(table: Table, action: dict[str, Any]) -> Handled:
    """Each player removes one counter of each type from their active hero; inactive heroes keep theirs (9.2, 9.3)."""
    if not table.active:
        raise ReglasError("state.clash.active: hace falta el héroe activo de cada jugador",
                          fix="escribe  clash: {active: {p1: A, p2: B}}")
    for player in table.active:
        hero = table.active_hero(player, "state.clash.active")
        remaining = Counter(hero.counters)
        remaining.subtract(dict.fromkeys(hero.counters, 1))
        hero.counters = {kind: n for kind, n in remaining.items() if n > 0}
    counters = {h.name: dict(h.counters) for h in table.heroes.values()}
    rules = ["espadas:9.2"]
    if any(h.name not in table.active.values() and h.counters for h in table.heroes.values()):
        rules.append("espadas:9.3")
    return Verdict(True, rules, "limpieza de contadores de los héroes activos"), {"counters": counters}
