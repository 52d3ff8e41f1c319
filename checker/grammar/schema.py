"""JSON Schema (Draft 2020-12) of a grammar's typed structures, derived from its rules."""

from __future__ import annotations

from typing import Any

from lark.grammar import NonTerminal

from checker.grammar.typed import GrammarModel

INTEGER_ROLES = frozenset({"number"})


def _role_ref(model: GrammarModel, role: str) -> dict[str, Any]:
    if role in model.rules:
        return {"$ref": f"#/$defs/@{role}"}
    return {"type": "integer"} if role in INTEGER_ROLES else {"type": "string"}


def _slot(model: GrammarModel, name: str) -> dict[str, Any]:
    """What a role naming nonterminal ``name`` may hold: one of its node types, or a token it inlines."""
    types = sorted(model.types_of(name))
    objects: dict[str, Any] = {
        "type": "object",
        "minProperties": 1,
        "maxProperties": 1,
        "properties": {t: {"$ref": f"#/$defs/{t}"} for t in types},
        "additionalProperties": False,
    }
    scalar = model.expand1(name) and any(
        not rule.alias and (role := model.single_role(rule)) is not None and role not in model.rules
        for rule in model.rules[name])
    if not scalar:
        return objects
    return {"if": {"type": "object"}, "then": objects, "else": {"type": ["string", "integer"]}}


def build_schema(model: GrammarModel, title: str, schema_id: str) -> dict[str, Any]:
    """The schema: one definition per node type and one per role (``@role``)."""
    defs: dict[str, Any] = {}
    for node_type in sorted(model.by_type):
        properties: dict[str, Any] = {}
        for role in sorted(model.roles_of(node_type)):
            ref = _role_ref(model, role)
            repeated = role in model.repeated.get(node_type, set())
            properties[role] = {"type": "array", "minItems": 1, "items": ref} if repeated else ref
        defs[node_type] = {"type": "object", "properties": properties, "additionalProperties": False}
    for name in sorted(model.rules):
        if not model.inlined(name):
            defs[f"@{name}"] = _slot(model, name)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": schema_id,
        "title": title,
        "description": "Generado a partir de la gramática. Un nodo es {tipo: {rol: valor}}: el tipo es la regla o "
                       "su alias; cada rol es el símbolo de la regla que produjo el hijo. Regenerar con "
                       "«reglas grammar schema».",
        "$ref": "#/$defs/@start",
        "$defs": defs,
    }


__all__ = ["NonTerminal", "build_schema"]
