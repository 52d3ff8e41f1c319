"""Exact probabilities as text: every game's odds command prints fractions the same way."""

from __future__ import annotations

from fractions import Fraction


def fraction(value: Fraction) -> str:
    """``a/b`` always, also for whole numbers."""
    return f"{value.numerator}/{value.denominator}"
