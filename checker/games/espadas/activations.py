"""Action resolution (espadas:10) and the resolution stack (espadas:11): who may act, paying, LIFO resolution."""

from __future__ import annotations

from typing import Any

from checker.errors import ReglasError
from checker.games.espadas.attacks import attack
from checker.games.espadas.dice import colors, cost_text, pay
from checker.games.espadas.setup import Handled
from checker.games.espadas.table import ATTRIBUTES, Entry, Table
from checker.scenario.model import Refused, Verdict

#: Targets that name the rival hero of the clash directly (espadas:10.6).
PAIRED_RIVAL = {"paired_enemy", "rival_emparejado", "héroe rival emparejado"}


def _state(table: Table, player: str) -> dict[str, Any]:
    one = table.players[player]
    return {"stack": [e.name for e in table.stack], "turn": table.turn, "ready": cost_text(one.ready),
            "spent": cost_text(one.spent), "hand": list(one.hand), "graveyard": list(one.graveyard)}


def _may_act(table: Table, player: str, card: dict[str, Any], rules: list[str]) -> None:
    """Only the player with the activation, unless it is a Reaction or names its window (espadas:10.2, 10.2.1)."""
    if table.turn is None:
        raise ReglasError("state.clash.turn: hace falta saber de quién es la activación", fix="escribe  turn: p1")
    if player == table.turn:
        rules.append("espadas:10.2")
        return
    if card.get("reaction") or card.get("window"):
        rules.append("espadas:10.2.1")
        return
    raise Refused(f"la activación es de {table.turn}: {player} solo puede jugar Reacciones o cartas con una "
                  "ventana que lo permita", "espadas:10.2.1")


def _source(table: Table, player: str, card: dict[str, Any], rules: list[str]) -> str:
    """Where the action comes from: a card in hand (to the graveyard) or an ability of the active hero."""
    name = str(card.get("name", "?"))
    if card.get("ability"):
        hero = table.active_hero(player, "action.card")
        if hero.knocked_out:
            raise Refused(f"{hero.name} está fuera de combate y no puede activar habilidades", "espadas:10.6")
        rules.append("espadas:10.1")
        return hero.name
    hand = table.players[player].hand
    if name not in hand:
        raise Refused(f"«{name}» no está en la mano de {player}", "espadas:10.1")
    hand.remove(name)
    if not card.get("stays"):
        table.players[player].graveyard.append(name)
        rules.append("espadas:3.3")
    rules.append("espadas:10.1")
    return table.active.get(player, "")


def _check_target(table: Table, player: str, card: dict[str, Any]) -> None:
    target = str(card.get("target", "")).casefold()
    if target in PAIRED_RIVAL or (card.get("attack") or {}).get("target") == table.active.get(table.opponent(player)):
        rival = table.active_hero(table.opponent(player), "action.card.target")
        if rival.knocked_out:
            raise Refused(f"{rival.name} está fuera de combate: no se puede jugar nada que lo tenga como objetivo "
                          "directo", "espadas:10.6")


def play(table: Table, action: dict[str, Any]) -> Handled:
    """Play a card or activate an ability: may the player act, pay exactly, then onto the stack (10.1–10.4, 11.1)."""
    player = table.player(action.get("player"), "action.player").name
    card = action.get("card")
    if not isinstance(card, dict) or "name" not in card:
        raise ReglasError("action.card: hace falta la carta o habilidad ({name, cost, …})",
                          fix="escribe  card: {name: Tajo, cost: RR, target: paired_enemy}")
    rules: list[str] = []
    _may_act(table, player, card, rules)
    _check_target(table, player, card)
    one = table.players[player]
    cost = colors(card.get("cost", ""), "action.card.cost")
    dice = colors(action["dice"], "action.dice") if "dice" in action else None
    if cost and not one.rolled:
        raise Refused(f"{player} aún no ha preparado sus dados de acción", "espadas:7.6")
    source = _source(table, player, card, rules)
    one.spent.extend(pay(one.ready, cost, dice))
    rules += ["espadas:10.4.1", "espadas:10.4.2"] if cost else []
    table.stack.append(Entry(str(card["name"]), player, source, card))
    table.passes = 0
    rules.append("espadas:11.2" if player != table.turn else "espadas:11.1")
    if player == table.turn and not card.get("reaction"):
        table.turn = table.opponent(player)
        rules.append("espadas:10.3")
    return Verdict(True, rules, f"{player} juega «{card['name']}» pagando {cost_text(cost) or 'nada'}"), \
        _state(table, player)


