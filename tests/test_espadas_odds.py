"""Espadas dice odds: the count-level optimiser agrees with a face-by-face search and with closed forms."""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache
from itertools import combinations, product

import pytest

from checker.cli import main
from checker.games.espadas.odds import p_pay

#: The six faces of an action die, one by one (3 red, 2 green, 1 blue).
FACES = "RRRGGB"


def brute(cost: str, dice: int, rerolls: int) -> Fraction:
    """Search over faces and dice positions: every first roll, every set of positions to reroll, every result."""
    need = {c: cost.count(c) for c in "RGB"}

    def pays(roll: tuple[str, ...]) -> bool:
        return all(roll.count(c) >= n for c, n in need.items())

    @cache
    def best(roll: tuple[str, ...], number: int, previous_keep: int) -> Fraction:
        if pays(roll) or number > rerolls:
            return Fraction(int(pays(roll)))
        least = 1 if number == 1 else previous_keep + 1
        chance = Fraction(0)
        for kept in range(least, dice):
            for keep in combinations(range(dice), kept):
                total = Fraction(0)
                for faces in product(FACES, repeat=dice - kept):
                    new = iter(faces)
                    after = tuple(roll[i] if i in keep else next(new) for i in range(dice))
                    total += best(after, number + 1, kept)
                chance = max(chance, total / 6 ** (dice - kept))
        return chance

    return sum((best(roll, 1, 0) for roll in product(FACES, repeat=dice)), Fraction(0)) / 6 ** dice


def counts(cost: str) -> tuple[int, int, int]:
    return cost.count("R"), cost.count("G"), cost.count("B")


@pytest.mark.parametrize(("cost", "dice", "rerolls"), [
    ("B", 2, 1), ("RG", 2, 1), ("GB", 3, 1), ("BB", 3, 1), ("RGB", 3, 2), ("GG", 3, 2), ("RR", 3, 0), ("B", 3, 2),
])
def test_optimiser_matches_face_search(cost: str, dice: int, rerolls: int) -> None:
    assert p_pay(counts(cost), dice, rerolls) == brute(cost, dice, rerolls)


@pytest.mark.parametrize(("dice", "rerolls"), [(5, 0), (5, 1), (5, 2), (5, 4), (6, 3)])
def test_single_blue_closed_form(dice: int, rerolls: int) -> None:
    """Keeping the fewest dice each time rerolls n−1, n−2… dice: P(no blue) = (5/6)^(n + (n−1) + …)."""
    rolled = dice + sum(dice - k for k in range(1, rerolls + 1))
    assert p_pay((0, 0, 1), dice, rerolls) == 1 - Fraction(5, 6) ** rolled


def test_two_red_no_reroll() -> None:
    assert p_pay((2, 0, 0), 5, 0) == 1 - Fraction(1 + 5, 32)


def test_cost_larger_than_pool_and_free_cost() -> None:
    assert p_pay((3, 2, 1), 5, 3) == 0
    assert p_pay((0, 0, 0), 5, 0) == 1


def test_more_rerolls_never_hurt() -> None:
    for cost in [(1, 1, 1), (0, 2, 1), (0, 0, 2)]:
        chances = [p_pay(cost, 5, r) for r in range(5)]
        assert chances == sorted(chances)


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["espadas", "odds", "GGB", "--dice", "5", "--rerolls", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == {"cost": "GGB", "dice": 5, "rerolls": 1, "p": str(p_pay((0, 2, 1), 5, 1))}


def test_cli_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["espadas", "odds", "rb"]) == 0
    out = capsys.readouterr().out
    assert "P(poder pagarlo)" in out and "espadas:10.4.1" in out


@pytest.mark.parametrize("argv", [["GXB"], ["R", "--dice", "0"], ["R", "--rerolls", "-1"]])
def test_cli_bad_input(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["espadas", "odds", *argv]) == 2
    err = capsys.readouterr().err
    assert "error:" in err and "cómo arreglarlo" in err and "Traceback" not in err
