"""Every parsed ability of the corpus runs through the engine in a generic state and nothing is silently wrong: each
clause the engine reaches is executed or reported unresolved (a missing choice is reported too), and nothing
crashes (issue 16, item 7).

Triggered abilities are put in the bag as if their event had happened, activated abilities are activated and
actions are played, on a small generic board (each player with characters, an item, a location, a hand, a deck, a
discard and ink) and with no choices given: when the engine refuses the play because a chosen card is missing while
a valid one exists (that is how it reports a missing target), the run is tried again choosing the first valid card,
so the clauses after it are reached too. Every clause handed to a handler of ``effects.EFFECTS`` either runs or
is reported by ``resolve``; a clause the engine does not reach must be explained: a condition or sequencer in front
of it that does not hold or cannot be evaluated, a sentence reported unresolved, a verb with no handler reported,
a choice refused (no choice given while a valid one exists), an undecided «you may» (no ``may`` choice, reported
with its node type), or a triggered ability the effect creates for later.
Static and keyword abilities are evaluated with their card in play (``statics.refresh``) and must not crash; what
they give is measured by the coverage report (``coverage.py``), not here.
"""

from __future__ import annotations

import copy
import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from checker.errors import ReglasError
from checker.games.lorcana.corpus import read_lorcana_json
from checker.games.lorcana.engine import bag, effects
from checker.games.lorcana.engine.activated import once_form
from checker.games.lorcana.engine.cards import CardDef, keywords_of
from checker.games.lorcana.engine.replacements import replaces_previous
from checker.games.lorcana.engine.scenario import TURN_ACTIONS
from checker.games.lorcana.engine.state import Instance, State, build
from checker.games.lorcana.engine.statics import refresh
from checker.games.lorcana.grammar import GRAMMAR
from checker.grammar.errors import ParseError
from checker.grammar.walk import nodes
from checker.paths import PROJECT_ROOT
from checker.scenario.model import Refused

CORPUS = PROJECT_ROOT.parent / "shared" / "corpora" / "lorcana" / "allCards.en.json"
SOURCE = "src"
#: What the engine reports about a whole sentence it does not resolve (its clauses are then not reached).
SENTENCE_NOTES = ("condición no resuelta", "frase no resuelta", "disparador creado no resuelto")
#: A refusal for a missing chosen card lists the valid ones: the run is tried again choosing the first, so the
#: clauses after it are reached too (at most this many choices per ability).
VALID = re.compile(r"\(([^()]+)\): si existe una opción válida")
RETRIES = 4
#: An undecided «you may» of an action or activated ability (no ``may`` choice given): reported with its node type.
#: The run is tried again accepting it (``{may: true}``), so the clauses it holds are reached too; when the accepted
#: run asks first for another kind of choice, the undecided run stands.
UNDECIDED = "{}: falta una elección «may» en «choices»"
MAY_NOTE = "falta una elección «may» en «choices»"

_VANILLA = {
    "Uno - Genérico": {"type": "character", "cost": 2, "strength": 2, "willpower": 3, "lore": 1,
                       "classifications": ["Storyborn", "Ally"]},
    "Dos - Genérico": {"type": "character", "cost": 4, "strength": 3, "willpower": 5, "lore": 2,
                       "classifications": ["Floodborn", "Hero", "Pirate"]},
    "Objeto - Genérico": {"type": "item", "cost": 1},
    "Lugar - Genérico": {"type": "location", "cost": 2, "willpower": 6, "lore": 1, "move_cost": 1},
    "Acción - Genérica": {"type": "action", "cost": 1},
    "Canción - Genérica": {"type": "action", "cost": 2, "classifications": ["Song"]},
}


def _side(player: str) -> dict[str, Any]:
    """A small board: characters (one damaged, one exerted), an item, a location, a hand, a deck and a discard."""
    def card(name: str, zone: str, index: int, **extra: Any) -> dict[str, Any]:
        return {"ref": f"{player}-{zone}-{index}", "card": name, **extra}
    return {
        "inkwell": {"ready": 7},
        "play": [card("Uno - Genérico", "play", 0), card("Dos - Genérico", "play", 1, damage=1),
                 card("Uno - Genérico", "play", 2, exerted=True), card("Objeto - Genérico", "play", 3),
                 card("Lugar - Genérico", "play", 4)],
        "hand": [card(name, "hand", i) for i, name in enumerate(["Uno - Genérico", "Acción - Genérica",
                                                                  "Canción - Genérica", "Objeto - Genérico"])],
        "deck": [card(name, "deck", i) for i, name in enumerate(["Dos - Genérico", "Uno - Genérico",
                                                                  "Objeto - Genérico", "Acción - Genérica",
                                                                  "Lugar - Genérico", "Uno - Genérico"])],
        "discard": [card("Uno - Genérico", "discard", 0), card("Canción - Genérica", "discard", 1)],
    }


GENERIC = {"cards": _VANILLA, "state": {"active": "p1", "players": {"p1": _side("p1"), "p2": _side("p2")}}}
BOARD = build(GENERIC)


