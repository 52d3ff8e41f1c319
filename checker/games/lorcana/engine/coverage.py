"""What the engine can execute of an ability: the node types it lacks, read from the engine's own tables.

An ability is executable when every part the engine would meet has a handler: its keywords, the events of its
triggers, the conditions and timings in front of its sentences, the costs of an activated ability and the verb of
every clause. The handled sets are the engine's dispatch tables (``EFFECTS``, ``CONDITIONS``, ``TIMINGS``,
``EVENT_VERBS``, ``AURAS``, ``FLAGS``), so this report cannot drift from what the engine does. Reminder text is
not rules text (lorcana:8.1.1) and is not counted.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

from checker.games.lorcana.engine.activated import once_form
from checker.games.lorcana.engine.bag import DELAYED
from checker.games.lorcana.engine.cards import HANDLED_KEYWORDS, CardDef, keywords_of
from checker.games.lorcana.engine.conditions import (
    CHALLENGE_STATES,
    COND_READS,
    CONDITIONS,
    SEQUENCERS,
    TIMINGS,
    WRAPPERS,
)
from checker.games.lorcana.engine.costs import PAYERS, PAYMENT_CHANGES
from checker.games.lorcana.engine.counts import countable
from checker.games.lorcana.engine.discardcost import discard_args
from checker.games.lorcana.engine.effects import EFFECTS, PAYS_FOR, lasting
from checker.games.lorcana.engine.events import EVENT_VERBS, SELF_EVENTS, TRIGGER_SCOPES, ZONE_EVENTS, beyond, put_under
from checker.games.lorcana.engine.filters import supported
from checker.games.lorcana.engine.flags import FLAGS, choice_limit, decoy_clause, play_ban, play_limit
from checker.games.lorcana.engine.playing import PLAYING_EFFECTS, READS, YOUR_AMOUNTS, gainable, purpose_clause, quoted
from checker.games.lorcana.engine.replacements import (
    banish_replacement,
    damage_replacement,
    replaces_previous,
    says_instead,
    would_be_dealt,
)
from checker.games.lorcana.engine.shields import one_shot
from checker.games.lorcana.engine.shiftcosts import SHIFT_COST_PAYERS
from checker.games.lorcana.engine.statics import AURAS, challenged, stops_known
from checker.games.lorcana.engine.turns import whose_turn
from checker.games.lorcana.engine.zonecards import ink_permission
from checker.games.lorcana.keywords import canonical
from checker.grammar.walk import nodes, without

Structure = dict[str, Any]
#: Costs an activated ability can pay besides ⟳ and ink (effect costs by predicate).
EFFECT_COSTS = frozenset({"banish", "exert_with_symbol"})
#: Verbs that give a quoted ability; the quoted ability is measured apart (``_quoted_gaps``).
QUOTED_VERBS = ("gains_ability", "gains_with_ability")


def _without_reminders(value: Any) -> Any:
    return without(value, "reminder")


def _without_quotes(value: Any) -> Any:
    """The structure without the quoted abilities it gives («gains "…"»): they are measured apart."""
    return without(value, "quoted_ability")


def _quoted_gaps(structure: Structure) -> list[str]:
    """Gaps of the quoted abilities an ability gives: the verb when the engine does not give it, else the quoted
    ability's own gaps as a triggered or static ability of the card that gains it."""
    gaps: list[str] = []
    for kind, args in nodes(structure):
        if kind in QUOTED_VERBS and isinstance(args, dict) and "quoted_ability" in args:
            ability, gained = quoted(args), gainable(args)
            if ability is None or gained is None:
                gaps.append(kind)
            else:
                gaps += missing({"start": {**ability["start"], "name": "QUOTED"}}, gained)
    return gaps


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


