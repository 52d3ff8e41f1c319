"""Ability lines of a LorcanaJSON file (format 2.x), or of every ``.json`` file of a folder, read at run time."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from checker.errors import ReglasError
from checker.games.lorcana.text import normalise
from checker.grammar.corpus import AbilityLine
from checker.inputs import JsonAt, check_regular, read_json, walk_files

_FIX = "usa un archivo LorcanaJSON (allCards.json o un set) sin modificar"


def _card_lines(card: JsonAt) -> Iterator[AbilityLine]:
    name = card.key("fullName").text() or card.key("name").text() or "?"
    abilities = card.key("abilities").items(optional=True)
    texts = []
    for ability in abilities:
        full = ability.key("fullText").text()
        text = full or ability.key("effect").text()
        texts.append(full)
        if text:
            yield AbilityLine(name, ability.key("type").text() or "?", normalise(text))
    if card.key("type").text() == "Action":
        rest = card.key("fullText").text()
        for full in texts:
            rest = rest.replace(full or "\0", "", 1)
        if rest.strip():
            yield AbilityLine(name, "action", normalise(rest))


def _file_lines(path: Path) -> tuple[int, list[AbilityLine]]:
    data = JsonAt(read_json(path, fix=_FIX), str(path), _FIX)
    if not isinstance(data.value, dict) or not isinstance(data.value.get("cards"), list):
        raise ReglasError("el JSON no tiene la lista «cards» de LorcanaJSON", where=str(path), fix=_FIX)
    cards = data.key("cards").items()
    lines = [line for card in cards for line in _card_lines(card)]
    return len(cards), lines


def read_lorcana_json(path: Path) -> tuple[int, list[AbilityLine]]:
    """The number of cards and every ability line of a LorcanaJSON file, or of every ``.json`` below a folder.

    A value of the wrong type anywhere is an error naming the file and its JSON path (``$.cards[3].abilities``).
    """
    if not path.is_dir():
        return _file_lines(path)
    files = list(walk_files(path, (".json",)))
    if not files:
        raise ReglasError("la carpeta no tiene archivos .json", where=str(path), fix=_FIX)
    total, lines = 0, []
    for file in files:
        check_regular(file, fix="quita de la carpeta lo que no sea un archivo LorcanaJSON")
        cards, more = _file_lines(file)
        total += cards
        lines += more
    return total, lines
