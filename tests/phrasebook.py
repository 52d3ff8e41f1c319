"""Write ``grammar/<game>.phrases.txt``: the sentences of the project's own fixture and held-out lines that parse.

Run ``python -m tests.phrasebook`` after changing a grammar or its test data; ``tests/test_phrasebook.py`` checks
the files are current. The sentences are ours (fixture lines and batches written by helpers), never card text.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from checker.game import games
from checker.grammar.frontend import CardGrammar
from checker.grammar.phrases import split_sentences
from checker.paths import GRAMMAR_DIR
from tests.grammar_lines import DATA, line_cases
from tests.heldout_text import heldout_lines

HEADER = ("# Frases conocidas de la gramática: las de las líneas de prueba y de las tandas reservadas del proyecto\n"
          "# (nunca texto de cartas). Las usan los errores de análisis para sugerir la frase más parecida.\n"
          "# Generado por «python -m tests.phrasebook»; no editar a mano.\n")


def _source_lines(game_id: str) -> Iterator[str]:
    if (DATA / f"{game_id}_lines.tsv").is_file():
        yield from (text for text, _ in line_cases(game_id))
    for folder in sorted(DATA.glob(f"{game_id}_heldout*")):
        for path in sorted(folder.glob("*.txt")):
            yield from heldout_lines(path)


def _without_name(grammar: CardGrammar, sentence: str) -> str:
    structure: dict[str, Any] = grammar.parse(sentence)
    name = structure.get("start", {}).get("name")
    return sentence[len(name):].strip() if isinstance(name, str) and sentence.startswith(name) else sentence


def phrases(game_id: str, grammar: CardGrammar) -> list[str]:
    """Every sentence of the game's lines that parses on its own with an exact round trip, without ability names."""
    found: set[str] = set()
    for line in _source_lines(game_id):
        source = grammar.normalise(line)
        sentences = [s.text for s in split_sentences(source)]
        if not any(grammar.parses(text) for text in sentences):
            sentences = [source]  # a line that is one unit (a Malifaux action line)
        for text in sentences:
            if not grammar.parses(text):
                continue
            text = _without_name(grammar, text)
            if text and grammar.parses(text) and \
                    grammar.comparable(grammar.render(grammar.parse(text))) == grammar.comparable(text):
                found.add(text)
    return sorted(found)


def expected_text(game_id: str, grammar: CardGrammar) -> str:
    return HEADER + "".join(f"{phrase}\n" for phrase in phrases(game_id, grammar))


def main() -> None:
    for game in games().values():
        if game.grammar is not None:
            path = GRAMMAR_DIR / f"{game.grammar.name}.phrases.txt"
            path.write_text(expected_text(game.id, game.grammar), encoding="utf-8")
            print(f"{path}: {len(phrases(game.id, game.grammar))} frases")


if __name__ == "__main__":
    main()
