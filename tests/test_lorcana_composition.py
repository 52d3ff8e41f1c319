"""The Lorcana grammar composes: every noun phrase works in every slot, every event after every subject, every
condition in every conditional form. A failure names a missing combination, not a missing card (lines ours)."""

from __future__ import annotations

import pytest

from checker.games.lorcana.grammar import GRAMMAR

NOUN_PHRASES = [
    "chosen character", "one of your characters", "each opposing character with 3 ¤ or less",
    "another chosen character of yours", "up to 2 chosen characters", "all opposing items",
    "your other Hero characters",
    "chosen damaged character", "a character with cost 4 or more", "each of your characters with a card under them",
    "the challenging character", "one of your locations", "chosen character or location", "your exerted characters",
    "chosen opposing character with Evasive", "that character", "this character", "each character here",
    "characters at this location", "chosen character named Stitch", "chosen Villain character",
    "one of your other characters", "chosen opposing Pirate or Captain character", "all characters with Ward",
    "chosen character with no damage", "chosen character with 2 or more cards under them",
    "chosen character of yours at a location", "up to 3 of your characters", "any number of chosen characters",
    "each character who sang this song", "chosen character who was damaged this turn", "two chosen characters",
    "each opponent's characters", "another of your locations",
]
NOUN_SLOTS = [
    "Banish {}.", "{} gets +1 ¤ this turn.", "Deal 2 damage to {}.", "Whenever {} quests, gain 1 lore.",
    "Return {} to their player's hand.", "{} can't challenge during their next turn.", "Ready {}.", "Exert {}.",
    "{} gain Evasive this turn.", "Remove up to 2 damage from {}.", "When {} is banished, draw a card.",
    "Put the top card of your deck facedown under {}.", "Move {} to a location for free.",
    "If {} has Ward, draw a card.", "While {} is exerted, this character gets +1 ◊.",
    "{} can't be challenged this turn.", "Move 1 damage from {} to chosen opposing character.",
]
SUBJECTS = ["this character", "one of your characters", "an opposing character", "one of your other Pirate characters",
            "a character with Boost", "this location", "one of your items", "a damaged character"]
EVENTS = ["quests", "challenges", "is challenged", "is banished", "is banished in a challenge", "moves to a location",
          "banishes another character in a challenge", "sings a song", "is returned to your hand", "is dealt damage",
          "is exerted", "is chosen for an action", "leaves play", "readies", "would be banished",
          "deals damage to a character", "gains Evasive", "is put into your discard"]
CONDITIONS = [
    "you have a character named Elsa in play", "you have 3 or more items in play", "this character is exerted",
    "this character has no damage", "this character has 5 ¤ or more", "you have no cards in your hand",
    "an opponent has more cards in their hand than you", "you played a song this turn",
    "one of your characters was banished this turn", "there's a card under this character",
    "this character has a card under them", "you have more lore than each opponent", "chosen character has Evasive",
    "it's a Princess character", "that character has cost 3 or less", "this character is at a location",
    "an opposing character was banished in a challenge this turn", "you have 2 or more characters here",
    "this character challenged this turn", "you didn't quest this turn", "a character sang this song",
]
CONDITION_FORMS = ["If {}, draw a card.", "While {}, this character gets +1 ◊.",
                   "When you play this character, if {}, gain 1 lore."]


def _exact(line: str) -> bool:
    line = line[0].upper() + line[1:]
    return GRAMMAR.parses(line) and GRAMMAR.comparable(GRAMMAR.render(GRAMMAR.parse(line))) == GRAMMAR.comparable(line)


@pytest.mark.parametrize("slot", NOUN_SLOTS)
def test_every_noun_phrase_in_every_slot(slot: str) -> None:
    assert [np for np in NOUN_PHRASES if not _exact(slot.format(np))] == []


@pytest.mark.parametrize("event", EVENTS)
def test_every_event_after_every_subject(event: str) -> None:
    assert [s for s in SUBJECTS if not _exact(f"Whenever {s} {event}, gain 1 lore.")] == []


@pytest.mark.parametrize("form", CONDITION_FORMS)
def test_every_condition_in_every_form(form: str) -> None:
    assert [c for c in CONDITIONS if not _exact(form.format(c))] == []
