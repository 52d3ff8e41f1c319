"""JSON Schema validation errors in Spanish: one table entry per validator keyword, never jsonschema's English."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from typing import Any

from jsonschema.exceptions import ValidationError

TYPE_NAMES = {
    "string": "un texto", "integer": "un número entero", "number": "un número", "boolean": "true o false",
    "array": "una lista", "object": "un mapa «clave: valor»", "null": "vacío",
}


#: Python types of YAML/JSON values in Spanish, most specific first (``bool`` before ``int``).
VALUE_NAMES: tuple[tuple[type | tuple[type, ...], str], ...] = (
    (date, "una fecha"), (type(None), "vacío"), (bool, "true/false"), (int, "un número entero"),
    (float, "un número con decimales"), (str, "un texto"), (list, "una lista"), (dict, "un mapa"),
)


def type_name(value: Any) -> str:
    """What a YAML/JSON value is, in Spanish words."""
    return next((name for kind, name in VALUE_NAMES if isinstance(value, kind)),
                f"un valor de tipo {type(value).__name__}")


def _expected(types: Any) -> str:
    names = [TYPE_NAMES.get(t, str(t)) for t in (types if isinstance(types, list) else [types])]
    return " o ".join(names)


def shorten(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters with «…»."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _show(value: Any, limit: int = 40) -> str:
    return shorten(repr(value), limit)


def _required(error: Any) -> str:
    instance = error.instance if isinstance(error.instance, dict) else {}
    missing = [str(k) for k in error.validator_value if k not in instance]
    return f"falta la clave {', '.join(f'«{k}»' for k in missing)}"


def _additional(error: Any) -> str:
    known = set(error.schema.get("properties", {}))
    patterns = list(error.schema.get("patternProperties", {}))
    extra = [str(k) for k in (error.instance if isinstance(error.instance, dict) else {})
             if k not in known and not any(re.search(p, str(k)) for p in patterns)]
    allowed = ", ".join(sorted(known))
    return (f"clave desconocida {', '.join(f'«{k}»' for k in extra)}"
            + (f"; se admite: {allowed}" if allowed else ""))


def _one_of(error: Any) -> str:
    branches = error.validator_value
    if all(set(b) == {"required"} for b in branches):
        keys = [k for b in branches for k in b["required"]]
        return f"lleva exactamente una de estas claves: {', '.join(f'«{k}»' for k in keys)}"
    return f"{type_name(error.instance)} que no encaja con ninguna de las formas admitidas"


#: jsonschema types its error attributes loosely (``Any | Unset``): the table reads them as ``Any``.
MESSAGES: dict[str, Callable[[Any], str]] = {
    "required": _required,
    "additionalProperties": _additional,
    "unevaluatedProperties": _additional,
    "type": lambda e: f"es {type_name(e.instance)} y se espera {_expected(e.validator_value)}",
    "enum": lambda e: (f"valor no admitido {_show(e.instance)}; se admite "
                       f"{', '.join(map(str, e.validator_value))}"),
    "const": lambda e: f"valor no admitido {_show(e.instance)}; debe ser {e.validator_value!r}",
    "minimum": lambda e: f"el valor {e.instance} es menor que el mínimo, {e.validator_value}",
    "maximum": lambda e: f"el valor {e.instance} es mayor que el máximo, {e.validator_value}",
    "exclusiveMinimum": lambda e: f"el valor {e.instance} debe ser mayor que {e.validator_value}",
    "exclusiveMaximum": lambda e: f"el valor {e.instance} debe ser menor que {e.validator_value}",
    "multipleOf": lambda e: f"el valor {e.instance} debe ser múltiplo de {e.validator_value}",
    "pattern": lambda e: f"{_show(e.instance)} no tiene la forma esperada ({e.validator_value})",
    "minLength": lambda e: ("no puede estar vacío" if e.validator_value == 1
                            else f"debe tener al menos {e.validator_value} caracteres"),
    "maxLength": lambda e: f"tiene más de {e.validator_value} caracteres",
    "minItems": lambda e: ("la lista no puede estar vacía" if e.validator_value == 1
                           else f"la lista necesita al menos {e.validator_value} elementos"),
    "maxItems": lambda e: f"la lista admite como mucho {e.validator_value} elementos",
    "uniqueItems": lambda e: "la lista repite un elemento",
    "minProperties": lambda e: ("no puede estar vacío: escribe al menos una clave" if e.validator_value == 1
                                else f"necesita al menos {e.validator_value} claves"),
    "maxProperties": lambda e: f"admite como mucho {e.validator_value} claves",
    "propertyNames": lambda e: f"una clave no tiene la forma esperada ({_show(e.instance)})",
    "dependentRequired": lambda e: "falta una clave que acompaña a otra",
    "oneOf": _one_of,
    "anyOf": lambda e: f"{type_name(e.instance)} que no encaja con ninguna de las formas admitidas",
    "not": lambda e: f"valor no admitido {_show(e.instance)}",
    "allOf": lambda e: "no cumple todas las condiciones del esquema",
    "contains": lambda e: "la lista no contiene ningún elemento válido",
    "format": lambda e: f"{_show(e.instance)} no tiene el formato {e.validator_value}",
}


def spanish(error: ValidationError) -> str:
    """The error in Spanish (a keyword missing from the table still gets a Spanish sentence)."""
    explain = MESSAGES.get(str(error.validator))
    if explain is None:
        return f"no cumple la condición «{error.validator}» del esquema"
    return explain(error)

