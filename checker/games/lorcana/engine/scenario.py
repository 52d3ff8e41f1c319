"""Run a Lorcana scenario: build the state, apply the actions through the shared loop, observe the result."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from checker.games.lorcana.engine.actions import HANDLERS, Action
from checker.games.lorcana.engine.bag import resolve_bag
from checker.games.lorcana.engine.damage import game_state_check
from checker.games.lorcana.engine.state import State, build, observe
from checker.games.lorcana.engine.statics import refresh
from checker.scenario.actions import Handler, play_actions, scenario_actions
from checker.scenario.model import Outcome, Verdict


def _turn_action(rule: Callable[[State, Action], Verdict]) -> Handler[State]:
    """A turn action followed, when legal, by the game state check and the bag (lorcana:1.8, lorcana:7.7)."""

    def run(state: State, action: Action) -> tuple[Verdict, dict[str, Any]]:
        refresh(state)
        state.trigger_targets = [str(t) for t in action.get("trigger_targets") or []]
        state.applied = []
        verdict: Verdict = rule(state, action)
        if verdict.legal:
            refresh(state)
            game_state_check(state)
            resolve_bag(state, action)
            refresh(state)
            game_state_check(state)
            verdict.cite(*state.applied)                                     # what the game did on its own
        return verdict, {}

    return run


TURN_ACTIONS: dict[str, Handler[State]] = {kind: _turn_action(rule) for kind, rule in HANDLERS.items()}


def run_scenario(data: dict[str, Any]) -> Outcome:
    """Every action but the last must be legal; the verdict is the last action's. An illegal action, refused by its
    verdict or by an illegal choice at any depth, leaves the state as it was (the shared loop)."""
    played = play_actions(build(data), scenario_actions(data), TURN_ACTIONS, "Lorcana")
    state = played.table
    cards, players = observe(state)
    return Outcome(played.verdict, cards, players, state.winner, list(state.bag), list(state.unresolved),
                   played.notes, before=played.before, after=played.after)