@dataclass
class Run:
    """What one ability's run did: the clauses dispatched to a handler and what explains the others."""

    dispatched: dict[int, bool] = field(default_factory=dict)
    #: The clauses (their predicates' ids) handed to ``effects.resolve`` after their sentence's conditions held.
    handed: set[int] = field(default_factory=set)
    skipped: bool = False
    reported: list[str] = field(default_factory=list)
    #: The play or activation was ruled illegal (its verdict says why): nothing of it happens.
    illegal: bool = False


def _rules_text(value: Any) -> Any:
    """The structure without its reminder text, which is not rules text (lorcana:8.1.1); same inner objects."""
    if isinstance(value, dict):
        return {k: _rules_text(v) if isinstance(v, (dict, list)) else v for k, v in value.items() if k != "reminder"}
    if isinstance(value, list):
        return [_rules_text(v) if isinstance(v, (dict, list)) else v for v in value]
    return value


def _clauses(structure: Any) -> Iterator[tuple[str, dict[str, Any]]]:
    """(verb, predicate fields) of every top-level clause of the effect sentences, the very objects of the structure
    (not reminder text, nor the quoted abilities an effect gives, nor the inner predicates of «chooses and …» or the
    [B] of «[A] to [B]», which follow their clause)."""
    stack = [structure]
    while stack:
        value = stack.pop()
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        for key, inner in items:
            if key in ("reminder", "quoted_ability"):
                continue
            if key == "statement" and isinstance(inner, dict) and "clause" in inner:
                for clause in inner["clause"]:
                    fields = next(iter(clause.values())) if isinstance(clause, dict) else {}
                    predicate = fields.get("predicate", {}) if isinstance(fields, dict) else {}
                    if isinstance(predicate, dict) and len(predicate) == 1:
                        yield next(iter(predicate.items()))
            stack.append(inner)


def _kind(line_kind: str, structure: dict[str, Any]) -> str:
    start = structure["start"]
    if line_kind == "action":
        return "action"
    if "activated" in start or once_form(structure):
        return "activated"
    if any(k in ("trigger", "at_start_of_turn", "at_end_of_turn") for k, _ in nodes(structure)):
        return "triggered"
    if "keywords" in start and "sentence" not in start:
        return "keyword"
    return "static"


def _state(structure: dict[str, Any], kind: str) -> tuple[State, Instance]:
    state = copy.deepcopy(BOARD)
    definition = CardDef(name="Fuente - Genérica", type="action" if kind == "action" else "character", cost=3,
                         strength=2, willpower=4, lore=1, classifications=("Storyborn", "Hero"),
                         abilities=(structure,), keywords=keywords_of(structure))
    source = Instance(SOURCE, definition, "p1", "hand" if kind == "action" else "play")
    state.cards[SOURCE] = source
    state.players["p1"].zones[source.zone].append(SOURCE)
    return state, source


def _run(structure: dict[str, Any], kind: str, record: Run, targets: list[str],
         choices: list[dict[str, Any]]) -> None:
    state, source = _state(structure, kind)
    start = structure["start"]
    if kind == "action":
        verdict, _ = TURN_ACTIONS["play"](state, {"type": "play", "card": SOURCE, "targets": targets,
                                                  "choices": choices})
        record.illegal = not verdict.legal
    elif kind == "activated" and "name" not in start:                        # an unnamed one: its effect
        node = start.get("activated", {}).get("activated", {})
        state.choices = [dict(choice) for choice in choices]
        bag.resolve_sentences(node.get("sentence", []), state, source, effects.Targets(state, targets, "p1"))
    elif kind == "activated":
        verdict, _ = TURN_ACTIONS["activate"](state, {"type": "activate", "card": SOURCE, "choices": choices,
                                                      "ability": str(start.get("name", "")), "targets": targets})
        record.illegal = not verdict.legal
    elif kind == "triggered" and "name" in start:
        state.pending.append((str(start["name"]), SOURCE, SOURCE))
        state.trigger_targets = list(targets)
        bag.resolve_bag(state, {})
    elif kind == "triggered":
        bag.resolve_sentences(start.get("sentence", []), state, source, effects.Targets(state, targets, "p1"),
                              triggered=True)
    else:
        refresh(state)
    record.skipped = record.skipped or bool(state.floating) or any(note.startswith(SENTENCE_NOTES)
                                                                  for note in state.unresolved)
    record.reported = list(state.unresolved)


def _abilities() -> list[tuple[str, str, dict[str, Any], str]]:
    _, lines = read_lorcana_json(CORPUS)
    found = []
    for line in lines:
        try:
            structure = GRAMMAR.parse(line.text)
        except ParseError:
            continue
        found.append((line.card, line.text, structure, _kind(line.kind, _rules_text(structure))))
    return found


