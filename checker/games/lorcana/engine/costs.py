"""The total cost of playing a card (lorcana:4.3.2.3): ink cost or alternate cost, then increases, then reductions.

Static payment modifiers come from cards in play (``your Broom characters cost 1 less``) or, when they speak of
the card itself, from the card being played (4.3.6: a self-referential modifier works from the hand); the ones an
effect left for «the next [card] you play this turn» wait on the player. A modifier the checker cannot evaluate
exactly (its condition, its «for each», its card phrase) is reported unresolved, never silently skipped.
"""

from __future__ import annotations

from typing import Any

from checker.games.lorcana.engine.cards import not_static
from checker.games.lorcana.engine.conditions import holds
from checker.games.lorcana.engine.counts import times
from checker.games.lorcana.engine.filters import matches, supported
from checker.games.lorcana.engine.state import Instance, State
from checker.games.lorcana.engine.zonecards import card_matches, understood
from checker.grammar.walk import nodes

#: Cost-changing predicates of static sentences and the sign they give the payment (``coverage.py`` reads it).
COST_CHANGES = {"cost_increase": 1, "cost_reduction": -1, "shift_cost_reduction": -1}
#: Modifiers that change only a Shift cost («… to play characters using their Shift ability»).
SHIFT_ONLY = frozenset({"shift_cost_reduction"})
#: Static sentences that change what moving a character to a location costs (lorcana:4.7.3.3) and the sign.
MOVE_COST_CHANGES = {"move_cost_reduction": -1, "move_cost_reduction_any": -1, "move_here_cost_reduction": -1,
                     "move_cost_reduction_other": -1, "move_cost_reduction_any_location": -1,
                     "move_here_cost_increase": 1}
#: Move cost changes about this location only («… to move here»).
_HERE = frozenset({"move_here_cost_reduction", "move_here_cost_increase"})
#: «Your Pirate characters may move here for free»: an alternate cost of moving to this location (lorcana:4.7.3.2).
FREE_MOVES = {"move_here_free": 0}
#: Every static payment change the engine reads (``coverage.py``).
PAYMENT_CHANGES = frozenset(COST_CHANGES) | frozenset(MOVE_COST_CHANGES) | frozenset(FREE_MOVES)
#: Subjects of a cost-changing sentence: whose plays it changes.
PAYERS = frozenset({"you", "each_player", "each_opponent", "opponents"})


def _is_self(target: Any) -> bool:
    return any(kind == "this_card" for kind, _ in nodes(target))


def _cost_clauses(card: Instance, verbs: dict[str, int] = COST_CHANGES,
                  ) -> list[tuple[str, dict[str, Any], dict[str, Any], list[Any]]]:
    """(verb, subject, fields, prefixes) of the static sentences of a card with one of ``verbs``."""
    found = []
    for structure in card.card.abilities:
        if not_static(structure):
            continue
        for kind, fields in nodes(structure):
            if kind != "statement":
                continue
            for clause in fields.get("clause", []):
                declarative = clause.get("declarative", {})
                predicate = declarative.get("predicate", {})
                for verb in verbs:
                    if verb in predicate:
                        found.append((verb, declarative.get("subject", {}), predicate[verb],
                                      fields.get("prefix", [])))
    return found


def _factor(prefixes: list[Any], state: State, source: Instance) -> int | None:
    """How many times the modifier applies now: 0 when its condition fails, the «for each» count, ``None`` when
    beyond this checker."""
    each = [p["prefix"]["timing"] for p in prefixes if "for_each" in p.get("prefix", {}).get("timing", {})]
    condition = holds([p for p in prefixes if "for_each" not in p.get("prefix", {}).get("timing", {})],
                      state, source)
    if condition is None:
        return None
    factor = int(condition)
    if any("if_condition" in p.get("prefix", {}).get("condition", {}) for p in prefixes):
        state.cite("lorcana:6.4.4.2")                                        # «If [condition], [effect]»
    for expression in each:
        count = times(expression, state, source)
        if count is None:
            return None
        factor *= count
    return factor


def _applies(subject: dict[str, Any], target: dict[str, Any], card: Instance, source: Instance) -> bool | None:
    """Whether the modifier of ``source`` changes what ``card``'s player pays; ``None`` if beyond this checker."""
    if not PAYERS & set(subject):
        return None
    if _is_self(target):
        return card is source
    if card is source:                                                       # about other cards: only from play
        return False
    if not supported(target):
        return None
    if "you" in subject and card.owner != source.owner:
        return False
    if {"each_opponent", "opponents"} & set(subject) and card.owner == source.owner:   # «Each opponent pays …»
        return False
    probe = Instance(card.ref, card.card, card.owner, "play")
    return matches(target, probe, source)


def _amount(applies: bool | None, fields: dict[str, Any], prefixes: list[Any], state: State, source: Instance,
            what: str) -> int:
    """How much one modifier changes a payment now (0 when it does not apply); one the checker cannot read is
    reported unresolved and changes nothing."""
    factor = _factor(prefixes, state, source) if applies else 0
    if factor and "per_each" in fields:                                      # «… to play this character for each …»
        count = times(fields["per_each"], state, source)
        factor = None if count is None else factor * count
    if applies is None or factor is None:
        note = f"{what} no resuelto de {source.ref}"
        if note not in state.unresolved:
            state.unresolved.append(note)
        return 0
    return int(fields["number"]) * factor


