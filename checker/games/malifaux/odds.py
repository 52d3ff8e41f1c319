"""Exact odds of a flip: every combination of the flipped cards, the best card allowed taken, as fractions."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from checker.games.malifaux.fate import DECK, RED_JOKER_VALUE, active_card, flip_count


@dataclass(frozen=True)
class Odds:
    """The distribution of the value of the card used in a flip with ``net`` modifiers."""

    net: int
    cards: int
    #: Value (0–14) → probability.
    distribution: dict[int, Fraction]

    @property
    def expected(self) -> Fraction:
        return sum((value * p for value, p in self.distribution.items()), Fraction(0))

    def at_least(self, value: int) -> Fraction:
        return sum((p for v, p in self.distribution.items() if v >= value), Fraction(0))

    def success(self, stat: int, tn: int) -> Fraction:
        """P(stat + value ≥ TN)."""
        return self.at_least(tn - stat)


def flip_odds(net: int) -> Odds:
    """Enumerate every set of flipped cards from the 54-card deck (without replacement)."""
    cards = flip_count(net)
    counts: Counter[int] = Counter(active_card(hand, net).value for hand in combinations(DECK, cards))
    total = sum(counts.values())
    return Odds(net, cards, {v: Fraction(counts.get(v, 0), total) for v in range(RED_JOKER_VALUE + 1)})


