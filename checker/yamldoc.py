"""YAML documents with the line of every key and item, for errors that point into the user's file."""

from __future__ import annotations

from typing import Any

import yaml

from checker.errors import Location, ReglasError

KeyPath = tuple[str | int, ...]


def _lines(node: yaml.Node, path: KeyPath, out: dict[KeyPath, int]) -> None:
    out[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            out[(*path, str(key.value))] = key.start_mark.line + 1
            _lines(value, (*path, str(key.value)), out)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _lines(item, (*path, index), out)


def line_of(lines: dict[KeyPath, int], path: KeyPath) -> int:
    """The line of ``path`` or of its nearest written ancestor."""
    while path and path not in lines:
        path = path[:-1]
    return lines.get(path, 1)


def show(path: KeyPath) -> str:
    """``scenarios[2].state`` for a key path."""
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".") or "(raíz)"


def load_yaml(text: str, source: str) -> tuple[Any, dict[KeyPath, int]]:
    """The document's data and the line of every key path, or a clear error for invalid YAML."""
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        raise ReglasError(f"YAML no válido ({getattr(error, 'problem', error)})",
                          where=Location(source, (mark.line + 1) if mark else 0),
                          fix="revisa la sangría y los dos puntos de esa línea") from None
    lines: dict[KeyPath, int] = {}
    if root is not None:
        _lines(root, (), lines)
    return data, lines
