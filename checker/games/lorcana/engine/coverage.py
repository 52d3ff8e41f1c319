"""What the engine can execute of an ability: the node types it lacks, read from the engine's own tables.

An ability is executable when every part the engine would meet has a handler: its keywords, the events of its
triggers, the conditions and timings in front of its sentences, the costs of an activated ability and the verb of
every clause. The handled sets are the engine's dispatch tables (``EFFECTS``, ``CONDITIONS``, ``TIMINGS``,
``EVENT_VERBS``, ``AURAS``, ``FLAGS``), so this report cannot drift from what the engine does. Reminder text is
not rules text (lorcana:8.1.1) and is not counted.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from checker.games.lorcana.engine.cards import HANDLED_KEYWORDS, keywords_of
from checker.games.lorcana.engine.conditions import CONDITIONS, TIMINGS, WRAPPERS
from checker.games.lorcana.engine.effects import EFFECTS
from checker.games.lorcana.engine.events import EVENT_VERBS, SELF_EVENTS
from checker.games.lorcana.engine.filters import supported
from checker.games.lorcana.engine.flags import FLAGS
from checker.games.lorcana.engine.statics import AURAS
from checker.games.lorcana.keywords import canonical
from checker.grammar.walk import nodes

Structure = dict[str, Any]
#: Costs an activated ability can pay besides ⟳ and ink (effect costs by predicate).
EFFECT_COSTS = frozenset({"banish"})


def _without_reminders(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_reminders(v) for k, v in value.items() if k != "reminder"}
    if isinstance(value, list):
        return [_without_reminders(v) for v in value]
    return value


def _statements(structure: Structure) -> Iterator[Structure]:
    for kind, fields in nodes(structure):
        if kind == "statement":
            yield fields


def _clauses(statement: Structure) -> Iterator[tuple[str, Structure, Structure]]:
    """(verb, its fields, the clause's fields) of each clause of a statement."""
    for clause in statement.get("clause", []):
        ((_, fields),) = clause.items()
        predicate = fields.get("predicate", {}) if isinstance(fields, dict) else {}
        if len(predicate) == 1:
            ((verb, args),) = predicate.items()
            yield verb, args, fields
        else:
            yield next(iter(clause)), {}, fields


def _prefix_gaps(statement: Structure) -> list[str]:
    gaps = []
    for prefix in statement.get("prefix", []):
        fields = prefix.get("prefix", {})
        if "trigger" in fields:
            continue
        if "timing" in fields:
            kind = next(iter(fields["timing"]))
            if kind not in TIMINGS:
                gaps.append(kind)
            continue
        wrapper = fields.get("condition", {})
        inner = next((wrapper[w] for w in WRAPPERS if w in wrapper), None)
        if inner is None:
            gaps.append(next(iter(wrapper), "prefix"))
            continue
        kind = next(iter(inner["cond"]))
        if kind not in CONDITIONS:
            gaps.append(kind)
    for suffix in ("if_suffix", "while_suffix", "unless_suffix", "trigger_suffix"):
        if suffix in statement:
            gaps.append(suffix)
    return gaps


def _effect_gaps(structure: Structure) -> list[str]:
    """Sentences resolved as effects: every statement's prefixes and clause verbs."""
    gaps: list[str] = []
    for kind, _ in nodes(structure.get("start", structure)):
        if kind in ("choose_one", "sentence_with_reminder"):
            gaps.append(kind)
    for statement in _statements(structure):
        gaps += _prefix_gaps(statement)
        gaps += [verb for verb, _, _ in _clauses(statement) if verb not in EFFECTS]
    return gaps


def _event_gaps(structure: Structure) -> list[str]:
    gaps: list[str] = []
    if structure["start"].get("name") is None:
        gaps.append("trigger_without_name")
    for kind, fields in nodes(structure):
        if kind == "trigger":
            for event in fields.get("event", []):
                ((event_kind, event_fields),) = event.items()
                phrase = event_fields.get("card_np") if isinstance(event_fields, dict) else None
                verbs = [v for v, _ in nodes(event_fields.get("event_verb", {}))] if event_kind == "card_event" else []
                if event_kind not in SELF_EVENTS:
                    gaps.append(event_kind)
                elif event_kind == "card_event" and not any(v in EVENT_VERBS for v in verbs):
                    gaps += verbs[:1] or [event_kind]
                elif phrase is not None and not supported(phrase):
                    gaps.append("card_np")
            gaps += [k for k in fields if k == "trigger_scope"]
        elif kind == "at_start_of_turn" and not any(k == "your_turn" for k, _ in nodes(fields)):
            gaps.append(kind)
    return gaps


def _static_gaps(structure: Structure) -> list[str]:
    gaps: list[str] = []
    for statement in _statements(structure):
        prefixes = statement.get("prefix", [])
        for verb, args, fields in _clauses(statement):
            subject = fields.get("subject", {})
            reader = FLAGS.get(verb)
            self_flag = not prefixes and any(k == "this_card" for k, _ in nodes(subject)) and reader is not None \
                and reader(args) is not None
            aura = verb in AURAS and "duration" not in args and ("card_np" in subject or "pronoun" in subject)
            if self_flag:
                continue
            if not aura:
                gaps.append(verb)
            elif "card_np" in subject and not supported(subject):
                gaps.append("card_np")
        gaps += [g for g in _prefix_gaps(statement) if g != "for_each"]
    return gaps


def _keyword_gaps(structure: Structure) -> list[str]:
    found = keywords_of({"keywords": structure["start"]["keywords"]["keywords"]})
    gaps = []
    for name in found:
        keyword = canonical(name)
        if keyword is None or keyword.english not in HANDLED_KEYWORDS:
            gaps.append(name)
    return gaps


def _triggered(structure: Structure) -> bool:
    return any(kind in ("trigger", "at_start_of_turn", "at_end_of_turn") for kind, _ in nodes(structure))


def missing(structure: Structure, kind: str = "") -> list[str]:
    """The node types of ``structure`` (one parsed ability) the engine has no handler for; empty if executable.

    ``kind`` is the ability's kind when the card data gives it (``static``, ``triggered``, ``activated``,
    ``keyword``, ``action``); without it an ability with no trigger and no imperative clause is read as static.
    """
    structure = _without_reminders(structure)
    start = structure["start"]
    if "keywords" in start:
        gaps = _keyword_gaps(structure)
        return gaps + (_effect_gaps({"start": {"sentence": start["sentence"]}}) if "sentence" in start else [])
    if "activated" in start:
        node = start["activated"]["activated"]
        costs = [f for k, f in nodes(node["cost_list"]) if k == "effect_cost"]
        gaps = [next(iter(f.get("predicate", {"?": {}}))) for f in costs
                if not EFFECT_COSTS & set(f.get("predicate", {}))]
        return gaps + _effect_gaps({"start": {"sentence": node.get("sentence", [])}})
    if _triggered(structure):
        return _event_gaps(structure) + _effect_gaps(structure)
    imperative = any(k == "imperative" for k, _ in nodes(structure))
    if kind == "action" or (kind not in ("static",) and imperative):
        return _effect_gaps(structure)
    return _static_gaps(structure)
