"""The phrasebooks that parse errors draw on are current, and a failing line names its sentence and a neighbour."""

from __future__ import annotations

import pytest

from checker.game import games
from checker.games.lorcana.grammar import GRAMMAR as LORCANA
from checker.grammar.errors import ParseError
from checker.grammar.phrases import phrasebook, split_sentences
from checker.paths import GRAMMAR_DIR
from tests.phrasebook import expected_text

GRAMMARS = [(game.id, game.grammar) for game in games().values() if game.grammar is not None]


@pytest.mark.parametrize(("game_id", "grammar"), GRAMMARS, ids=[g for g, _ in GRAMMARS])
def test_phrasebook_is_current(game_id: str, grammar: object) -> None:
    path = GRAMMAR_DIR / f"{game_id}.phrases.txt"
    assert path.read_text(encoding="utf-8") == expected_text(game_id, grammar), \
        "regenera con: python -m tests.phrasebook"  # type: ignore[arg-type]


@pytest.mark.parametrize(("text", "pieces"), [
    ("Draw a card. Then gain 1 lore.", ["Draw a card.", "Then gain 1 lore."]),
    ("Ward (Opponents can't choose this.) Draw 2 cards.", ["Ward", "(Opponents can't choose this.)", "Draw 2 cards."]),
    ("Choose one: • Draw a card.", ["Choose one:", "• Draw a card."]),
    ("Roba 1 carta; luego descarta 1", ["Roba 1 carta;", "luego descarta 1"]),
    ("", []),
])
def test_sentences(text: str, pieces: list[str]) -> None:
    assert [s.text for s in split_sentences(text)] == pieces
    assert all(text[s.start:s.end] == s.text for s in split_sentences(text))


def test_error_names_the_failing_sentence_the_ones_before_and_a_neighbour() -> None:
    with pytest.raises(ParseError) as caught:
        LORCANA.parse("Draw a card. Then gain 1 lore. Your characters get +1 ¤ for every card beneath them.")
    context = caught.value.context
    assert context is not None
    assert (context.number, context.total) == (3, 3)
    assert context.sentence.startswith("Your characters get +1")
    assert context.before == ("Draw a card.", "Then gain 1 lore.")
    assert context.nearest and all(LORCANA.parses(phrase) for phrase in context.nearest)
    message = caught.value.message()
    assert "falla la frase 3 de 3" in message and "frases conocidas más parecidas" in message
    assert "(frase 3 de 3)" in caught.value.summary()


def test_phrasebook_has_no_names_and_parses() -> None:
    book = phrasebook("lorcana")
    assert len(book) > 300
    assert all(LORCANA.parses(phrase) for phrase in book)
