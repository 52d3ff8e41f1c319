"""Run a Lorcana scenario: build the state, apply the actions, observe the result."""

from __future__ import annotations

import copy
from typing import Any

from checker.errors import ReglasError
from checker.games.lorcana.engine.actions import HANDLERS
from checker.games.lorcana.engine.damage import game_state_check
from checker.games.lorcana.engine.effects import IllegalChoice
from checker.games.lorcana.engine.state import build, observe
from checker.games.lorcana.engine.statics import refresh
from checker.games.lorcana.engine.triggers import resolve_bag
from checker.scenario.model import Outcome, Verdict


def run_scenario(data: dict[str, Any]) -> Outcome:
    """Every action but the last must be legal; the verdict is the last action's."""
    state = build(data)
    actions = data.get("actions") or ([data["action"]] if "action" in data else [])
    verdict = Verdict(True, [], "sin acciones")
    notes: list[str] = []
    for index, action in enumerate(actions):
        kind = str(action.get("type"))
        handler = HANDLERS.get(kind)
        if handler is None:
            raise ReglasError(f"actions[{index}].type: «{kind}» no es una acción",
                              fix="usa ink, play, quest, challenge, move, activate o end_turn")
        refresh(state)
        snapshot = copy.deepcopy(state)                                      # to undo an illegal choice
        state.trigger_targets = [str(t) for t in action.get("trigger_targets") or []]
        try:
            verdict = handler(state, action)
            if verdict.legal:
                refresh(state)
                game_state_check(state)                                      # lorcana:1.9
                resolve_bag(state, action)
                refresh(state)
                game_state_check(state)
        except IllegalChoice as refused:                                     # undo what the action did
            state.__dict__.update(snapshot.__dict__)
            verdict = Verdict(False, refused.rules, refused.message)
        if not verdict.legal and index < len(actions) - 1:
            notes.append(f"la acción {index + 1} ({kind}) es ilegal y solo la última puede serlo: "
                         f"{verdict.message}")
            break
    cards, players = observe(state)
    return Outcome(verdict, cards, players, state.winner, list(state.bag), list(state.unresolved), notes)