def _prefix_gaps(statement: Structure, effect: bool = False) -> list[str]:
    """Gaps of the conditions, timings and sequencers in front of a sentence; in an effect (``effect``) a timing
    that waits for a moment creates a delayed triggered ability."""
    gaps = []
    permission = bool(statement.get("clause")) and all(ink_permission(c) for c in statement["clause"])
    for prefix in statement.get("prefix", []):
        fields = prefix.get("prefix", {})
        if "trigger" in fields or (permission and "this_turn_timing" in fields.get("timing", {})):
            continue
        if "timing" in fields:
            kind = next(iter(fields["timing"]))
            if kind not in TIMINGS and not (effect and kind in DELAYED):
                gaps.append(kind)
            continue
        if "sequencer" in fields:
            kind = next(iter(fields["sequencer"]))
            if kind not in SEQUENCERS:
                gaps.append(kind)
            continue
        wrapper = fields.get("condition", {})
        inner = next((wrapper[w] for w in WRAPPERS if w in wrapper), None)
        if any(k in CHALLENGE_STATES for k in wrapper):
            phrase = next(iter(wrapper.values()))
            gaps += ["card_np"] if isinstance(phrase, dict) and "card_np" in phrase \
                and not supported(phrase["card_np"]) else []
            continue
        if inner is None:
            gaps.append(next(iter(wrapper), "prefix"))
            continue
        kind = next(iter(inner["cond"]))
        if kind not in CONDITIONS or (kind in COND_READS and not COND_READS[kind](inner["cond"][kind])):
            gaps.append(kind)
    for suffix in ("if_suffix", "while_suffix", "unless_suffix", "trigger_suffix"):
        if suffix in statement:
            gaps.append(suffix)
    return gaps


def _effect_gaps(structure: Structure) -> list[str]:
    """Sentences resolved as effects: every statement's prefixes and clause verbs."""
    gaps: list[str] = []
    for kind, _ in nodes(structure.get("start", structure)):
        if kind in ("sentence_with_reminder",):
            gaps.append(kind)
    previous = None
    for statement in _statements(structure):
        if one_shot(statement) is not None:                                  # read by ``shields.py``
            previous = statement
            continue
        if says_instead(statement) and not replaces_previous(previous, statement):
            gaps.append("instead")                                           # a replacement beyond this checker
        previous = statement
        gaps += _prefix_gaps(statement, effect=True)
        gaps += [verb for verb, args, _ in _clauses(statement) if (verb not in EFFECTS and verb not in PLAYING_EFFECTS)
                 or (verb in READS and verb not in QUOTED_VERBS and not READS[verb](args))]
        for verb, args, fields in _clauses(statement):
            if verb == "draw" and fields.get("optional") and "you" not in (fields.get("subject") or {"you": {}}):
                gaps.append(verb)                                            # another player's «may»: theirs
            if verb in YOUR_AMOUNTS and "you" not in (fields.get("subject") or {"you": {}}):
                gaps.append(verb)                                            # an amount read for another player
            if verb in ("gets", "gains", "give") and isinstance(args, dict) and not lasting(args):
                gaps.append(verb)                                            # a duration the engine lacks
            if "purpose" in fields:                                          # «[A] to [B]»: [B] too
                then = next(iter(purpose_clause(fields["purpose"]).values())).get("predicate", {})
                gaps += [] if verb in PAYS_FOR else ["purpose"]
                gaps += [v for v in then if v not in EFFECTS and v not in PLAYING_EFFECTS]
    return gaps


def _floating(structure: Structure) -> bool:
    """Every trigger of the text is scoped «this turn» or waits for a moment: an action creating floating or delayed
    triggered abilities (lorcana:6.2.7)."""
    triggers = [f for k, f in nodes(structure) if k == "trigger"]
    delayed = [k for k, _ in nodes(structure) if k in DELAYED]
    return bool(triggers or delayed) and all("this_turn_scope" in f.get("trigger_scope", {}) for f in triggers)


