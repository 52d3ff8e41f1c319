"""Battle rounds: attacker and defender (4.2), pairings (5.1), who is paired and adjacent (5.3–5.5)."""

from __future__ import annotations

from typing import Any

from checker.errors import ReglasError
from checker.games.espadas.setup import Handled, names
from checker.games.espadas.table import Table
from checker.scenario.model import Refused, Verdict

ROLE_WORDS = {"attacker": "attacker", "atacante": "attacker", "defender": "defender", "defensor": "defender"}


def roles(table: Table, action: dict[str, Any]) -> Handled:
    """Round 1: drawn by lot, the winner chooses; later rounds alternate (espadas:4.2.1, 4.2.2)."""
    number = int(action.get("round", table.round))
    lot = action.get("lot")
    if number > 1:
        if lot:
            raise Refused("a partir de la segunda ronda no se sortea: los papeles se alternan", "espadas:4.2.2")
        previous = table.player(action.get("previous_attacker", table.attacker), "action.previous_attacker").name
        attacker = table.opponent(previous)
        table.attacker = attacker
        return Verdict(True, ["espadas:4.2.2"], f"ronda {number}: ataca {attacker}"), \
            {"attacker": attacker, "defender": previous}
    if not isinstance(lot, dict) or len(lot) != 2:
        raise ReglasError("action.lot: en la primera ronda hace falta la tirada de cada jugador",
                          fix="escribe  lot: {p1: 5, p2: 3}")
    rolls = {table.player(p, "action.lot").name: int(v) for p, v in lot.items()}
    best = max(rolls.values())
    leaders = [p for p, v in rolls.items() if v == best]
    if len(leaders) > 1:
        return Verdict(True, ["espadas:4.2.1"], "empate en el sorteo: se vuelve a tirar"), {"repeat": True}
    choice = ROLE_WORDS.get(str(action.get("choice", "attacker")).casefold())
    if choice is None:
        raise ReglasError(f"action.choice: «{action.get('choice')}» no es un papel",
                          fix="usa «atacante» o «defensor»")
    winner = leaders[0]
    attacker = winner if choice == "attacker" else table.opponent(winner)
    table.attacker = attacker
    return Verdict(True, ["espadas:4.2.1"], f"gana el sorteo {winner} y ataca {attacker}"), \
        {"winner": winner, "attacker": attacker, "defender": table.opponent(attacker), "repeat": False}


def _heroes_of(table: Table, player: str) -> list[str]:
    chosen = table.players[player].chosen or [h.name for h in table.heroes.values() if h.player == player]
    if len(chosen) != 3:
        raise ReglasError(f"state.players.{player}.chosen: hacen falta los 3 héroes elegidos en el draft",
                          fix="escribe  chosen: [A, B, C]")
    return chosen


def pair(table: Table, action: dict[str, Any]) -> Handled:
    """The attacker pairs first, then the defender; the third pairing is what remains (espadas:5.1.2–5.1.4)."""
    if table.attacker is None:
        raise ReglasError("state.attacker: hace falta saber quién es el jugador atacante",
                          fix="escribe  attacker: p1  en el estado")
    attacker = table.player(table.attacker, "state.attacker").name
    defender = table.opponent(attacker)
    free = {attacker: _heroes_of(table, attacker), defender: _heroes_of(table, defender)}
    steps = action.get("steps") or []
    order = [(attacker, "espadas:5.1.2"), (defender, "espadas:5.1.3"), (None, "espadas:5.1.4")]
    pairings: list[dict[str, str]] = []
    for index, step in enumerate(steps):
        if index >= len(order):
            raise Refused("solo hay tres emparejamientos", "espadas:5.1")
        who, rule = order[index]
        player = table.player(step.get("player"), f"action.steps[{index}].player").name
        if who is not None and player != who:
            role = "atacante" if who == attacker else "defensor"
            raise Refused(f"el emparejamiento {index + 1} lo hace el jugador {role} ({who}), no {player}", rule)
        heroes = names(step.get("heroes"), f"action.steps[{index}].heroes")
        if len(heroes) != 2:
            raise ReglasError(f"action.steps[{index}].heroes: un emparejamiento son dos héroes, uno de cada jugador",
                              fix="escribe  heroes: [héroe propio, héroe rival]")
        own, rival = heroes
        other = table.opponent(player)
        if own not in free[player] or rival not in free[other]:
            raise Refused(f"{own} y {rival} no son un héroe libre de {player} y uno libre de {other}", rule)
        if who is None and (len(free[player]) != 1):
            raise Refused("el tercer emparejamiento queda determinado por los héroes restantes", rule)
        free[player].remove(own)
        free[other].remove(rival)
        pairings.append({player: own, other: rival})
    if len(pairings) == 2:
        pairings.append({attacker: free[attacker][0], defender: free[defender][0]})
    table.pairings = pairings
    rules = [rule for _, rule in order][:3 if len(steps) >= 2 else len(steps)]
    text = "; ".join(" contra ".join(p.values()) for p in pairings)
    return Verdict(True, rules, text), {"pairings": [dict(p) for p in pairings]}


def adjacency(table: Table, action: dict[str, Any]) -> Handled:
    """A hero's paired hero, adjacent allies and rivals, and the earlier and later pairings (espadas:5.3–5.5)."""
    hero = str(action.get("hero"))
    index = next((i for i, p in enumerate(table.pairings) if hero in p.values()), None)
    if index is None:
        raise ReglasError(f"action.hero: «{hero}» no está en ningún emparejamiento",
                          fix="declara state.pairings como una lista de {jugador: héroe}")
    player = next(p for p, h in table.pairings[index].items() if h == hero)
    neighbours = [table.pairings[i] for i in (index - 1, index + 1) if 0 <= i < len(table.pairings)]
    current = int(action.get("clash", table.clash_index)) - 1
    result = {
        "paired": table.paired_with(hero),
        "adjacent_allies": [p[player] for p in neighbours if player in p],
        "adjacent_rivals": [h for p in neighbours for q, h in p.items() if q != player],
        "earlier": [i + 1 for i in range(len(table.pairings)) if i < current],
        "later": [i + 1 for i in range(len(table.pairings)) if i > current],
    }
    return Verdict(True, ["espadas:5.3", "espadas:5.4", "espadas:5.5"], f"{hero} está en el emparejamiento "
                   f"{index + 1}"), result
