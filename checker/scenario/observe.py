"""Everything a game table holds, as plain nested data, so that two moments of a table can be compared."""

from __future__ import annotations

from typing import Any


def plain(value: Any, _seen: frozenset[int] = frozenset()) -> Any:
    """``value`` as dicts, lists and scalars: objects by their attributes, sets sorted; frozen dataclasses (card
    definitions, Fate cards) are immutable values and stay as they are."""
    params = getattr(value, "__dataclass_params__", None)
    if params is not None and params.frozen and not isinstance(value, type):
        return value
    if id(value) in _seen:
        return "<ciclo>"
    if isinstance(value, dict):
        seen = _seen | {id(value)}
        return {str(key): plain(item, seen) for key, item in value.items()}
    if isinstance(value, list | tuple):
        seen = _seen | {id(value)}
        return [plain(item, seen) for item in value]
    if isinstance(value, set | frozenset):
        return sorted((plain(item, _seen) for item in value), key=repr)
    if hasattr(value, "__dict__"):
        return plain(vars(value), _seen | {id(value)})
    return value
