"""Shift paid with something other than ink: «Shift: Discard an action card» (lorcana:8.10.1, an alternate cost that
is not ink, lorcana:1.5.5.2). Each cost verb has its payer; a cost verb without one is reported, never skipped."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from checker.games.lorcana.engine.cards import CardDef
from checker.games.lorcana.engine.discardcost import discard_options, pay_discard
from checker.games.lorcana.engine.state import Instance, State
from checker.grammar.walk import find, nodes
from checker.scenario.model import Refused

#: A payer returns the Spanish reason when the cost cannot be paid, or ``None`` once it is paid.
Payer = Callable[[dict[str, Any], State, Instance], "str | None"]
RULES = ("lorcana:8.10.1", "lorcana:1.5.5.2")


@cache
def shift_costs(card: CardDef) -> tuple[dict[str, Any], ...]:
    """The predicates of the effect costs of the card's «Shift: …» (empty for a Shift paid in ink)."""
    return tuple(fields.get("predicate", {}) for structure in card.abilities
                 for keyword in find(structure, "shift_keyword_cost")
                 for kind, fields in nodes(keyword) if kind == "effect_cost")


def _discard(args: dict[str, Any], state: State, card: Instance) -> str | None:
    """«Discard an action card», «Discard a card»: the player chooses it from their hand (``choices``)."""
    valid = discard_options(args, state, card)
    if valid is None:
        state.unresolved.append("coste de Cambio: descarte no resuelto")
        return None
    if not valid:
        return "no tienes en la mano ninguna carta que descartar para pagar el Cambio"
    if not pay_discard(state, "shift_cost", valid, *RULES):
        state.unresolved.append("coste de Cambio: falta una elección «cards» en «choices»")
    return None


#: Cost verbs of «Shift: …» and how to pay them (``coverage.py`` reads the keys).
SHIFT_COST_PAYERS: dict[str, Payer] = {"discard": _discard}


def pay_shift_costs(state: State, card: Instance) -> Refused | None:
    """Pay the card's non-ink Shift costs; a cost it cannot pay refuses the play (nothing is paid)."""
    for predicate in shift_costs(card.card):
        for verb, args in predicate.items():
            payer = SHIFT_COST_PAYERS.get(verb)
            if payer is None:
                state.unresolved.append(f"coste de Cambio {verb}")
                continue
            reason = payer(args, state, card)
            if reason is not None:
                return Refused(reason, *RULES, "lorcana:1.5.3")
    state.cite(*RULES)
    return None
