"""Before the rounds: the secret draft (espadas:2), the opening hand and its one mulligan, the hand limit (3)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from checker.errors import ReglasError
from checker.games.espadas.lists import Catalog, validate_list
from checker.games.espadas.table import Player, Table
from checker.scenario.model import Refused, Verdict

DRAFTED = 3
OPENING_HAND = 5
HAND_LIMIT = 7

Handled = tuple[Verdict, dict[str, Any]]


def names(value: object, where: str) -> list[str]:
    """A list of names as written in an action."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise ReglasError(f"{where}: debe ser una lista de nombres", fix="escribe  [Nombre 1, Nombre 2]")
    return [str(v) for v in value]


def check_list(table: Table, action: dict[str, Any]) -> Handled:
    """A list against the catalog of the state (espadas:1.2–1.4)."""
    report = validate_list(action.get("list"), Catalog.from_data(table.catalog))
    rules = list(dict.fromkeys(p.rule for p in report.problems))
    message = "lista válida" if report.valid else "; ".join(p.message for p in report.problems)
    result = {"valid": report.valid, "heroes": report.heroes, "deck": report.deck, "problems": len(report.problems)}
    return Verdict(report.valid, rules or ["espadas:1.2", "espadas:1.3", "espadas:1.4"], message), result


def draft(table: Table, action: dict[str, Any]) -> Handled:
    """Keep 3 of the 5 heroes of the list, in secret; the other two are set aside (espadas:2.2)."""
    player = table.player(action.get("player"), "action.player")
    chosen = names(action.get("chosen"), "action.chosen")
    missing = [h for h in chosen if h not in player.heroes]
    if missing:
        raise Refused(f"{', '.join(missing)} no está en la lista de héroes de {player.name}", "espadas:2.2")
    if len(set(chosen)) != len(chosen):
        raise Refused("un mismo héroe no puede elegirse dos veces", "espadas:2.2")
    if len(chosen) != DRAFTED:
        raise Refused(f"se eligen exactamente {DRAFTED} héroes, no {len(chosen)}", "espadas:2.2")
    player.chosen = chosen
    discarded = [h for h in player.heroes if h not in chosen]
    return Verdict(True, ["espadas:2.2"], f"{player.name} juega con {', '.join(chosen)}"), \
        {"chosen": chosen, "discarded": discarded}


def _draw(player: Player, count: int) -> list[str]:
    if len(player.deck) < count:
        raise ReglasError(f"el mazo de {player.name} tiene {len(player.deck)} cartas y hay que robar {count}",
                          fix="lista más cartas en state.players.<jugador>.deck (la primera es la de arriba)")
    drawn, player.deck = player.deck[:count], player.deck[count:]
    player.hand.extend(drawn)
    return drawn


def opening_hand(table: Table, action: dict[str, Any]) -> Handled:
    """Draw the top 5 cards of the shuffled action deck (espadas:3.1)."""
    player = table.player(action.get("player"), "action.player")
    _draw(player, OPENING_HAND)
    return Verdict(True, ["espadas:3.1"], f"mano inicial de {player.name}: {len(player.hand)} cartas"), \
        {"hand": list(player.hand)}


def _take_from_hand(player: Player, cards: list[str], rule: str) -> None:
    short = Counter(cards) - Counter(player.hand)
    if short:
        raise Refused(f"{', '.join(short)} no está en la mano de {player.name}", rule)
    for card in cards:
        player.hand.remove(card)
        player.graveyard.append(card)


def mulligan(table: Table, action: dict[str, Any]) -> Handled:
    """Once: discard any number face up to the graveyard, then draw as many (espadas:3.2, 3.3)."""
    player = table.player(action.get("player"), "action.player")
    if player.mulligan_done:
        raise Refused(f"{player.name} ya cambió cartas: el cambio se hace una única vez", "espadas:3.2")
    discard = names(action.get("discard"), "action.discard")
    _take_from_hand(player, discard, "espadas:3.2.1")
    drawn = _draw(player, len(discard))
    player.mulligan_done = True
    rules = ["espadas:3.2.1", "espadas:3.2.2", "espadas:3.3"] if discard else ["espadas:3.2"]
    return Verdict(True, rules, f"{player.name} descarta {len(discard)} y roba {len(drawn)}"), \
        {"hand": list(player.hand), "graveyard": list(player.graveyard), "drawn": drawn}


def hand_limit(table: Table, action: dict[str, Any]) -> Handled:
    """At the end of each clash, discard down to 7 cards, no more and no fewer (espadas:3.4)."""
    player = table.player(action.get("player"), "action.player")
    discard = names(action.get("discard"), "action.discard")
    excess = max(0, len(player.hand) - HAND_LIMIT)
    if len(discard) != excess:
        detail = f"debe descartar {excess}" if excess else "no tiene que descartar ninguna"
        raise Refused(f"{player.name} tiene {len(player.hand)} cartas: {detail}, no {len(discard)}", "espadas:3.4")
    _take_from_hand(player, discard, "espadas:3.4")
    return Verdict(True, ["espadas:3.4"], f"{player.name} termina el choque con {len(player.hand)} cartas"), \
        {"hand": len(player.hand), "graveyard": list(player.graveyard)}
