"""Run an Espadas de Ceniza scenario: lists, set-up, rounds, dice, initiative, activations, the stack and attacks."""

from __future__ import annotations

from typing import Any

from checker.games.espadas import activations, clash, rounds, setup
from checker.games.espadas.attacks import attack
from checker.games.espadas.dice import cost_text
from checker.games.espadas.table import Table
from checker.scenario.actions import Handler, play_actions, scenario_actions
from checker.scenario.model import Outcome, Refused, Verdict


def direct_attack(table: Table, action: dict[str, Any]) -> tuple[Verdict, dict[str, Any]]:
    """An attack resolved at once (no stack), as in the rules' worked example (espadas:12)."""
    target = table.hero(action.get("target"), "action.target")
    if target.knocked_out:
        raise Refused(f"{target.name} ya está fuera de combate y no puede ser objetivo", "espadas:10.6")
    result, rules, summary = attack(table, action, "action")
    return Verdict(True, rules, summary), result


HANDLERS: dict[str, Handler[Table]] = {
    "validate_list": setup.check_list, "draft": setup.draft, "opening_hand": setup.opening_hand,
    "mulligan": setup.mulligan, "hand_limit": setup.hand_limit,
    "roles": rounds.roles, "pair": rounds.pair, "adjacency": rounds.adjacency,
    "roll": clash.roll, "reroll": clash.reroll, "initiative": clash.initiative, "cleanup": clash.cleanup,
    "play": activations.play, "draw_card": activations.draw_card, "pass": activations.pass_turn,
    "trigger": activations.trigger, "resolve": activations.resolve, "attack": direct_attack,
}


def run_scenario(data: dict[str, Any]) -> Outcome:
    """Every action but the last must be legal; the verdict and result are the last action's."""
    played = play_actions(Table(data.get("state") or {}), scenario_actions(data), HANDLERS, "Espadas de Ceniza")
    table = played.table
    players = {p.name: {"hand": len(p.hand), "deck": len(p.deck), "graveyard": len(p.graveyard),
                        "ready": cost_text(p.ready), "spent": cost_text(p.spent)} for p in table.players.values()}
    heroes = {h.name: {"damage": h.damage, "knocked_out": h.knocked_out, "counters": dict(h.counters)}
              for h in table.heroes.values()}
    return Outcome(played.verdict, heroes, players, None, [], [], played.notes, played.result, played.before,
                   played.after, played.earlier)
