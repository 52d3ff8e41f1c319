"""Every keyword of the CR 2.1.0 (section 8, read at run time) parses with its reminder text into typed structure,
alone, given by an effect and given together with others; the lines are written for this test."""

from __future__ import annotations

import re

import pytest

from checker.games.lorcana.grammar import GRAMMAR
from checker.games.lorcana.keywords import KEYWORDS, canonical
from checker.games.lorcana.reference import DEFAULT_REFERENCE
from checker.games.lorcana.reminders import check_reminders
from checker.grammar.walk import nodes

# One line per keyword: the keyword with a reminder that says what it does (our wording).
ALONE = {
    "Alert": "Alert (This character can challenge as if they had Evasive.)",
    "Bodyguard": "Bodyguard (An opposing character who challenges one of yours must choose one with Bodyguard "
                 "if able.)",
    "Boost": "Boost 3 ⬡ (Once during your turn, you may pay 3 ⬡ to put the top card of your deck facedown under this "
             "location.)",
    "Challenger": "Challenger +4 (While challenging, this character gets +4 ¤.)",
    "Evasive": "Evasive (Only characters with Evasive or Alert can challenge this character.)",
    "Reckless": "Reckless (This character can't quest and must challenge each turn if able.)",
    "Resist": "Resist +3 (Damage dealt to this character is reduced by 3.)",
    "Rush": "Rush (This character can challenge the turn she's played.)",
    "Shift": "Shift 6 ⬡ (You may pay 6 ⬡ to play this on top of one of your characters named Test Hero.)",
    "Singer": "Singer 7 (This character counts as cost 7 to sing songs.)",
    "Sing Together": "Sing Together 9 (Any number of your or your teammates' characters with total cost 9 or "
                     "more may ⟳ to sing this song for free.)",
    "Support": "Support (Whenever this character quests, you may add their ¤ to another chosen character's ¤ this "
               "turn.)",
    "Vanish": "Vanish (When an opponent chooses her for an action, banish her.)",
    "Ward": "Ward (Opponents can't choose this item except to challenge.)",
}

GIVEN = [
    "Your other characters gain Alert this turn. (They can challenge as if they had Evasive.)",
    "Chosen character of yours gains Rush, Ward and Resist +2 this turn.",
    "Your characters with a card under them gain Challenger +1, Evasive, and Support.",
    "While this character is exerted, she gains Vanish. (When an opponent chooses her for an action, banish her.)",
    "Chosen character gets +1 ¤, +1 ⛉ and gains Bodyguard until the start of your next turn.",
]


def _cr_keywords() -> list[str]:
    """The keyword names of CR section 8 (the «8.N. Name» headings after «8.1. General»)."""
    text = DEFAULT_REFERENCE.read_text(encoding="utf-8")
    return sorted({m[1] for m in re.finditer(r"^8\.(?:[2-9]|1[0-9])\. (.+)$", text, re.MULTILINE)})


def test_the_cr_keywords_are_ours() -> None:
    assert _cr_keywords() == sorted(k.english for k in KEYWORDS)
    assert sorted(ALONE) == _cr_keywords()


@pytest.mark.parametrize("keyword", sorted(ALONE))
def test_keyword_with_its_reminder(keyword: str) -> None:
    line = ALONE[keyword]
    structure = GRAMMAR.parse(line)
    assert GRAMMAR.comparable(GRAMMAR.render(structure)) == GRAMMAR.comparable(line)
    named = [canonical(str(v)) for _, fields in nodes(structure) for role, v in fields.items()
             if role in ("simple_keyword", "plus_keyword", "number_keyword", "shift", "boost")]
    assert canonical(keyword) in named
    assert check_reminders(structure) == []
    reminder_types = {kind for kind, _ in nodes(structure["start"]["keywords"]["keywords"]["reminder"])}
    assert canonical(keyword).reminder & reminder_types  # type: ignore[union-attr]


@pytest.mark.parametrize("line", GIVEN)
def test_keywords_given_by_effects(line: str) -> None:
    structure = GRAMMAR.parse(line)
    assert GRAMMAR.comparable(GRAMMAR.render(structure)) == GRAMMAR.comparable(line)
    assert any(kind in ("gains", "gains_at_location") for kind, _ in nodes(structure))


@pytest.mark.parametrize(("typed", "plain"), [
    ("Chosen character gets –2 ¤ this turn.", "Chosen character gets -2 ¤ this turn."),
    ("Chosen character gets −2 {S} this turn.", "Chosen character gets -2 ¤ this turn."),
    ("BIG TOP {E}, 2 {I} – Gain 1 lore.", "BIG TOP ⟳, 2 ⬡ — Gain 1 lore."),
    ("Opponents can’t choose her except to challenge.", "Opponents can't choose her except to challenge."),
    ("Draw\u00a0a card.\u200b", "Draw a card."),
    ("Your Hero characters gain “⟳ — Draw a card.”", 'Your Hero characters gain "⟳ — Draw a card".'),
])
def test_typography_is_normalised_in_the_front_end(typed: str, plain: str) -> None:
    assert GRAMMAR.normalise(typed) == plain
    assert GRAMMAR.parse(typed) == GRAMMAR.parse(plain)
