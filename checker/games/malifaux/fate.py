"""The Fate deck and the flip: modifiers cancel, how many cards are flipped, which card is used (malifaux:3, :4)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from checker.errors import ReglasError

Suit = Literal["r", "c", "t", "m"]
#: Rams, Crows, Tomes, Masks in the seed's notation.
SUITS: tuple[Suit, ...] = ("r", "c", "t", "m")
SUIT_NAMES = {"r": "Carneros", "c": "Cuervos", "t": "Tomos", "m": "Máscaras"}
MAX_CARDS = 4
BLACK_JOKER_VALUE, RED_JOKER_VALUE = 0, 14


@dataclass(frozen=True, order=True)
class FateCard:
    """One card of the Fate deck: 1–13 of a suit, or a joker (Red 14, Black 0)."""

    value: int
    suit: Suit | None = None
    joker: Literal["red", "black"] | None = None

    def __str__(self) -> str:
        """The scenario notation: ``13m``, ``RJ``, ``BJ``."""
        if self.joker:
            return "RJ" if self.joker == "red" else "BJ"
        return f"{self.value}{self.suit}"


RED_JOKER = FateCard(RED_JOKER_VALUE, joker="red")
BLACK_JOKER = FateCard(BLACK_JOKER_VALUE, joker="black")
#: The 54 cards: 13 of each suit and the two jokers.
DECK: tuple[FateCard, ...] = (*(FateCard(v, s) for s in SUITS for v in range(1, 14)), RED_JOKER, BLACK_JOKER)


#: Dashes and pluses that keyboards, word processors and shells produce, read as − and +.
_SIGNS = str.maketrans({"−": "-", "–": "-", "—": "-", "‐": "-", "‑": "-", "﹣": "-", "－": "-", "＋": "+", "﬩": "+"})
_NUMBER = re.compile(r"[+-]?\d+")


def net_modifiers(mods: str) -> int:
    """Cancel + against − one for one (malifaux:3.2): ``"++-"`` → 1. Accepts every dash (``-``, ``−``, ``–``),
    spaces and commas between signs (``"+ +"``, ``"+,+"``), a signed count (``+2``, ``-1``) and ``0`` for none."""
    text = mods.translate(_SIGNS)
    text = "".join(c for c in text if not c.isspace() and c != ",")
    if _NUMBER.fullmatch(text):
        return int(text)
    bad = sorted({c for c in text if c not in "+-"})
    if bad:
        raise ReglasError(f"modificadores: «{mods}» tiene caracteres que no son + ni −: {' '.join(bad)}",
                          fix="escribe solo signos, por ejemplo --mods ++, --mods -- o --mods=-1 (0 para ninguno)")
    return text.count("+") - text.count("-")


def flip_count(net: int) -> int:
    """One card plus one per remaining modifier, never more than four (malifaux:3.3)."""
    return min(1 + abs(net), MAX_CARDS)


def active_card(flipped: Sequence[FateCard], net: int) -> FateCard:
    """The card used, the chooser taking the best card the rules allow (malifaux:3.4, 4.1–4.3).

    The Black Joker is forced; otherwise the Red Joker may always be chosen; with a net − the lowest card is taken,
    with a net + (or none) any card, so the highest.
    """
    if BLACK_JOKER in flipped:
        return BLACK_JOKER
    if RED_JOKER in flipped:
        return RED_JOKER
    return min(flipped) if net < 0 else max(flipped)


def mods_text(net: int) -> str:
    """The net modifiers as signs (``"++"``, ``"−"``, ``""``)."""
    return "+" * net if net > 0 else "−" * -net
