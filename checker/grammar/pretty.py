"""A typed structure as an indented tree for the terminal."""

from __future__ import annotations

from typing import Any


def pretty(value: Any, indent: int = 0) -> str:
    """``type`` lines with their roles below, tokens inline: readable without JSON noise."""
    return "\n".join(_lines(value, indent, None))


def _lines(value: Any, indent: int, role: str | None) -> list[str]:
    pad = "  " * indent
    label = f"{role}: " if role else ""
    if isinstance(value, list):
        return [line for item in value for line in _lines(item, indent, role)]
    if isinstance(value, dict) and len(value) == 1:
        ((node_type, fields),) = value.items()
        if not fields:
            return [f"{pad}{label}{node_type}"]
        scalars = {k: v for k, v in fields.items() if not isinstance(v, (dict, list))}
        head = f"{pad}{label}{node_type}"
        if scalars:
            head += "  (" + ", ".join(f"{k}={v}" for k, v in scalars.items()) + ")"
        lines = [head]
        for key, child in fields.items():
            if isinstance(child, (dict, list)):
                lines += _lines(child, indent + 1, key)
        return lines
    return [f"{pad}{label}{value}"]
