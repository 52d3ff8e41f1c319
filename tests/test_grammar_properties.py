"""Every card grammar, on any text: a typed structure that renders back, or the project's ParseError — never another
exception, a hang or a blown stack. Hypothesis draws the texts (few examples in `make test`, many with
REGLAS_FUZZ=1, see tests/conftest.py); one test body runs against every game through a parametrized factory.

The seed lines are written here from each grammar's own literal words, and the fixture lines of tests/data/ are
mutated too (neither is copied from the card corpora).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checker.cli import main
from checker.game import games
from checker.grammar.errors import ParseError
from checker.grammar.frontend import CardGrammar
from checker.grammar.validate import fast_check
from tests.grammar_lines import DATA, line_cases

GAMES = sorted(game_id for game_id, game in games().items() if game.grammar is not None)

SEEDS = {
    "lorcana": [
        "Evasive", "Challenger +3", "Singer 4", "Shift 5 ⬡", "Ward, Evasive",
        "When you play this character, draw a card.", "⟳ — Draw a card.",
        "Chosen character gets +2 ¤ this turn.", "Deal 3 damage to chosen character.",
        "If you have a character in play, draw a card.", "Draw a card and deal 1 damage to chosen character.",
    ],
    "espadas": [
        "Roba 2 cartas.", "Descarta 1 carta.", "El héroe objetivo sufre 2 de daño.",
        "Cura 2 de vida a este héroe.", "Hace 3 + Fuerza de daño al héroe rival emparejado.",
    ],
    "malifaux": [
        "(1) Mordisco (Ml 5 / Rg y1 / Rst Df): El objetivo sufre 1/2/3 de daño.",
        "r Sangrar: El objetivo gana la Condición Lento.",
        "tm (Df) Hielo: Al final del duelo, el objetivo gana la Condición Lento.",
        "(0) Grito (Wp 6m / Rg z6 / Rst Wp): El objetivo gana la Condición Lento.",
    ],
}

#: Characters that break naive text handling: NUL, BOM, controls, odd spaces and line breaks, a combining mark.
AWKWARD = "\x00\ufeff\x01\x1b\x7f\t\n\r\x0b\x0c\x85\u00a0\u2028\u2029\u200b\u0301\ufffd"
PUNCTUATION = [",", ".", ":", "(", ")", "/", "+", "-", "—", "•", '"', "'", "¤", "⛉", "◊", "⬡", "⟳", "0", "1", "20"]


def test_every_grammar_has_seed_lines() -> None:
    assert set(GAMES) == set(SEEDS)


@pytest.fixture(scope="module", params=GAMES)
def grammar(request: pytest.FixtureRequest) -> CardGrammar:
    """The factory every property runs through: one game's grammar per parameter."""
    found = games()[request.param].grammar
    assert found is not None
    return found


def parses_or_refuses(grammar: CardGrammar, text: str) -> None:
    """The property: a valid structure that renders back, or a ParseError with a message."""
    try:
        structure = grammar.parse(text)
    except ParseError as error:
        assert error.message() and error.summary()
        return
    assert fast_check(grammar.name)(structure)
    assert isinstance(grammar.render(structure), str)


def _seeds(game: str) -> list[str]:
    """The seed lines above and the game's fixture lines (also written for the tests, see tests/data/)."""
    fixtures = [text for text, _ in line_cases(game)] if (DATA / f"{game}_lines.tsv").exists() else []
    return SEEDS[game] + fixtures


