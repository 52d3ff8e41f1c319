"""Front matter: YAML parsing with line numbers, validated against its JSON Schema."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from functools import cache
from typing import Any

import yaml
from jsonschema import Draft202012Validator

from checker.errors import Location, ReglasError
from checker.paths import SCHEMA_DIR
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
        where = _short(".".join(str(p) for p in invalid.absolute_path)) or "(raíz)"
        problems.append(MetaProblem(lines.get(top, front.first_line),
                                    f"la propiedad «{where}» no es válida: "
                                    f"{_explain(str(invalid.validator), invalid.validator_value, invalid.instance)}",
                                    _fix(top)))
    return data, problems


#: Every JSON Schema keyword that can reject a value, explained in Spanish (jsonschema's own messages are English).
_KEYWORDS: dict[str, Callable[[Any, Any], str]] = {
    "type": lambda expected, value: f"tiene tipo {_type_name(value)} y debe ser {_expected_types(expected)}",
    "oneOf": lambda _, value: f"tiene tipo {_type_name(value)}, que no es ninguna de las formas admitidas",
    "anyOf": lambda _, value: f"tiene tipo {_type_name(value)}, que no es ninguna de las formas admitidas",
    "allOf": lambda _, value: "no cumple todas las condiciones del esquema",
    "not": lambda _, value: "tiene una forma que el esquema no admite",
    "pattern": lambda _, value: f"«{_short(value)}» no tiene la forma esperada",
    "minLength": lambda limit, value: "no puede estar vacía" if limit == 1 else f"debe tener al menos {limit} letras",
    "maxLength": lambda limit, value: f"debe tener como mucho {limit} letras",
    "enum": lambda options, value: f"«{_short(value)}» no es uno de los valores admitidos "
                                   f"({', '.join(map(str, options))})",
    "const": lambda expected, value: f"debe valer «{expected}»",
    "required": lambda keys, value: f"faltan propiedades obligatorias ({', '.join(map(str, keys))})",
    "additionalProperties": lambda _, value: "tiene propiedades que el esquema no admite",
    "unevaluatedProperties": lambda _, value: "tiene propiedades que el esquema no admite",
    "propertyNames": lambda _, value: "tiene nombres de propiedad no admitidos",
    "minItems": lambda limit, value: f"debe tener al menos {limit} elementos",
    "maxItems": lambda limit, value: f"debe tener como mucho {limit} elementos",
    "uniqueItems": lambda _, value: "tiene elementos repetidos",
    "minimum": lambda limit, value: f"debe ser como mínimo {limit}",
    "maximum": lambda limit, value: f"debe ser como mucho {limit}",
    "format": lambda name, value: f"«{_short(value)}» no tiene el formato «{name}»",
}

_TYPES = {"string": "texto", "array": "lista", "object": "mapa", "null": "vacío", "number": "número",
          "integer": "número entero", "boolean": "sí/no"}


def _explain(keyword: str, expected: Any, value: Any) -> str:
    explain = _KEYWORDS.get(keyword)
    return explain(expected, value) if explain else f"no cumple la condición «{keyword}» del esquema"


def _type_name(value: object) -> str:
    if value is None:
        return "vacío"
    if isinstance(value, bool):
        return "sí/no"
    if isinstance(value, int | float):
        return "número"
    if isinstance(value, str):
        return "texto"
    if isinstance(value, list):
        return "lista"
    if isinstance(value, dict):
        return "mapa"
    return "fecha" if isinstance(value, date) else type(value).__name__


def _expected_types(expected: Any) -> str:
    names = [expected] if isinstance(expected, str) else list(expected)
    return " o ".join(_TYPES.get(str(n), str(n)) for n in names)


def _short(value: object, limit: int = 60) -> str:
    text = str(value)
    return text if len(text) <= limit else text[:limit] + "…"


_FIXES = {
    "id": "usa la forma juego:número, p. ej. «id: lorcana:8.6»",
    "related": "usa una lista de wikilinks entre comillas: related: [\"[[Evasivo]]\"]",
    "tags": "usa una lista de textos: tags: [palabra-clave]",
    "aliases": "usa una lista de textos: aliases: [Evasive]",
}


def _fix(key: str) -> str:
    return _FIXES.get(key, "corrige el valor según el esquema checker/schemas/frontmatter.schema.json")