def _event_gaps(structure: Structure, kind: str = "") -> list[str]:
    gaps: list[str] = []
    if structure["start"].get("name") is None and not (kind == "action" and _floating(structure)):
        gaps.append("trigger_without_name")
    for kind, fields in nodes(structure):
        if kind == "trigger":
            for event in fields.get("event", []):
                ((event_kind, event_fields),) = event.items()
                phrase = event_fields.get("card_np") if isinstance(event_fields, dict) else None
                verbs = [v for v, _ in nodes(event_fields.get("event_verb", {}))] if event_kind == "card_event" else []
                zones = [z for z, _ in nodes(event_fields.get("destination", {}))] \
                    if event_kind in ("card_put_into", "you_put_into") else []
                under = put_under(event_fields) if event_kind == "you_put_into" else None
                if event_kind not in SELF_EVENTS or beyond(event_kind, event_fields):
                    gaps.append(event_kind)
                elif event_kind == "card_event" and not any(v in EVENT_VERBS for v in verbs):
                    gaps += verbs[:1] or [event_kind]
                elif under is not None:                                      # «… put a card under X»: X read
                    gaps += [] if supported(under) or any(k in ("this_card", "pronoun") for k, _ in nodes(under)) \
                        else ["card_np"]
                elif event_kind in ("card_put_into", "you_put_into") and not any(z in ZONE_EVENTS for z in zones):
                    gaps.append(event_kind)
                elif phrase is not None and not supported(phrase):
                    gaps.append("card_np")
            scope = fields.get("trigger_scope", {})
            if scope and (not TRIGGER_SCOPES & set(scope) or ("during_scope" in scope and whose_turn(scope) is None)):
                gaps.append("trigger_scope")
        elif kind == "at_start_of_turn" and not any(k == "your_turn" for k, _ in nodes(fields)):
            gaps.append(kind)
    return gaps


def _static_gaps(structure: Structure) -> list[str]:
    gaps: list[str] = []
    for statement in _statements(structure):
        prefixes = statement.get("prefix", [])
        protected = damage_replacement(statement)
        if protected is None and (replacing := banish_replacement(statement)) is not None:
            protected = replacing[0]                                         # read by ``banishing.py`` (6.5.1)
        if protected is not None:                                            # read by ``damage.py`` (6.5.1)
            gaps += [] if supported(protected) else ["card_np"]
            continue
        for verb, args, fields in _clauses(statement):
            subject = fields.get("subject", {})
            reader = FLAGS.get(verb)
            if ink_permission({"declarative": fields}) or decoy_clause(fields) or play_limit(fields) is not None \
                    or choice_limit(fields) is not None or play_ban(fields) is not None:   # read by ``actions``,
                limit, unless, ban = choice_limit(fields), play_limit(fields), play_ban(fields)   # ``effects.Targets``
                gaps += ["card_np"] if limit is not None and not supported(limit[1]) else []
                gaps += ["card_np"] if ban is not None and not supported(ban[1]) else []
                gaps += [k for k in (unless or {}).get("cond", {}) if k not in CONDITIONS]
                continue
            self_flag = not prefixes and any(k == "this_card" for k, _ in nodes(subject)) and reader is not None \
                and reader(args) is not None
            aura = verb in AURAS and "duration" not in args and ("card_np" in subject or "pronoun" in subject) \
                and challenged({verb: args}) is not False \
                and stops_known({verb: args})                              # «can't challenge your characters»
            if self_flag:                                                    # «… can't be challenged by X»: X read
                actions = args.get("action_list", {}).get("action_list", {}).get("action", []) \
                    if verb == "cant" and isinstance(args, dict) else []
                gaps += ["card_np" for a in (actions if isinstance(actions, list) else [actions])
                         if isinstance(a, dict) and "be_challenged_by" in a
                         and not supported(a["be_challenged_by"].get("card_np") or {})]
                continue
            if verb in PAYMENT_CHANGES and _payers(subject, args):             # «you pay N ⬡ less to play …»
                target: Structure = (args.get("target") or subject) if isinstance(args, dict) else subject
                if not any(k == "this_card" for k, _ in nodes(target)) and not supported(target):
                    gaps.append("card_np")
                gaps += ["card_np" for p in prefixes if "for_each" in p.get("prefix", {}).get("timing", {})
                         and not countable(p["prefix"]["timing"]["for_each"].get("card_np", {}))]
                continue
            unless = args.get("unless", {}).get("unless", {}).get("cond", {}) if isinstance(args, dict) else {}
            gaps += [kind for kind in unless if kind not in CONDITIONS]             # «can't quest unless …»
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
    gaps += [verb for kind, fields in nodes(structure) if kind == "shift_keyword_cost"   # «Shift: Discard …»
             for k, cost in nodes(fields) if k == "effect_cost"
             for verb in cost.get("predicate", {}) if verb not in SHIFT_COST_PAYERS]
    return gaps


