"""Whose turn a phrase names («your turn», «opponents' turns»): the grammar's ``turn_ref`` node types."""

from __future__ import annotations

from typing import Any

from checker.grammar.walk import nodes

#: The card's player's turn (True) or an opponent's (False).
TURN_REFS = {"your_turn": True, "an_opponents_turn": False, "opponents_turns": False, "each_opponents_turn": False,
             "opposing_players_turn": False}
#: The scope a trigger's «… during X» gives its events (``events.py``), by whose turn it names.
SCOPES = {True: "your_turn", False: "opponents_turn"}


def whose_turn(phrase: Any) -> bool | None:
    """True for the card's player's turn, False for an opponent's, ``None`` when the phrase names neither."""
    found = {TURN_REFS[k] for k, _ in nodes(phrase) if k in TURN_REFS}
    return found.pop() if len(found) == 1 else None
