"""Small scenario texts the tests write to files and change, one line at a time."""

from __future__ import annotations

#: The expectation line of :data:`QUEST`, to replace or remove.
QUEST_EXPECT = "expect: {legal: true, players: {p1: {lore: 2}}}"

#: A valid Lorcana scenario: a character quests for 2 lore.
QUEST = f"""\
id: s1
game: lorcana
title: Una misión
cards:
  "Guardia - Firme": {{type: character, cost: 3, strength: 3, willpower: 3, lore: 2}}
state:
  active: p1
  players:
    p1: {{play: [{{ref: g, card: "Guardia - Firme"}}]}}
    p2: {{}}
action: {{type: quest, character: g}}
{QUEST_EXPECT}
"""
