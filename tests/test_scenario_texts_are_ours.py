"""Scenario cards are ours: no card-text line of a Lorcana scenario repeats an ability line of the real card pool.

The pool (../shared/corpora, read at run time only, never copied into the repository) is compared line by line
after normalising both sides: lowercase, reminder text in parentheses dropped, punctuation dropped, and, on the
scenario side, a leading ability name in capitals (or an activated ability's name and cost before «—») dropped.
Only corpus lines of 6 words or more count: shorter ones («Draw a card.», «Shift 4») are common wording.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from checker.paths import PROJECT_ROOT

CORPUS = PROJECT_ROOT.parent / "shared" / "corpora" / "lorcana" / "allCards.en.json"
SCENARIOS = Path(__file__).parent / "scenarios" / "lorcana"
MIN_WORDS = 6

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_REMINDER = re.compile(r"\([^()]*\)")
_SPACES = re.compile(r"\s+")
_NOT_WORD = re.compile(r"[^a-z0-9¤◊⛉⬡⟳ ]")
_NAME = re.compile(r"^[A-Z0-9'!?,.\- ]{3,}\s+(.*)$")


def normalise(text: str) -> str:
    """Lowercase, without reminder text, punctuation or repeated spaces."""
    return _SPACES.sub(" ", _NOT_WORD.sub("", _SPACES.sub(" ", _REMINDER.sub("", text).lower()))).strip()


def forms(line: str) -> set[str]:
    """The normalised line, without its leading ability name, and without an activated ability's name and cost."""
    found = {normalise(line)}
    named = _NAME.match(line)
    if named:
        found.add(normalise(named.group(1)))
    if " — " in line:
        found.add(normalise(line.split(" — ", 1)[1]))
    return found


def corpus_lines(path: Path) -> set[str]:
    lines: set[str] = set()
    for card in json.loads(path.read_text(encoding="utf-8"))["cards"]:
        for ability in card.get("abilities", []):
            for line in (ability.get("effect") or ability.get("fullText") or "").split("\n"):
                normal = normalise(line)
                if len(normal.split()) >= MIN_WORDS:
                    lines.add(normal)
    return lines


def _get(node: yaml.Node | None, key: str) -> yaml.Node | None:
    if isinstance(node, yaml.MappingNode):
        for name, value in node.value:
            if isinstance(name, yaml.ScalarNode) and name.value == key:
                found: yaml.Node = value
                return found
    return None


def _scalar(node: yaml.Node | None) -> str | None:
    return str(node.value) if isinstance(node, yaml.ScalarNode) else None


def _cards(node: yaml.Node) -> Iterator[tuple[int, str, str]]:
    """(line of the file, card name, one line of its text) for each card a ``cards`` mapping defines."""
    cards = _get(node, "cards")
    if not isinstance(cards, yaml.MappingNode):
        return
    for name_node, card in cards.value:
        text = _get(card, "text")
        for line in (_scalar(text) or "").split("\n"):
            if text is not None and line.strip():
                yield text.start_mark.line + 1, _scalar(name_node) or "?", line


def card_lines(path: Path) -> Iterator[tuple[int, list[str], str, str]]:
    """(line of the file, scenario ids, card name, text line) for every card-text line of a scenario file: the
    file's shared cards, named by the scenarios that use them, and each scenario's own cards."""
    source = path.read_text(encoding="utf-8")
    for doc in yaml.compose_all(source, Loader=_LOADER):
        listed = _get(doc, "scenarios")
        entries = [s for s in listed.value if isinstance(s, yaml.MappingNode)] \
            if isinstance(listed, yaml.SequenceNode) else []
        spans = {_scalar(_get(s, "id")) or "?": source[s.start_mark.index:s.end_mark.index] for s in entries}
        fallback = [_scalar(_get(doc, "id")) or "(cartas del archivo)"]
        for line, name, text in _cards(doc):
            yield line, [i for i, span in spans.items() if name in span] or fallback, name, text
        for scenario in entries:
            for line, name, text in _cards(scenario):
                yield line, [_scalar(_get(scenario, "id")) or "?"], name, text


def test_forms_drop_name_cost_reminder_and_punctuation() -> None:
    assert "draw 2 cards then choose a friend" in forms("MY NAME Draw 2 cards, then choose a friend.")
    assert "draw 2 cards then choose a friend" in forms("MY NAME ⟳, 1 ⬡ — Draw 2 cards (then relax), then choose"
                                                        " a friend!")


def test_scenario_files_have_card_texts() -> None:
    assert sum(1 for path in sorted(SCENARIOS.glob("*.yaml")) for _ in card_lines(path)) >= 100


def test_no_scenario_card_text_copies_a_corpus_ability() -> None:
    if not CORPUS.is_file():
        pytest.fail(f"falta el corpus {CORPUS}: la carpeta shared/ debe estar junto al proyecto")
    corpus = corpus_lines(CORPUS)
    copies = [f"{path.relative_to(PROJECT_ROOT)}:{line}: escenario {', '.join(ids)}, carta «{name}»: «{text}»"
              for path in sorted(SCENARIOS.glob("*.yaml")) for line, ids, name, text in card_lines(path)
              if forms(text) & corpus]
    assert not copies, ("líneas de texto de carta iguales a una habilidad del corpus; escríbelas con nuestras "
                        "palabras (otros números, otro orden, otros objetivos):\n" + "\n".join(copies))
