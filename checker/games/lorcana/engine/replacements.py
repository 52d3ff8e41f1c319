"""Self-replacement effects (lorcana:6.5.6): «[A]. If …, [B] instead.» — [B] replaces [A] when its condition holds
as [A] would happen (6.5.3), and [A] never happens then (6.5.4)."""

from __future__ import annotations

from typing import Any

from checker.grammar.walk import nodes

#: The rules a self-replacement is decided by: the word «instead» (6.5.1.1), its condition checked as the event would
#: happen (6.5.3), an ability replacing part of itself (6.5.6).
CHECKED = ("lorcana:6.5.1.1", "lorcana:6.5.3", "lorcana:6.5.6")
#: A replaced event never happens; the modified one does (6.5.4).
REPLACED = "lorcana:6.5.4"


def says_instead(statement: dict[str, Any]) -> bool:
    """Whether a clause of the statement ends with «instead»."""
    return any(isinstance(clause, dict) and "instead" in next(iter(clause.values()), {})
               for clause in statement.get("clause", []))


def condition_of(statement: dict[str, Any]) -> dict[str, Any] | None:
    """The ``cond`` of the «If …,» in front of a statement; ``None`` without exactly one."""
    found = [p["prefix"]["condition"]["if_condition"]["cond"] for p in statement.get("prefix", [])
             if "if_condition" in p.get("prefix", {}).get("condition", {})]
    return found[0] if len(found) == 1 and len(statement.get("prefix", [])) == 1 else None


def replaces_previous(previous: dict[str, Any] | None, statement: dict[str, Any]) -> bool:
    """Whether ``statement`` is a self-replacement of the statement before it: «If …, [B] instead.»"""
    return previous is not None and not says_instead(previous) and says_instead(statement) \
        and condition_of(statement) is not None


def chosen_condition(cond: dict[str, Any]) -> dict[str, Any] | None:
    """«If a Knight character is chosen»: the phrase the chosen card must fit (``None`` for other conditions)."""
    ((kind, fields),) = cond.items()
    if kind == "is_state" and any(k == "chosen" for k, _ in nodes(fields.get("state", {}))):
        phrase = fields.get("subject_np")
        return phrase if isinstance(phrase, dict) else None
    return None


def would_turn(statement: dict[str, Any]) -> Any:
    """The «… during an opponent's turn» of a «would be» condition (``None`` without one)."""
    cond = condition_of(statement) or {}
    scope = cond.get("would_be", {}).get("turn_scope") if isinstance(cond.get("would_be"), dict) else None
    return scope if isinstance(scope, dict) else None


def would_be_dealt(statement: dict[str, Any]) -> dict[str, Any] | None:
    """«Whenever one of your Knight characters would be dealt damage, …» read as the «If … would be dealt damage,»
    it means: a replacement, not a triggered ability (lorcana:6.5.1)."""
    prefixes = statement.get("prefix", [])
    events = [e for p in prefixes for e in p.get("prefix", {}).get("trigger", {}).get("trigger", {}).get("event", [])]
    if len(prefixes) != 1 or len(events) != 1 or "would_be_dealt_damage" not in \
            events[0].get("card_event", {}).get("event_verb", {}):
        return None
    return {"would_be": {"subject": events[0]["card_event"].get("card_np"), "passive": {"dealt_damage": {}}}}


def damage_replacement(statement: dict[str, Any]) -> dict[str, Any] | None:
    """«If another character of yours would be dealt damage, put that many damage counters on this character
    instead.»: the phrase of the cards it protects (lorcana:6.5.1); ``None`` for any other statement."""
    cond = condition_of(statement) or would_be_dealt(statement)
    if cond is None or "would_be" not in cond or "dealt_damage" not in cond["would_be"].get("passive", {}):
        return None
    clauses = statement.get("clause", [])
    if len(clauses) != 1:
        return None
    fields: dict[str, Any] = next(iter(clauses[0].values()), {})
    predicate = fields.get("predicate", {}) if isinstance(fields, dict) else {}
    target = predicate.get("put_that_many_damage", {}).get("target")
    if not isinstance(target, dict) or not any(k == "this_card" for k, _ in nodes(target)):
        return None
    subject = cond["would_be"].get("subject")
    return subject if isinstance(subject, dict) else None


#: The predicates that can take a banishing's place, and the zone the card goes to instead.
BANISH_INSTEAD = {"return_to_hand": "hand", "put_card": "inkwell"}
#: The words that name the card being banished in the replacing clause («return that card», «put her»).
_THE_CARD = frozenset({"that_card", "pronoun", "this_card"})


def banish_replacement(statement: dict[str, Any]) -> tuple[dict[str, Any], str, dict[str, Any]] | None:
    """«If one of your Pirate characters would be banished, return that card to your hand instead.»: (the phrase of
    the cards it protects, the replacing verb, its arguments) (lorcana:6.5.1); ``None`` for any other statement, or
    a replacement this checker cannot carry out."""
    cond = condition_of(statement)
    if cond is None or "would_be" not in cond or not says_instead(statement):
        return None
    passive = cond["would_be"].get("passive")
    if "banished" not in (passive if isinstance(passive, (dict, str)) else ""):
        return None
    clauses = statement.get("clause", [])
    fields: dict[str, Any] = next(iter(clauses[0].values()), {}) if len(clauses) == 1 else {}
    predicate = fields.get("predicate", {}) if isinstance(fields, dict) else {}
    if len(predicate) != 1:
        return None
    ((verb, args),) = predicate.items()
    target = args.get("target") if isinstance(args, dict) else None
    kinds = {k for k, _ in nodes(target)} | (set(target) if isinstance(target, dict) else set())
    if verb not in BANISH_INSTEAD or not kinds & _THE_CARD:
        return None
    if verb == "put_card" and not {"your_inkwell", "its_players_inkwell"} & {k for k, _ in nodes(args)}:
        return None
    subject = cond["would_be"].get("subject")
    return (subject, verb, args) if isinstance(subject, dict) else None
