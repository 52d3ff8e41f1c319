"""The total cost of playing a card (lorcana:4.3.2.3): ink cost, then increases, then reductions."""

from __future__ import annotations

from typing import Any

from checker.games.lorcana.engine.filters import matches, supported
from checker.games.lorcana.engine.state import Instance, State
from checker.grammar.walk import nodes


def _cost_clauses(card: Instance) -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    """(kind, subject, fields) of unconditional cost-changing sentences of a card."""
    found = []
    for structure in card.card.abilities:
        for kind, fields in nodes(structure):
            if kind != "statement" or fields.get("prefix"):
                continue
            for clause in fields.get("clause", []):
                declarative = clause.get("declarative", {})
                predicate = declarative.get("predicate", {})
                for verb in ("cost_reduction", "cost_increase"):
                    if verb in predicate:
                        found.append((verb, declarative.get("subject", {}), predicate[verb]))
    return found


def play_cost(state: State, card: Instance) -> tuple[int, list[str]]:
    """The ink to pay and the rules that changed it."""
    increase = reduction = 0
    for source in state.in_play():
        for verb, subject, fields in _cost_clauses(source):
            target = fields.get("target", {})
            if "card_np" not in target or not supported(target):
                continue
            applies_to_player = ("you" in subject and card.owner == source.owner) or "each_player" in subject
            probe = Instance(card.ref, card.card, source.owner if "you" in subject else card.owner, "play")
            if applies_to_player and matches(target, probe, source):
                if verb == "cost_increase":
                    increase += int(fields["number"])
                else:
                    reduction += int(fields["number"])
    cost = max(0, card.card.cost + increase - reduction)
    rules = ["lorcana:4.3.2.3"] if increase or reduction else []
    return cost, rules
