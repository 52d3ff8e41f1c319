"""Ability lines of a LorcanaJSON file (format 2.x), read at run time from a path."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from checker.errors import ReglasError
from checker.games.lorcana.text import normalise
from checker.grammar.corpus import AbilityLine


def _card_lines(card: dict[str, Any]) -> Iterator[AbilityLine]:
    name = str(card.get("fullName") or card.get("name") or "?")
    abilities = card.get("abilities") or []
    for ability in abilities:
        text = ability.get("fullText") or ability.get("effect") or ""
        if text:
            yield AbilityLine(name, str(ability.get("type", "?")), normalise(text))
    if card.get("type") == "Action":
        rest = str(card.get("fullText") or "")
        for ability in abilities:
            rest = rest.replace(ability.get("fullText") or "\0", "", 1)
        if rest.strip():
            yield AbilityLine(name, "action", normalise(rest))


def read_lorcana_json(path: Path) -> tuple[int, list[AbilityLine]]:
    """The number of cards and every ability line of a LorcanaJSON file."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise ReglasError(f"no se pudo leer «{path}»: {error}", fix="indica un archivo LorcanaJSON existente") from None
    except json.JSONDecodeError as error:
        raise ReglasError(f"JSON no válido ({error.msg})", where=f"{path}:{error.lineno}:{error.colno}",
                          fix="comprueba que el archivo es un LorcanaJSON completo") from None
    cards = data.get("cards") if isinstance(data, dict) else None
    if not isinstance(cards, list):
        raise ReglasError("el JSON no tiene la lista «cards» de LorcanaJSON", where=str(path),
                          fix="usa un archivo LorcanaJSON (allCards.json o un set)")
    return len(cards), [line for card in cards for line in _card_lines(card)]
