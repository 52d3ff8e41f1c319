"""The engine's coverage of real cards is measured from its own tables, holds its record, names only node types the
grammar produces, and every handler it counts is exercised by a scenario."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from checker.cli import main
from checker.game import find_game
from checker.games.lorcana.engine import (
    bag,
    conditions,
    costs,
    effects,
    events,
    flags,
    playing,
    shields,
    shiftcosts,
    statics,
)
from checker.games.lorcana.engine.coverage import missing
from checker.games.lorcana.grammar import GRAMMAR
from checker.grammar.corpus import AbilityLine
from checker.grammar.validate import engine_report
from checker.paths import GRAMMAR_DIR, PROJECT_ROOT

CORPUS = PROJECT_ROOT.parent / "shared" / "corpora" / "lorcana" / "allCards.en.json"
SCENARIOS = PROJECT_ROOT / "tests" / "scenarios" / "lorcana"


def _tables() -> dict[str, set[str]]:
    return {"EFFECTS": set(effects.EFFECTS), "CONDITIONS": set(conditions.CONDITIONS),
            "TIMINGS": set(conditions.TIMINGS), "EVENT_VERBS": set(events.EVENT_VERBS),
            "SELF_EVENTS": set(events.SELF_EVENTS), "AURAS": set(statics.AURAS), "FLAGS": set(flags.FLAGS),
            "SEQUENCERS": set(conditions.SEQUENCERS), "COST_CHANGES": set(costs.COST_CHANGES),
            "ZONE_EVENTS": set(events.ZONE_EVENTS), "TRIGGER_SCOPES": set(events.TRIGGER_SCOPES),
            "DELAYED": set(bag.DELAYED), "PLAYING_EFFECTS": set(playing.PLAYING_EFFECTS),
            "NEXT_DAMAGE": set(shields.NEXT_DAMAGE), "UNTIL": set(shields.UNTIL),
            "CHALLENGE_STATES": set(conditions.CHALLENGE_STATES),
            "SHIFT_COST_PAYERS": set(shiftcosts.SHIFT_COST_PAYERS)}


def test_engine_names_only_node_types_the_grammar_produces() -> None:
    produced = set(GRAMMAR.model.by_type)
    assert {name: sorted(types - produced) for name, types in _tables().items() if types - produced} == {}


def test_corpus_executable_share_keeps_its_record(capsys: pytest.CaptureFixture[str]) -> None:
    recorded = json.loads((GRAMMAR_DIR / "lorcana.engine.json").read_text(encoding="utf-8"))
    assert main(["validate", "--game", "lorcana", str(CORPUS), "--engine", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report) == {"abilities", "executable", "missing"}
    assert report["abilities"] >= recorded["abilities"]
    assert report["executable"] >= recorded["executable"]
    assert report["abilities"] - report["executable"] <= sum(report["missing"].values())


@pytest.mark.parametrize(("text", "gaps"), [
    ("Evasive (Only characters with Evasive can challenge this character.)", []),
    ("DRAW UP When you play this character, draw a card.", []),
    ("When you play this character, draw a card.", ["trigger_without_name"]),
    ("LOOK AHEAD When you play this character, look at the top 3 cards of your deck.", []),
    ("PEEK When you play this character, you may look at each opponent's hand.", ["look_at_hand"]),
    ("TOUGH While this character has no damage, she gets +2 ¤.", []),
    ("BIG LIFT ⟳, Choose and discard a card — Draw 2 cards.", []),
    ("WELL OF WONDER Whenever a card is put into your inkwell, gain 1 lore.", []),
    ("TOLL BOOTH When you play this character, you may pay 1 ⬡ to draw a card.", []),
    ("RECKLESS TRADE When you play this character, you may ready chosen character to draw a card.", ["purpose"]),
    ("PURGE When you play this character, you may discard your hand to draw 2 cards.", []),
    ("WISH Whenever this character quests, you may shuffle this card into your deck to draw 3 cards.", []),
    ("DARE ⟳ — Chosen character gains Resist +2 during that challenge.", ["gains"]),
    ("GIFTS When you play this character, each player may draw a card.", ["draw"]),
])
def test_missing_names_the_node_types(text: str, gaps: list[str]) -> None:
    assert sorted(set(missing(GRAMMAR.parse(text)))) == gaps


def test_engine_report_counts_each_gap_once_per_ability() -> None:
    lines = [AbilityLine("a", "action", "Look at each opponent's hand. Look at each opponent's hand."),
             AbilityLine("b", "action", "Draw a card."), AbilityLine("c", "action", "not card text at all")]
    report = engine_report(find_game("lorcana"), lines)
    assert (report.abilities, report.executable, report.missing) == (2, 1, Counter({"look_at_hand": 1}))


def test_every_counted_handler_is_exercised_by_a_scenario(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    used: set[str] = set()

    def spy(table: dict[str, Any], label: str) -> None:
        for key, handler in list(table.items()):
            def wrapped(*args: Any, _key: str = key, _handler: Any = handler) -> Any:
                used.add(f"{label}:{_key}")
                return _handler(*args)
            monkeypatch.setitem(table, key, wrapped)

    spy(effects.EFFECTS, "EFFECTS")
    spy(conditions.CONDITIONS, "CONDITIONS")
    spy(conditions.TIMINGS, "TIMINGS")
    spy(flags.FLAGS, "FLAGS")
    spy(conditions.SEQUENCERS, "SEQUENCERS")
    spy(shields.NEXT_DAMAGE, "NEXT_DAMAGE")
    spy(conditions.CHALLENGE_STATES, "CHALLENGE_STATES")
    spy(shiftcosts.SHIFT_COST_PAYERS, "SHIFT_COST_PAYERS")
    flags.static_flags.cache_clear()
    main(["check", *map(str, sorted(SCENARIOS.glob("*.yaml"))), "--json"])
    capsys.readouterr()
    wanted = {f"EFFECTS:{k}" for k in effects.EFFECTS} | {f"CONDITIONS:{k}" for k in conditions.CONDITIONS} \
        | {f"TIMINGS:{k}" for k in conditions.TIMINGS} | {f"FLAGS:{k}" for k in flags.FLAGS} \
        | {f"SEQUENCERS:{k}" for k in conditions.SEQUENCERS} | {f"NEXT_DAMAGE:{k}" for k in shields.NEXT_DAMAGE} \
        | {f"CHALLENGE_STATES:{k}" for k in conditions.CHALLENGE_STATES} \
        | {f"SHIFT_COST_PAYERS:{k}" for k in shiftcosts.SHIFT_COST_PAYERS}
    flags.static_flags.cache_clear()
    assert sorted(wanted - used) == []
