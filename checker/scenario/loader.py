"""Scenario files (YAML): one scenario or a list under ``scenarios:``, with line numbers for every key."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from checker.errors import Location, ReglasError
from checker.game import games
from checker.inputs import read_bytes, read_text, walk_files
from checker.scenario.model import Scenario
from checker.schema_messages import spanish
from checker.yamldoc import KeyPath, load_yaml
from checker.yamldoc import line_of as _line_of
from checker.yamldoc import show as _show


def load_text(text: str, source: str) -> list[Scenario]:
    """Parse and validate the scenarios of one YAML document."""
    data, lines = load_yaml(text, source)
    if isinstance(data, dict) and "scenarios" in data:
        items, base = data["scenarios"], ("scenarios",)
        _check_envelope(data, lines, source)
        shared = data.get("cards") or {}

        def with_shared_cards(item: Any) -> Any:
            own = item.get("cards") if isinstance(item, dict) else None
            if not shared or not isinstance(item, dict) or not isinstance(own or {}, dict):
                return item                                                  # the schema reports a bad «cards»
            return {**item, "cards": {**shared, **(own or {})}}

        entries: list[tuple[Any, KeyPath]] = [(with_shared_cards(item), (*base, i)) for i, item in enumerate(items)]
    else:
        entries = [(data, ())]
    scenarios: list[Scenario] = []
    seen: set[str] = set()
    for item, path in entries:
        scenario = _check(item, path, lines, source)
        if scenario.id in seen:
            raise ReglasError(f"el id «{scenario.id}» se repite en el archivo",
                              where=Location(source, _line_of(lines, (*path, "id"))), fix="usa un id único")
        seen.add(scenario.id)
        scenarios.append(scenario)
    return scenarios


@cache
def _validator(schema: Path) -> Draft202012Validator:
    return Draft202012Validator(json.loads(schema.read_text(encoding="utf-8")))


#: The keys of a file that holds several scenarios.
ENVELOPE = {"scenarios": "la lista de escenarios", "cards": "cartas compartidas por sus escenarios"}


def _check_envelope(data: dict[str, Any], lines: dict[KeyPath, int], source: str) -> None:
    """A file with ``scenarios:``: a non-empty list, shared ``cards`` as a mapping, no other keys."""
    items = data["scenarios"]
    if not isinstance(items, list) or not items:
        raise ReglasError("«scenarios» debe ser una lista con al menos un escenario",
                          where=Location(source, _line_of(lines, ("scenarios",))),
                          fix="escribe cada escenario como un elemento «- id: …»")
    if not isinstance(data.get("cards") or {}, dict):
        raise ReglasError("«cards» debe ser un mapa «nombre de carta: definición»",
                          where=Location(source, _line_of(lines, ("cards",))),
                          fix="escribe las cartas compartidas como «\"Nombre - Versión\": {type: character, …}»")
    unknown = [str(k) for k in data if k not in ENVELOPE]
    if unknown:
        raise ReglasError(f"clave desconocida {', '.join(f'«{k}»' for k in unknown)} junto a «scenarios»",
                          where=Location(source, _line_of(lines, (unknown[0],))),
                          fix=f"se admite: {', '.join(ENVELOPE)}; cada escenario lleva sus claves dentro de la lista")


def _deepest(errors: Iterable[ValidationError]) -> ValidationError:
    """Among the errors of the branches of a oneOf/anyOf, the one that went deepest into the value (the branch
    the user meant), preferring a specific complaint to a mismatch of type."""
    return max(errors, key=lambda e: (len(e.absolute_path), e.validator != "type"))


def _check(item: Any, path: KeyPath, lines: dict[KeyPath, int], source: str) -> Scenario:
    where = Location(source, _line_of(lines, path))
    if not isinstance(item, dict):
        raise ReglasError("un escenario debe ser un mapa con id, game, title…", where=where,
                          fix="mira el formato en tests/scenarios/")
    game_id = item.get("game")
    game = games().get(str(game_id))
    if game is None or game.scenario_schema is None:
        known = ", ".join(sorted(g.id for g in games().values() if g.scenario_schema))
        raise ReglasError(f"juego desconocido en el escenario: «{game_id}»",
                          where=Location(source, _line_of(lines, (*path, "game"))), fix=f"usa uno de: {known}")
    validator = _validator(game.scenario_schema)
    error = next(iter(sorted(validator.iter_errors(item), key=lambda e: list(map(str, e.absolute_path)))), None)
    while error is not None and error.context:                               # oneOf/anyOf: the branch that fits
        error = _deepest(error.context)
    if error is not None:
        at = (*path, *error.absolute_path)
        raise ReglasError(f"{_show(at)}: {spanish(error)}",
                          where=Location(source, _line_of(lines, at)),
                          fix=f"corrige la clave según {game.scenario_schema.name}")
    return Scenario(str(item["id"]), game.id, str(item.get("title", "")), item, where)


_BLOCK = re.compile(r"^```scenario[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)


_FIX = "indica un archivo YAML (.yaml) o Markdown (.md) legible, en UTF-8"


def load_file(path: Path) -> list[Scenario]:
    """The scenarios of a YAML file, or of the ```` ```scenario ```` blocks of a Markdown document."""
    text = read_text(path, fix=_FIX)
    if path.suffix != ".md":
        return load_text(text, str(path))
    scenarios = []
    for match in _BLOCK.finditer(text):
        scenarios += load_text("\n" * text.count("\n", 0, match.start(1)) + match.group(1), str(path))
    return scenarios


def scenario_files(paths: list[Path]) -> Iterator[Path]:
    """Scenario files named by ``paths``: YAML files, and Markdown documents with scenario blocks (folders are
    searched recursively; a file that cannot be read is yielded so that loading it reports why)."""
    for path in paths:
        if path.is_dir():
            for found in walk_files(path, (".yaml", ".yml", ".md")):
                if found.suffix != ".md" or _has_blocks(found):
                    yield found
        elif path.exists() or path.is_symlink():
            yield path
        else:
            raise ReglasError("no existe ese archivo ni esa carpeta", where=str(path),
                              fix="indica archivos o carpetas de escenarios")


def _has_blocks(path: Path) -> bool:
    """Whether a Markdown file holds scenario blocks; an unreadable one is kept, to be reported when loaded."""
    try:
        return b"```scenario" in read_bytes(path, fix=_FIX)
    except ReglasError:
        return True
