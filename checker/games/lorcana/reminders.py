"""Reminder text checked against its keyword: it must say what the keyword does, with the keyword's value."""

from __future__ import annotations

from typing import Any

from checker.games.lorcana.keywords import canonical
from checker.grammar.walk import find, nodes, tokens

_KEYWORD_TOKENS = ("simple_keyword", "plus_keyword", "number_keyword", "shift", "boost")


def _keyword(fields: dict[str, Any]) -> tuple[str, int | None]:
    name = next((str(v) for role, v in fields.items() if role in _KEYWORD_TOKENS), "")
    value = fields.get("signed", fields.get("number"))
    return name, (abs(int(value)) if value is not None else None)


def check_reminders(structure: dict[str, Any]) -> list[str]:
    """Problems of a keyword line's reminder text (Spanish), empty if it matches."""
    problems = []
    for keywords in find(structure, "keywords"):
        reminder = keywords.get("reminder")
        if reminder is None:
            continue
        types = {kind for kind, _ in nodes(reminder)}
        numbers = {abs(int(v)) for role, v in tokens(reminder) if role in ("number", "signed")}
        for _, fields in nodes(keywords.get("keyword", [])):
            name, value = _keyword(fields)
            keyword = canonical(name)
            if keyword is None:
                continue
            sign = "+" if keyword.value == "plus" else ""
            shown = keyword.english + (f" {sign}{value}" if value is not None else "")
            if keyword.reminder and not keyword.reminder & types and len(keywords.get("keyword", [])) == 1:
                problems.append(f"el texto recordatorio no describe {shown} ({keyword.rule})")
            if value is not None and value not in numbers and keyword.value != "none":
                problems.append(f"el texto recordatorio no repite el valor {value} de {shown} ({keyword.rule})")
    return problems