def _restore(record: Run, saved: Run | None) -> None:
    """Put back what an earlier run of the same ability recorded."""
    if saved is not None:
        record.dispatched, record.handed = dict(saved.dispatched), set(saved.handed)
        record.skipped, record.reported, record.illegal = saved.skipped, list(saved.reported), saved.illegal


def _alternatives(structure: Any) -> list[set[int]]:
    """Groups of clauses of which the rules run only some: the options of «Choose one:», and a sentence with the
    self-replacement after it («[A]. If …, [B] instead.», lorcana:6.5.6), and the two clauses of «[A] or [B]»
    (6.1.5.2). A group is fine when any member ran."""
    groups: list[set[int]] = []
    stack = [structure]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            if "choose_one" in value and isinstance(value["choose_one"], dict):
                groups.append({id(args) for _, args in _clauses(value["choose_one"])})
            statement = value.get("statement")
            if isinstance(statement, dict) and len(statement.get("clause", [])) == 2 \
                    and any(k == "or" for k, _ in nodes(statement.get("joint", {}))):          # «[A] or [B]»
                groups.append({id(args) for _, args in _clauses({"statement": statement})})
            stack.extend(value.values())
        elif isinstance(value, list):
            statements = [v.get("sentence", {}).get("statement", {}).get("statement") if isinstance(v, dict) else None
                          for v in value]
            for first, second in itertools.pairwise(statements):
                if first is not None and second is not None and replaces_previous(first, second):
                    groups.append({id(args) for _, args in _clauses({"s": [{"statement": first},
                                                                            {"statement": second}]})})
            stack.extend(value)
    return groups


def test_every_corpus_ability_runs_or_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    record = Run()

    def spy(verb: str, handler: effects.Effect) -> effects.Effect:
        def wrapped(c: effects.Clause) -> bool:
            done = handler(c)
            record.dispatched[id(c.args)] = done                           # False: ``resolve`` reports the verb
            return done
        return wrapped

    def holds(*args: Any, **kwargs: Any) -> bool | None:
        value: bool | None = real_holds(*args, **kwargs)
        record.skipped = record.skipped or value is not True                # not reached, and rightly so
        return value

    def resolve(structure: dict[str, Any], *args: Any) -> None:
        record.handed.update(id(fields) for _, fields in _clauses(structure))
        real_resolve(structure, *args)

    real_holds, real_resolve = bag.holds, bag.resolve
    monkeypatch.setattr(bag, "resolve", resolve)
    for verb, handler in list(effects.EFFECTS.items()):
        monkeypatch.setitem(effects.EFFECTS, verb, spy(verb, handler))
    monkeypatch.setattr(bag, "holds", holds)
    problems: list[str] = []
    for card, text, structure, kind in _abilities():
        targets: list[str] = []
        choices: list[dict[str, Any]] = []
        undecided: Run | None = None                                         # the last run with a «may» undecided
        while True:
            record.dispatched.clear()
            record.handed.clear()
            record.skipped = record.illegal = False
            try:
                _run(structure, kind, record, targets, choices)
            except Refused as refusal:                                       # a missing choice: reported
                valid = VALID.search(refusal.message)
                fresh = [ref for ref in valid.group(1).split(", ") if ref not in targets] if valid else []
                if not fresh or len(targets) >= RETRIES:
                    outcome = "ran" if undecided is not None else "refused"
                    _restore(record, undecided)
                    break
                targets = [*targets, fresh[0]]                               # choose one and go on
                continue
            except ReglasError as error:                                     # accepted, another choice came first
                if undecided is None or not error.what.startswith("choices:"):
                    problems.append(f"{card}: {text!r}: {type(error).__name__}: {error}")
                    outcome = "crashed"
                    break
                _restore(record, undecided)
                outcome = "ran"
                break
            except Exception as error:                                       # a crash, whatever it is, fails
                problems.append(f"{card}: {text!r}: {type(error).__name__}: {error}")
                outcome = "crashed"
                break
            if any(note.endswith(MAY_NOTE) for note in record.reported) and len(choices) < RETRIES:
                undecided = Run(dict(record.dispatched), set(record.handed), record.skipped,
                                list(record.reported), record.illegal)
                choices = [*choices, {"may": True}]                          # accept it and go on
                continue
            outcome = "ran"
            break
        if outcome != "ran" or record.illegal:
            continue
        if kind in ("static", "keyword"):
            continue
        for verb, args in _clauses(structure):
            if id(args) in record.dispatched or (verb in record.reported and verb not in effects.EFFECTS) \
                    or UNDECIDED.format(verb) in record.reported:
                continue                                                     # ran, or reported with its node type
            undecided_alternative = any(note.startswith(("choose_one:", "instead:", "or:")) for note in record.reported)
            if any(id(args) in group and (group & record.dispatched.keys() or undecided_alternative)
                   for group in _alternatives(structure)):
                continue                                                     # another option, or the replacement
            if id(args) in record.handed or not record.skipped:
                problems.append(f"{card}: {text!r}: «{verb}» ni se ejecuta ni se informa")
    assert problems == [], "\n".join(problems)