def free_permission(state: State, card: Instance) -> tuple[bool | None, list[str]] | None:
    """Whether the card's own static ability lets its player play it for free now («If you have …, you may play
    this character for free» or «You may play this character for free if …», lorcana:1.5.5.3, 6.4.4.2, 6.4.4.3):
    (holds, rules), ``holds`` ``None`` when its condition is beyond this checker; ``None`` without such an ability."""
    for structure in card.card.abilities:
        for kind, statement in nodes(structure):
            if kind != "statement" or not any(
                    "for_free" in fields.get("predicate", {}).get("play_card", {})
                    and _is_self(fields.get("predicate", {}).get("play_card", {}).get("target", {}))
                    for clause in statement.get("clause", []) for fields in clause.values()
                    if isinstance(fields, dict)):
                continue
            prefixes = list(statement.get("prefix", []))
            rules = ["lorcana:1.5.5.3"]
            if any("condition" in p.get("prefix", {}) for p in prefixes):
                rules.append("lorcana:6.4.4.2")                              # «If [condition], [effect]»
            if "if_suffix" in statement:                                     # «[effect] if [condition]»
                prefixes.append({"prefix": {"condition": {"if_condition": statement["if_suffix"]["if_suffix"]}}})
                rules.append("lorcana:6.4.4.3")
            if {"while_suffix", "unless_suffix", "trigger_suffix"} & statement.keys():
                return None, rules                                           # a condition beyond this checker
            return holds(prefixes, state, card), rules
    return None


def play_cost(state: State, card: Instance, base: int | None = None) -> tuple[int, list[str]]:
    """The ink to pay to play ``card`` for its ink cost, or for its Shift cost ``base`` (an alternate cost,
    lorcana:1.5.5.2: payment modifiers apply to it too), and the rules that changed it."""
    increase = reduction = 0
    own = False                                                              # its own, from the hand (6.1.12)
    ignored = False                                                          # not self-referential: from play only
    for source in [*state.in_play(), card]:
        for verb, subject, fields, prefixes in _cost_clauses(source):
            if verb in SHIFT_ONLY and base is None:
                continue
            applies = _applies(subject, fields.get("target", {}), card, source)
            amount = _amount(applies, fields, prefixes, state, source, "cambio de coste")
            own = own or (source is card and card.zone != "play" and amount != 0)
            ignored = ignored or (source is card and applies is False and card.zone != "play")   # about others
            if COST_CHANGES[verb] > 0:
                increase += amount
            else:
                reduction += amount
    reduction += sum(amount for amount, _ in waiting_reductions(state, card))
    cost = max(0, (card.card.cost if base is None else base) + increase - reduction)
    rules = ["lorcana:4.3.2.3", "lorcana:1.5.4", "lorcana:4.3.5"] if increase or reduction else []   # paid, not cost
    if waiting_reductions(state, card) or ignored:
        rules.append("lorcana:4.3.6")
    if own:                                                                  # a self-referential payment modifier
        rules += ["lorcana:6.1.12", "lorcana:4.3.6"]
    return cost, list(dict.fromkeys(rules))


def move_cost(state: State, character: Instance, location: Instance) -> tuple[int, list[str]]:
    """The ink to pay to move ``character`` to ``location`` (lorcana:4.7.3.3): the location's move cost, changed by
    the static sentences in play («you pay 1 ⬡ less to move your characters to a location», «… here»); one the
    checker cannot read is reported unresolved."""
    change = 0
    arrived = Instance(character.ref, character.card, character.owner, "play", at=location.ref)   # «here»: there
    for _, subject, _fields, prefixes in _cost_clauses(location, FREE_MOVES):
        if not supported(subject):
            state.unresolved.append(f"movimiento gratis no evaluado de {location.ref}")
        elif matches(subject, arrived, location) and _amount(True, {"number": 1}, prefixes, state, location,
                                                             "movimiento gratis"):
            return 0, ["lorcana:4.7.3.2", "lorcana:6.1.7"]                   # its player may move it for free
    for source in state.in_play():
        for verb, subject, fields, prefixes in _cost_clauses(source, MOVE_COST_CHANGES):
            here = verb in _HERE
            elsewhere = verb == "move_cost_reduction_other"                    # «to your other locations»
            target = fields.get("target", {})
            movers = "card_np" in subject and not target                     # «Opposing characters pay 2 ⬡ more
            target = subject if movers else target                           # to move here»: those who move pay
            mover = movers or "you" not in subject or character.owner == source.owner
            applies = None if not (movers or PAYERS & set(subject)) or not supported(target) else \
                mover and matches(target, arrived, source) \
                and (not here or location is source) and (not elsewhere or location is not source)
            change += MOVE_COST_CHANGES[verb] * _amount(applies, fields, prefixes, state, source,
                                                        "cambio de coste de movimiento")
    cost = max(0, location.card.move_cost + change)
    return cost, (["lorcana:4.7.3.3", "lorcana:1.5.4"] if change else [])


def _next_phrase(phrase: dict[str, Any]) -> dict[str, Any]:
    return {"card_np": {"adjective": phrase.get("adjective", []), "card_noun": phrase.get("card_noun", {})}}


def waiting_reductions(state: State, card: Instance) -> list[tuple[int, dict[str, Any]]]:
    """The «next [card] you play this turn» reductions (lorcana:4.3.6) that apply to ``card``."""
    waiting = state.players[card.owner].next_reductions
    return [(amount, phrase) for amount, phrase in waiting if card_matches(_next_phrase(phrase), card, card)]


def next_understood(phrase: dict[str, Any]) -> bool:
    return understood(_next_phrase(phrase))


def use_reductions(state: State, card: Instance) -> None:
    """Playing ``card`` in any way uses up the waiting reductions that apply to it (lorcana:4.3.6)."""
    used = waiting_reductions(state, card)
    waiting = state.players[card.owner].next_reductions
    for entry in used:
        waiting.remove(entry)
