"""Front matter: YAML parsing with line numbers, validated against its JSON Schema."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from typing import Any

import yaml
from jsonschema import Draft202012Validator

from checker.errors import Location, ReglasError
from checker.paths import SCHEMA_DIR
from checker.schema_messages import shorten, spanish
from checker.vault.markdown import FrontMatter
from checker.yamldoc import load_checked

_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_TOP_KEY = re.compile(r"^([^\s#:][^:]*):")


@dataclass(frozen=True)
class MetaProblem:
    """A front matter problem: the 1-based file line, what is wrong, how to fix it."""

    line: int
    what: str
    fix: str


@cache
def _validator() -> Draft202012Validator:
    schema = json.loads((SCHEMA_DIR / "frontmatter.schema.json").read_text(encoding="utf-8"))
    return Draft202012Validator(schema)


def key_lines(front: FrontMatter) -> dict[str, int]:
    """The file line of each top-level key."""
    lines: dict[str, int] = {}
    for offset, text in enumerate(front.text.splitlines()):
        match = _TOP_KEY.match(text)
        if match:
            lines.setdefault(match.group(1).strip().strip("'\""), front.first_line + offset)
    return lines


def parse(front: FrontMatter) -> tuple[dict[str, Any], list[MetaProblem]]:
    """The front matter as a mapping, and its problems (syntax first, then schema)."""
    if not front.closed:
        return {}, [MetaProblem(front.first_line - 1, "el front matter no se cierra",
                                "añade una línea «---» al final de las propiedades")]
    try:
        data, _ = load_checked(front.text, "front matter", _Loader)
    except ReglasError as error:
        last = front.first_line + max(len(front.text.splitlines()) - 1, 0)
        line = error.where.line if isinstance(error.where, Location) else 0
        return {}, [MetaProblem(min(front.first_line + max(line - 1, 0), last), f"en el front matter: {error.what}",
                                error.fix or "revisa la sangría, los dos puntos y las comillas de esa línea")]
    if data is None:
        return {}, []
    if not isinstance(data, dict):
        return {}, [MetaProblem(front.first_line, "el front matter debe ser un mapa «clave: valor»",
                                "escribe una propiedad por línea, como «tags: [reglas]»")]
    data = {str(k): v for k, v in data.items()}
    lines = key_lines(front)
    problems = []
    for invalid in sorted(_validator().iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
        top = str(invalid.absolute_path[0]) if invalid.absolute_path else ""
        where = shorten(".".join(str(p) for p in invalid.absolute_path), 60) or "(raíz)"
        problems.append(MetaProblem(lines.get(top, front.first_line),
                                    f"la propiedad «{where}» no es válida: "
                                    f"{spanish(invalid)}",
                                    _fix(top)))
    return data, problems


_FIXES = {
    "id": "usa la forma juego:número, p. ej. «id: lorcana:8.6»",
    "related": "usa una lista de wikilinks entre comillas: related: [\"[[Evasivo]]\"]",
    "tags": "usa una lista de textos: tags: [palabra-clave]",
    "aliases": "usa una lista de textos: aliases: [Evasive]",
    "community": "usa una lista de textos: community: [Desafiante]",
}


def _fix(key: str) -> str:
    return _FIXES.get(key, "corrige el valor según el esquema checker/schemas/frontmatter.schema.json")
