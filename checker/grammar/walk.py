"""Walking typed structures: nodes by type, token values."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


def nodes(value: Any) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every node ``(type, fields)`` of a structure (a node, or a list of nodes), depth first.

    Give it nodes, not the fields of a node: ``{role: {...}}`` with a single role reads as a node.
    """
    if isinstance(value, list):
        for item in value:
            yield from nodes(item)
    elif isinstance(value, dict):
        if len(value) == 1 and isinstance(next(iter(value.values())), dict):
            ((node_type, fields),) = value.items()
            yield node_type, fields
            value = fields
        for child in value.values():
            yield from nodes(child)


def tokens(value: Any) -> Iterator[tuple[str, Any]]:
    """Every token ``(role, value)`` of a structure."""
    for _, fields in nodes(value):
        for role, child in fields.items():
            for item in child if isinstance(child, list) else [child]:
                if not isinstance(item, dict):
                    yield role, item


def find(value: Any, node_type: str) -> list[dict[str, Any]]:
    """The fields of every node of ``node_type``."""
    return [fields for kind, fields in nodes(value) if kind == node_type]


def without(value: Any, role: str) -> Any:
    """The structure with every ``role`` field left out (``"reminder"``: the rules text alone)."""
    if isinstance(value, dict):
        return {k: without(v, role) for k, v in value.items() if k != role}
    if isinstance(value, list):
        return [without(v, role) for v in value]
    return value
