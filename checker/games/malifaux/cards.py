"""Reading Fate cards written in scenarios: ``13m``, ``1r``, ``RJ`` (Red Joker), ``BJ`` (Black Joker)."""

from __future__ import annotations

import re

from checker.errors import ReglasError
from checker.games.malifaux.fate import BLACK_JOKER, RED_JOKER, SUITS, FateCard

_CARD = re.compile(r"^(1[0-3]|[1-9])([rctm])$")


def card(text: object, where: str) -> FateCard:
    """The card a scenario names; a clear error (with the key path) otherwise."""
    value = str(text).strip()
    if value.upper() in ("RJ", "CR"):
        return RED_JOKER
    if value.upper() in ("BJ", "CN"):
        return BLACK_JOKER
    match = _CARD.match(value.lower())
    if not match:
        raise ReglasError(f"{where}: «{value}» no es una carta del destino",
                          fix=f"escribe valor (1–13) y palo ({', '.join(SUITS)}), como 13m; RJ o BJ para los comodines")
    return FateCard(int(match.group(1)), match.group(2))  # type: ignore[arg-type]


def cards(values: object, where: str) -> list[FateCard]:
    if values is None:
        return []
    if not isinstance(values, list):
        raise ReglasError(f"{where}: debe ser una lista de cartas", fix="por ejemplo [13m, 5r, RJ]")
    return [card(v, f"{where}[{i}]") for i, v in enumerate(values)]


def suits_of(text: object, where: str) -> str:
    value = str(text or "").strip().lower()
    bad = sorted({c for c in value if c not in SUITS})
    if bad:
        raise ReglasError(f"{where}: «{text}» no son palos", fix="usa las letras r, c, t, m (por ejemplo «rr»)")
    return value
