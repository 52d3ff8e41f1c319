"""A compiled checker for the subset of JSON Schema that generated grammar schemas use.

``jsonschema`` stays the reference (tests compare both on every corpus structure); this compiles the same
schema into closures so that ``reglas validate`` checks thousands of structures a second. An unsupported
keyword is an error at compile time, never silently ignored.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Check = Callable[[Any], bool]
SUPPORTED = frozenset({
    "$schema", "$id", "title", "description", "$defs", "$ref", "type", "properties", "additionalProperties",
    "minProperties", "maxProperties", "items", "minItems", "enum", "const", "if", "then", "else", "required",
})
_TYPES: dict[str, Callable[[Any], bool]] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


class UnsupportedSchema(ValueError):
    """The schema uses a keyword this checker does not implement."""


def compile_schema(root: dict[str, Any]) -> Check:
    """A predicate equivalent to validating against ``root``."""
    compiled: dict[str, Check] = {}

    def ref(pointer: str) -> Check:
        if pointer not in compiled:
            name = pointer.removeprefix("#/$defs/")
            compiled[pointer] = lambda value: compiled[pointer + "!"](value)
            compiled[pointer + "!"] = build(root["$defs"][name])
        return compiled[pointer]

    def build(schema: dict[str, Any] | bool) -> Check:
        if schema is True:
            return lambda value: True
        if schema is False:
            return lambda value: False
        unknown = set(schema) - SUPPORTED
        if unknown:
            raise UnsupportedSchema(", ".join(sorted(unknown)))
        checks: list[Check] = []
        if "$ref" in schema:
            checks.append(ref(schema["$ref"]))
        if "type" in schema:
            kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
            tests = [_TYPES[k] for k in kinds]
            checks.append(lambda v: any(t(v) for t in tests))
        if "enum" in schema:
            allowed = list(schema["enum"])
            checks.append(lambda v: v in allowed)
        if "const" in schema:
            constant = schema["const"]
            checks.append(lambda v: v == constant)
        if "required" in schema:
            required = list(schema["required"])
            checks.append(lambda v: not isinstance(v, dict) or all(k in v for k in required))
        if "minProperties" in schema or "maxProperties" in schema:
            low, high = schema.get("minProperties", 0), schema.get("maxProperties", float("inf"))
            checks.append(lambda v: not isinstance(v, dict) or low <= len(v) <= high)
        if "properties" in schema or "additionalProperties" in schema:
            props = {k: build(s) for k, s in schema.get("properties", {}).items()}
            extra = build(schema.get("additionalProperties", True))
            checks.append(lambda v: not isinstance(v, dict) or all(
                props.get(k, extra)(item) for k, item in v.items()))
        if "items" in schema or "minItems" in schema:
            item_check = build(schema.get("items", True))
            minimum = schema.get("minItems", 0)
            checks.append(lambda v: not isinstance(v, list) or (len(v) >= minimum and all(map(item_check, v))))
        if "if" in schema:
            condition, then, otherwise = (build(schema["if"]), build(schema.get("then", True)),
                                          build(schema.get("else", True)))
            checks.append(lambda v: then(v) if condition(v) else otherwise(v))
        if len(checks) == 1:
            return checks[0]
        return lambda value: all(check(value) for check in checks)

    return build(root)