def _triggered(structure: Structure) -> bool:
    """Whether the ability is triggered («Whenever … would be dealt damage, … instead» is a replacement)."""
    if any(would_be_dealt(s) is not None for s in _statements(structure)):
        return False
    return any(kind in ("trigger", "at_start_of_turn", "at_end_of_turn") for kind, _ in nodes(structure))


def missing(structure: Structure, kind: str = "") -> list[str]:
    """The node types of ``structure`` (one parsed ability) the engine has no handler for; empty if executable.

    ``kind`` is the ability's kind when the card data gives it (``static``, ``triggered``, ``activated``,
    ``keyword``, ``action``); without it an ability with no trigger and no imperative clause is read as static.
    """
    structure = _without_reminders(structure)
    quoted_gaps = _quoted_gaps(structure)
    structure = _without_quotes(structure)
    return quoted_gaps + _gaps(structure, kind)


def _gaps(structure: Structure, kind: str) -> list[str]:
    start = structure["start"]
    if kind == "activated" and "activated" not in start and not once_form(structure):
        return ["activated"]                                                 # no cost — effect the engine can use
    if once_form(structure):                                                 # «Once per turn, you may pay …»
        return _effect_gaps(structure)
    if "keywords" in start:
        gaps = _keyword_gaps(structure)
        return gaps + (_effect_gaps({"start": {"sentence": start["sentence"]}}) if "sentence" in start else [])
    if "activated" in start:
        node = start["activated"]["activated"]
        costs = [f for k, f in nodes(node["cost_list"]) if k == "effect_cost"]
        gaps = [next(iter(f.get("predicate", {"?": {}}))) for f in costs
                if not EFFECT_COSTS & set(f.get("predicate", {})) and discard_args(f.get("predicate", {})) is None]
        return gaps + _effect_gaps({"start": {"sentence": node.get("sentence", [])}})
    if _triggered(structure):
        return _event_gaps(structure, kind) + _effect_gaps(structure)
    imperative = any(k == "imperative" for k, _ in nodes(structure))
    if kind == "action" or (kind not in ("static",) and imperative):
        return _effect_gaps(structure)
    return _static_gaps(structure)


@cache
def static_gaps(card: CardDef) -> tuple[str, ...]:
    """The node types of a card's static abilities (neither keywords, nor triggered, nor activated: lorcana:6.4) that
    the engine does not apply; at run time it would ignore them, so ``scenario.py`` reports them while the card is in
    play. An action card has no abilities (lorcana:6.1.1.2); a change to what a player pays is read, or reported,
    by ``costs.py`` when a card is played (lorcana:4.3.2.3)."""
    if card.type == "action":
        return ()
    gaps: list[str] = []
    for structure in card.abilities:
        start = structure.get("start", {})
        if "keywords" in start or "activated" in start or once_form(structure) or _triggered(structure) \
                or _cost_change(structure):
            continue
        gaps += missing(structure, "static")
    return tuple(dict.fromkeys(gaps))


@cache
def trigger_gaps(card: CardDef) -> tuple[str, ...]:
    """The node types of the events a card's triggered abilities watch that the engine never generates: while the
    card is in play such a trigger can't fire, so ``scenario.py`` reports it (never silently missed)."""
    return tuple(dict.fromkeys(gap for structure in card.abilities if _triggered(structure)
                               for gap in _event_gaps(_without_reminders(structure), "")
                               if gap not in ("trigger_without_name", "card_np", "trigger_scope")))  # those: at run


def _cost_change(structure: Structure) -> bool:
    """Every clause of the ability changes what a player pays («you pay N ⬡ less to play …»)."""
    clauses = [(verb, fields) for statement in _statements(structure) for verb, _, fields in _clauses(statement)]
    return bool(clauses) and all(verb in PAYMENT_CHANGES and _payers(fields.get("subject", {}), fields)
                                 for verb, fields in clauses)


def _payers(subject: Structure, args: Any) -> bool:
    """Whether a payment change names who pays: «you», «each player», or the movers («Opposing characters pay …
    to move here», with no other target)."""
    target = args.get("target") if isinstance(args, dict) else None
    return bool(PAYERS & set(subject)) or ("card_np" in subject and target is None)
