"""Malifaux flip odds: the enumeration agrees with closed-form counts, and the CLI reports them as fractions."""

from __future__ import annotations

import json
from fractions import Fraction
from math import comb

import pytest

from checker.cli import main
from checker.games.malifaux.fate import BLACK_JOKER, DECK, RED_JOKER, FateCard, active_card, flip_count, net_modifiers
from checker.games.malifaux.odds import flip_odds

NETS = [-3, -2, -1, 0, 1, 2, 3]


def closed_form(net: int, value: int) -> Fraction:
    """P(card used = value) counted by hand: jokers first, then the highest (or lowest) suited card."""
    k = flip_count(net)
    total = comb(54, k)
    if value == 0:                                      # the Black Joker is flipped
        return Fraction(comb(53, k - 1), total)
    if value == 14:                                     # the Red Joker without the Black one
        return Fraction(comb(52, k - 1), total)
    if net >= 0:                                        # highest suited card is `value`, no jokers
        return Fraction(comb(4 * value, k) - comb(4 * (value - 1), k), total)
    return Fraction(comb(4 * (14 - value), k) - comb(4 * (13 - value), k), total)


@pytest.mark.parametrize("net", NETS)
def test_enumeration_matches_closed_form(net: int) -> None:
    odds = flip_odds(net)
    assert sum(odds.distribution.values()) == 1
    for value in range(15):
        assert odds.distribution[value] == closed_form(net, value), value


def test_deck_has_54_cards() -> None:
    assert len(DECK) == 54 and len(set(DECK)) == 54
    assert sum(1 for c in DECK if c.joker) == 2


@pytest.mark.parametrize(("mods", "net"), [("", 0), ("0", 0), ("+", 1), ("++-", 1), ("−−", -2), ("+-+-", 0),
                                           ("+++++", 5)])
def test_modifiers_cancel(mods: str, net: int) -> None:
    assert net_modifiers(mods) == net


def test_never_more_than_four_cards() -> None:
    assert flip_count(5) == 4 and flip_count(-7) == 4 and flip_count(0) == 1


def test_jokers_rule_the_choice() -> None:
    low, high = FateCard(2, "r"), FateCard(12, "m")
    assert active_card([low, high], 1) == high
    assert active_card([low, high], -1) == low
    assert active_card([high, BLACK_JOKER], 2) == BLACK_JOKER            # forced, even with +
    assert active_card([low, RED_JOKER], -1) == RED_JOKER                # may always be chosen
    assert active_card([RED_JOKER, BLACK_JOKER], 1) == BLACK_JOKER       # unless the Black Joker is there too


def test_known_values() -> None:
    assert flip_odds(0).expected == 7
    assert flip_odds(1).at_least(14) == Fraction(52, 1431)
    assert flip_odds(2).distribution[0] == Fraction(1, 18)


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["malifaux", "odds", "--mods", "++", "--stat", "5", "--tn", "12", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["mods"] == "++" and data["cards"] == 3
    assert set(data["p_at_least"]) == {str(v) for v in range(15)}
    assert data["p_at_least"]["0"] == "1/1"
    assert Fraction(data["p_success"]) == flip_odds(2).at_least(7)
    assert Fraction(data["expected"]) == flip_odds(2).expected


def test_cli_nets_out_mods(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["malifaux", "odds", "--mods=++-", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["cards"] == 2 and data["net"] == "+" and "p_success" not in data


@pytest.mark.parametrize("argv", [["--mods", "+x"], ["--stat", "3"], ["--tn", "9"]])
def test_cli_bad_input(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["malifaux", "odds", *argv]) == 2
    err = capsys.readouterr().err
    assert "cómo arreglarlo" in err and "Traceback" not in err
