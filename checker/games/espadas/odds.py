"""Exact odds of paying a cost with the action dice, rerolling optimally (espadas:7.2–7.5)."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from math import factorial

from checker.games.espadas.dice import PROBABILITY, min_keep

#: Dice counted by colour: (red, green, blue).
Counts = tuple[int, int, int]


@cache
def outcomes(dice: int) -> tuple[tuple[Counts, Fraction], ...]:
    """Every colour count of rolling ``dice`` dice, with its probability (multinomial)."""
    red, green, blue = PROBABILITY["R"], PROBABILITY["G"], PROBABILITY["B"]
    found = []
    for r in range(dice + 1):
        for g in range(dice - r + 1):
            b = dice - r - g
            ways = factorial(dice) // (factorial(r) * factorial(g) * factorial(b))
            found.append(((r, g, b), ways * red ** r * green ** g * blue ** b))
    return tuple(found)


def _keeps(pool: Counts, least: int, most: int) -> Iterator[Counts]:
    for r in range(pool[0] + 1):
        for g in range(pool[1] + 1):
            for b in range(pool[2] + 1):
                if least <= r + g + b <= most:
                    yield r, g, b


def p_pay(cost: Counts, dice: int, rerolls: int) -> Fraction:
    """P(the prepared dice can pay ``cost``) with ``dice`` dice and up to ``rerolls`` rerolls, played optimally."""
    if sum(cost) > dice:
        return Fraction(0)

    def pays(pool: Counts) -> bool:
        return all(have >= need for have, need in zip(pool, cost, strict=True))

    @cache
    def value(pool: Counts, number: int, previous_keep: int) -> Fraction:
        """Best chance from ``pool`` before reroll ``number`` (1-based); stopping is always allowed."""
        if pays(pool):
            return Fraction(1)
        if number > rerolls:
            return Fraction(0)
        best = Fraction(0)
        for keep in _keeps(pool, min_keep(number, previous_keep), dice - 1):
            kept = sum(keep)
            chance = sum((p * value((keep[0] + o[0], keep[1] + o[1], keep[2] + o[2]), number + 1, kept)
                          for o, p in outcomes(dice - kept)), Fraction(0))
            best = max(best, chance)
        return best

    return sum((p * value(pool, 1, 0) for pool, p in outcomes(dice)), Fraction(0))
