"""``reglas validate``: parse a whole card file, check every structure, report coverage and failures."""

from __future__ import annotations

import json
import os
import stat
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

from checker.errors import ReglasError
from checker.game import Game
from checker.grammar.corpus import AbilityLine, read_plain_lines
from checker.grammar.errors import ParseError
from checker.grammar.fastschema import compile_schema
from checker.grammar.typed import RenderError
from checker.inputs import check_regular, describe_os_error, walk_files
from checker.paths import GRAMMAR_DIR


@dataclass
class Summary:
    """Counts and failures, in the shape of ``reglas validate --json``."""

    cards: int
    abilities: int = 0
    parsed: int = 0
    roundtrip_exact: int = 0
    failures: list[dict[str, str]] = field(default_factory=list)
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {"cards": self.cards, "abilities": self.abilities, "parsed": self.parsed,
                "roundtrip_exact": self.roundtrip_exact, "failures": self.failures}


@cache
def schema_validator(game_id: str) -> Draft202012Validator:
    """The reference validator (jsonschema) of ``grammar/<game>.schema.json``."""
    return Draft202012Validator(_schema(game_id))


@cache
def fast_check(game_id: str) -> Callable[[Any], bool]:
    """The same schema compiled for speed (see :mod:`checker.grammar.fastschema`)."""
    return compile_schema(_schema(game_id))


@cache
def _schema(game_id: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((GRAMMAR_DIR / f"{game_id}.schema.json").read_text(encoding="utf-8"))
    return loaded


def validate_lines(game: Game, cards: int, lines: list[AbilityLine],
                   progress: Callable[[int, int], None] | None = None) -> Summary:
    """Parse, schema-check, game-check and round-trip every line."""
    assert game.grammar is not None
    grammar = game.grammar
    valid = fast_check(game.id)
    summary = Summary(cards=cards, abilities=len(lines))
    start = time.perf_counter()
    for index, line in enumerate(lines):
        if progress:
            progress(index + 1, len(lines))
        try:
            structure = grammar.parse(line.text)
        except ParseError as error:
            summary.failures.append(_failure(line, error.summary()))
            continue
        if not valid(structure):
            invalid = next(iter(schema_validator(game.id).iter_errors(structure)), None)
            reason = invalid.message if invalid is not None else "según el validador compilado"
            summary.failures.append(_failure(line, f"la estructura no cumple el esquema: {reason}"))
            continue
        problems = game.check(structure) if game.check else []
        if problems:
            summary.failures.append(_failure(line, "; ".join(problems)))
            continue
        summary.parsed += 1
        try:
            rendered = grammar.render(structure)
        except RenderError as error:
            summary.failures.append(_failure(line, f"no se pudo regenerar el texto: {error}"))
            continue
        source, again = grammar.comparable(line.text), grammar.comparable(rendered)
        if source == again:
            summary.roundtrip_exact += 1
        else:
            column = next((i for i, (a, b) in enumerate(zip(source, again, strict=False)) if a != b),
                          min(len(source), len(again))) + 1
            summary.failures.append(_failure(line, f"ida y vuelta distinta desde la columna {column}"))
    summary.seconds = time.perf_counter() - start
    return summary


@dataclass
class EngineSummary:
    """What the game's engine can execute of the parsed abilities, in the shape of ``--engine --json``."""

    abilities: int = 0
    executable: int = 0
    missing: Counter[str] = field(default_factory=Counter)
    gaps: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"abilities": self.abilities, "executable": self.executable,
                "missing": dict(sorted(self.missing.items(), key=lambda item: (-item[1], item[0])))}


def engine_report(game: Game, lines: list[AbilityLine]) -> EngineSummary:
    """For every line that parses, the node types the engine lacks (each counted once per ability)."""
    assert game.grammar is not None and game.engine_gaps is not None
    report = EngineSummary()
    for line in lines:
        try:
            structure = game.grammar.parse(line.text)
        except ParseError:
            continue
        report.abilities += 1
        gaps = sorted(set(game.engine_gaps(structure, line.kind)))
        if gaps:
            report.missing.update(gaps)
            report.gaps.append({"card": line.card, "kind": line.kind, "missing": gaps})
        else:
            report.executable += 1
    return report


def record_engine(report: EngineSummary, path: Path, source: Path | None = None) -> None:
    """Store the engine figures the tests must keep reaching."""
    if source is not None:
        refuse_overwrite(source, path)
    data = {"abilities": report.abilities, "executable": report.executable}
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