def draw_card(table: Table, action: dict[str, Any]) -> Handled:
    """The special action Draw a Card, in the player's own activation (espadas:10.1)."""
    player = table.player(action.get("player"), "action.player")
    rules: list[str] = []
    _may_act(table, player.name, {}, rules)
    if not player.deck:
        raise Refused(f"el mazo de {player.name} está vacío", "espadas:10.1")
    player.hand.append(player.deck.pop(0))
    table.passes = 0
    table.turn = table.opponent(player.name)
    return Verdict(True, ["espadas:10.1", *rules, "espadas:10.3"], f"{player.name} roba una carta"), \
        _state(table, player.name)


def pass_turn(table: Table, action: dict[str, Any]) -> Handled:
    """Pass the activation; two passes in a row end the action resolution (espadas:10.3, 10.5)."""
    player = table.player(action.get("player"), "action.player").name
    rules: list[str] = []
    _may_act(table, player, {}, rules)
    table.turn = table.opponent(player)
    table.passes += 1
    over = table.passes >= 2
    rules.append("espadas:10.5" if over else "espadas:10.3")
    return Verdict(True, rules, "termina la resolución de acciones" if over else f"pasa {player}"), \
        {**_state(table, player), "over": over}


def trigger(table: Table, action: dict[str, Any]) -> Handled:
    """Simultaneous triggered actions: the player whose turn it is orders them onto the stack (11.4, 11.5)."""
    effects = {str(e.get("name")): e for e in action.get("effects") or []}
    order = [str(n) for n in action.get("order") or list(effects)]
    chooser = table.player(action.get("chooser", table.turn), "action.chooser").name
    if sorted(order) != sorted(effects):
        raise ReglasError("action.order: debe nombrar cada efecto de action.effects una vez",
                          fix=f"ordena: {', '.join(effects)}")
    rules = ["espadas:11.4"]
    if len(order) > 1:
        rules.append("espadas:11.5")
        if chooser != table.turn:
            raise Refused(f"el orden lo decide {table.turn}, el jugador cuyo turno es, no {chooser}", "espadas:11.5")
    for name in order:
        spec = effects[name]
        table.stack.append(Entry(name, str(spec.get("player", chooser)), str(spec.get("source", "")), spec))
    return Verdict(True, rules, f"entran en la pila: {', '.join(order)}"), {"stack": [e.name for e in table.stack]}


def resolve(table: Table, action: dict[str, Any]) -> Handled:
    """Resolve the stack from last to first, each entry whole, even if its source is knocked out (11.1, 11.3, 11.6)."""
    count = int(action.get("count", len(table.stack)))
    rules = ["espadas:11.1", "espadas:11.6"]
    result: dict[str, Any] = {}
    for _ in range(min(count, len(table.stack))):
        entry = table.stack.pop()
        source = table.heroes.get(entry.source)
        if source is not None and source.knocked_out:
            rules.append("espadas:11.3")
        result = _effects(table, entry, rules) or result
        table.resolved.append(entry.name)
    return Verdict(True, list(dict.fromkeys(rules)), f"se resuelven: {', '.join(table.resolved)}"), \
        {**result, "order": list(table.resolved), "stack": [e.name for e in table.stack]}


def _effects(table: Table, entry: Entry, rules: list[str]) -> dict[str, Any]:
    """The typed effects an entry carries: attribute changes, healing, an attack."""
    for change in entry.spec.get("modify") or []:
        hero = table.hero(change.get("hero"), f"{entry.name}.modify")
        key = str(change.get("attribute", "")).casefold()
        hero.attributes[ATTRIBUTES.get(key, key)] = hero.attribute(key, entry.name) + int(change.get("by", 0))
    for heal in entry.spec.get("heal") or []:
        hero = table.hero(heal.get("hero"), f"{entry.name}.heal")
        hero.damage = max(0, hero.damage - int(heal.get("amount", 0)))
    if entry.spec.get("attack"):
        result, applied, _ = attack(table, {"attacker": entry.source, **entry.spec["attack"]}, entry.name)
        rules += applied
        return result
    return {}

