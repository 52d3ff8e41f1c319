"""Run a Lorcana scenario: build the state, apply the actions through the shared loop, observe the result."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from checker.games.lorcana.engine.actions import HANDLERS, PROCEDURES, Action
from checker.games.lorcana.engine.bag import resolve_bag, settle
from checker.games.lorcana.engine.coverage import static_gaps, trigger_gaps
from checker.games.lorcana.engine.state import State, build, observe
from checker.games.lorcana.engine.statics import refresh
from checker.scenario.actions import Handler, play_actions, scenario_actions
from checker.scenario.model import Outcome, Refused, Verdict

#: How a choice is checked as an effect resolves: made, then checked against its limiters (lorcana:6.7.3.2-3).
CHOICE_STEPS = ("lorcana:6.7.3.2", "lorcana:6.7.3.3")


#: A keyword's rule (lorcana:8.5.2) and the keyword's definition (8.5.1), which every keyword of section 8 has.
_KEYWORD_RULE = re.compile(r"^(lorcana):(8)\.([2-9]|1[0-9])\.\d")


#: Rules that speak of a card state and the state's definition (lorcana:5.1.1): a drying character's limits.
_STATES = {"lorcana:5.3.5": "lorcana:5.1.1.11", "lorcana:1.7.5": "lorcana:5.1.1.11"}


def with_definitions(rules: list[str]) -> list[str]:
    """The definitions the rules cited rest on: a judge reads «doesn't gain +N while challenged» (8.5.2) with what
    Challenger is (8.5.1), and «a drying character can't quest» (5.3.5) with what drying is (5.1.1.11)."""
    found = (_KEYWORD_RULE.match(rule) for rule in rules)
    keywords = [f"{m.group(1)}:{m.group(2)}.{m.group(3)}.1" for m in found if m]
    states = [_STATES[rule] for rule in rules if rule in _STATES]
    return [definition for definition in dict.fromkeys([*keywords, *states]) if definition not in rules]


#: An action the player could not perform, or could not complete, is illegal and undone.
ILLEGAL = "lorcana:1.7.6"
#: … and an illegal choice undoes what was done back to it.
ILLEGAL_CHOICE = "lorcana:1.7.7"


def _turn_action(rule: Callable[[State, Action], Verdict], steps: tuple[str, ...] = ()) -> Handler[State]:
    """A turn action followed, when legal, by the game state check and the bag (lorcana:1.8, lorcana:7.7)."""

    def run(state: State, action: Action) -> tuple[Verdict, dict[str, Any]]:
        state.applied = []
        refresh(state)                                                       # the statics shaping this action
        state.trigger_targets = [str(t) for t in action.get("trigger_targets") or []]
        state.choices = [dict(c) for c in action.get("choices") or []]
        state.random = [[str(r) for r in item] for item in action.get("random") or []]
        present = [card.ref for card in state.in_play()]
        try:
            verdict: Verdict = rule(state, action)
        except Refused as refused:                                           # an illegal choice: the steps of the
            if "lorcana:6.7.3" in refused.rules:                             # check it failed (6.7.3.2, 6.7.3.3)
                refused.rules += [r for r in [*CHOICE_STEPS, ILLEGAL_CHOICE] if r not in refused.rules]
            refused.rules += [*with_definitions(list(refused.rules)), ILLEGAL]
            raise
        if verdict.legal:
            verdict.cite(*steps)                                             # the process it went through
            settle(state)                                                    # again until stable (1.8.3)
            resolve_bag(state, action)
            settle(state)
            verdict.cite(*state.applied)                                     # what the game did on its own
            _unapplied_statics(state, [*present, *(card.ref for card in state.in_play())])
        verdict.cite(*_stack_text(state, action))
        verdict.cite(*with_definitions(verdict.rules), *([] if verdict.legal else [ILLEGAL]))
        return verdict, {}

    return run


#: The action's keys that name the card acting.
_ACTORS = ("card", "character", "attacker")


def _stack_text(state: State, action: Action) -> list[str]:
    """A shifted card acting while a card under it has abilities: the top card does not gain the text of the cards
    under it (lorcana:5.1.1.6, 8.10.5), which a judge cites with whatever that text would have changed."""
    for key in _ACTORS:
        card = state.cards.get(str(action.get(key)))
        if card is not None and card.zone == "play" and "shifted" in card.gained_flags \
                and any(state.cards[ref].card.abilities for ref in card.under if ref in state.cards):
            return ["lorcana:5.1.1.6", "lorcana:8.10.5"]
    return []


def _unapplied_statics(state: State, refs: list[str]) -> None:
    """Report, with its node type, each static ability of a card in play during the action that the engine does not
    apply: it could have changed what happened, and is never silently ignored."""
    for ref in dict.fromkeys(refs):
        for gap in static_gaps(state.cards[ref].card):
            note = f"{gap}: estática no aplicada de {ref}"
            if note not in state.unresolved:
                state.unresolved.append(note)
        for gap in trigger_gaps(state.cards[ref].card):
            note = f"{gap}: disparador que el comprobador no vigila, de {ref}"
            if note not in state.unresolved:
                state.unresolved.append(note)


TURN_ACTIONS: dict[str, Handler[State]] = {kind: _turn_action(rule, PROCEDURES.get(kind, ()))
                                           for kind, rule in HANDLERS.items()}


def run_scenario(data: dict[str, Any]) -> Outcome:
    """Every action but the last must be legal; the verdict is the last action's. An illegal action, refused by its
    verdict or by an illegal choice at any depth, leaves the state as it was (the shared loop)."""
    played = play_actions(build(data), scenario_actions(data), TURN_ACTIONS, "Lorcana")
    state = played.table
    cards, players = observe(state)
    bag = state.bag if state.winner is None else state.bag[:state.bag_resolved]   # a won game leaves the rest
    return Outcome(played.verdict, cards, players, state.winner, list(bag), list(state.unresolved),
                   played.notes, before=played.before, after=played.after,
                   earlier=played.earlier)