def _failure(line: AbilityLine, error: str) -> dict[str, str]:
    return {"card": line.card, "kind": line.kind, "text": line.text, "error": error}


def write_report(summary: Summary, game: Game, source: str, path: Path) -> None:
    """The committed failure report: card, ability kind and reason (never the card text itself).

    Refused (:func:`refuse_overwrite`) when it would overwrite the input ``source``.
    """
    refuse_overwrite(Path(source), path)
    total = max(summary.abilities, 1)
    lines = [
        f"# Cobertura de la gramática de {game.name}",
        "",
        f"Generado con `reglas validate --game {game.id} {source} --report {path.name}`.",
        "",
        f"- Cartas: {summary.cards}; habilidades: {summary.abilities}",
        f"- Analizadas en estructura tipada: {summary.parsed} ({summary.parsed / total:.1%})",
        f"- Idénticas en ida y vuelta: {summary.roundtrip_exact} ({summary.roundtrip_exact / total:.1%})",
        f"- Fallos: {len(summary.failures)}",
        "",
        "| carta | tipo | motivo |",
        "|---|---|---|",
    ]
    for failure in sorted(summary.failures, key=lambda f: (f["card"], f["kind"], f["error"])):
        reason = failure["error"].replace("|", "\\|")
        lines.append(f"| {failure['card']} | {failure['kind']} | {reason} |")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def record(summary: Summary, path: Path, source: Path | None = None) -> None:
    """Store the coverage figures the corpus test must keep reaching (never over the input ``source``)."""
    if source is not None:
        refuse_overwrite(source, path)
    data = {"abilities": summary.abilities, "parsed": summary.parsed, "roundtrip_exact": summary.roundtrip_exact}
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


def progress_bar(stream: Any = sys.stderr) -> Callable[[int, int], None] | None:
    """A one-line progress bar on a terminal; ``None`` when output is not a terminal."""
    if not getattr(stream, "isatty", lambda: False)():
        return None

    def show(done: int, total: int) -> None:
        if done % 25 and done != total:
            return
        width = 30
        filled = width * done // max(total, 1)
        stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
        if done == total:
            stream.write("\n")
        stream.flush()

    return show


def read_input(game: Game, path: Path) -> tuple[int, list[AbilityLine]]:
    """A card file or corpus folder the game can read (.json or a folder), or plain text, one ability a line.

    Only regular files of bounded size are read (a FIFO or a device is an error, never a hang), as UTF-8.
    """
    if path.is_dir():
        if game.read_cards is None:
            raise ReglasError(f"{game.name} no lee carpetas de cartas", where=str(path),
                              fix="pasa un archivo de texto con una habilidad por línea")
        return game.read_cards(path)
    check_regular(path, fix="indica un archivo JSON de cartas, una carpeta de corpus o un .txt")
    if path.suffix.lower() == ".json":
        if game.read_cards is None:
            raise ReglasError(f"{game.name} no tiene lector de archivos de cartas", where=str(path),
                              fix="pasa un archivo de texto con una habilidad por línea")
        return game.read_cards(path)
    return read_plain_lines(path)


def refuse_overwrite(source: Path, output: Path) -> None:
    """A ReglasError unless ``output`` may be written: never the input itself, a file inside an input folder (by
    any path, link or hard link), nor something that is not a regular file (a FIFO would block the write)."""
    what = "el informe" if output.suffix.lower() == ".md" else "el archivo de salida"
    fix = "elige para la salida un archivo fuera de lo que se valida"
    target = output.resolve()
    origin = source.resolve()
    if target == origin or origin in target.parents:
        raise ReglasError(f"{what} sobrescribiría la entrada «{source}»", where=str(output), fix=fix)
    try:
        info = output.stat()
    except FileNotFoundError:
        return
    except OSError as error:
        raise ReglasError(f"no se puede escribir ({describe_os_error(error)})", where=str(output), fix=fix) from None
    if not stat.S_ISREG(info.st_mode):
        raise ReglasError(f"{what} no es un archivo normal", where=str(output), fix=fix)
    inputs = walk_files(origin, ("",)) if origin.is_dir() else iter([origin])
    if info.st_nlink > 1 and any(_same_file(info, path) for path in inputs):
        raise ReglasError(f"{what} es otro nombre (enlace duro) de un archivo de la entrada «{source}»",
                          where=str(output), fix=fix)


def _same_file(info: os.stat_result, path: Path) -> bool:
    try:
        other = path.stat()
    except OSError:
        return False
    return (other.st_dev, other.st_ino) == (info.st_dev, info.st_ino)