@st.composite
def mutated(draw: st.DrawFn, game: str, vocabulary: tuple[str, ...]) -> str:
    """A seed line with a few word-level edits: words of the grammar, punctuation or awkward characters."""
    words = draw(st.sampled_from(_seeds(game))).split(" ")
    pieces = st.one_of(st.sampled_from(vocabulary), st.sampled_from(PUNCTUATION),
                       st.text(alphabet=AWKWARD, min_size=1, max_size=2))
    for _ in range(draw(st.integers(1, 4))):
        index = draw(st.integers(0, len(words)))
        operation = draw(st.sampled_from(["insert", "delete", "replace", "swap", "repeat", "cut", "glue"]))
        if operation == "insert" or not words:
            words.insert(index, draw(pieces))
            continue
        index = min(index, len(words) - 1)
        other = draw(st.integers(0, len(words) - 1))
        if operation == "delete":
            del words[index]
        elif operation == "replace":
            words[index] = draw(pieces)
        elif operation == "swap":
            words[index], words[other] = words[other], words[index]
        elif operation == "repeat":
            words[index:index] = words[index:other + 1] * draw(st.integers(1, 5))
        elif operation == "cut":
            words = words[:index]
        else:
            words[index] = words[index] + draw(pieces)
    return " ".join(words)


@given(data=st.data())
def test_any_text(grammar: CardGrammar, data: st.DataObject) -> None:
    text = data.draw(st.one_of(st.text(), st.text(alphabet=AWKWARD + "a .,:()"), st.binary().map(
        lambda raw: raw.decode("utf-8", errors="replace"))))
    parses_or_refuses(grammar, text)


@given(data=st.data())
def test_mutated_lines(grammar: CardGrammar, data: st.DataObject) -> None:
    parses_or_refuses(grammar, data.draw(mutated(grammar.name, grammar.words)))


@given(data=st.data())
def test_sequences_of_grammar_words(grammar: CardGrammar, data: st.DataObject) -> None:
    words = data.draw(st.lists(st.sampled_from(grammar.words + tuple(PUNCTUATION)), max_size=30))
    parses_or_refuses(grammar, " ".join(words))


def test_seed_lines_parse_and_round_trip(grammar: CardGrammar) -> None:
    for line in SEEDS[grammar.name]:
        assert grammar.comparable(grammar.render(grammar.parse(line))) == grammar.comparable(line)


# ---------------------------------------------------------------- sizes that once took minutes or blew the stack
HUGE: dict[str, Callable[[int], str]] = {
    "lorcana": lambda n: ", ".join(["Evasive"] * n),
    "espadas": lambda n: " ".join(["Roba 2 cartas."] * n),
    "malifaux": lambda n: "r Sangrar: " + " ".join(["El objetivo gana la Condición Lento."] * n),
}
CHAINED: dict[str, Callable[[int], str]] = {
    "lorcana": lambda n: "If you have a character in play" + " and you have a character in play" * n
                         + ", draw a card.",
    "espadas": lambda n: "Roba 2 cartas" + " y roba 2 cartas" * n + ".",
    "malifaux": lambda n: "r Sangrar: El objetivo gana la Condición Lento" + " y la Condición Lento" * n + ".",
}


def test_a_line_of_twenty_thousand_repetitions(grammar: CardGrammar) -> None:
    parses_or_refuses(grammar, HUGE[grammar.name](20_000))


def test_two_hundred_chained_ands(grammar: CardGrammar) -> None:
    parses_or_refuses(grammar, CHAINED[grammar.name](200))


def test_twenty_thousand_keywords_round_trip() -> None:
    grammar = games()["lorcana"].grammar
    assert grammar is not None
    line = ", ".join(["Evasive"] * 20_000)
    assert grammar.render(grammar.parse(line)) == line


def test_too_deep_is_a_spanish_parse_error() -> None:
    grammar = games()["lorcana"].grammar
    assert grammar is not None
    with pytest.raises(ParseError) as caught:
        grammar.parse(CHAINED["lorcana"](200))
    assert "anida demasiado" in caught.value.message() and "cómo arreglarlo" in caught.value.message()


def test_validate_reports_the_deep_line_and_goes_on(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cards = tmp_path / "cards.txt"
    cards.write_text(CHAINED["lorcana"](200) + "\n" + ", ".join(["Evasive"] * 20_000) + "\nEvasive\n",
                     encoding="utf-8")
    assert main(["validate", "--game", "lorcana", "--json", str(cards)]) == 1
    out = capsys.readouterr().out
    assert '"abilities": 3' in out and '"parsed": 2' in out and "anida demasiado" in out
