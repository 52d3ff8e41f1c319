"""The table after a scenario's actions, told in Spanish (``reglas check -v`` and the «Comprobar jugada» page)."""

from __future__ import annotations

from typing import Any

from checker.scenario.model import Outcome

#: How the observed keys read; a key not listed is shown as it is.
KEYS = {
    "zone": "zona", "damage": "daño", "owner": "de", "at": "en", "lore": "lore", "inkwell": "tintero",
    "hand": "mano", "deck": "mazo", "discard": "descarte", "deck_order": "orden del mazo", "graveyard": "cementerio",
    "ready": "preparados", "spent": "gastados", "soulstones": "piedras de alma", "exerted": "agotada",
    "dry": "seca",
}
#: Inside a count of cards (the inkwell's ready and exerted cards).
COUNTS = {"ready": "preparadas", "exerted": "agotadas"}
ZONES = {"play": "en juego", "hand": "mano", "deck": "mazo", "discard": "descarte", "inkwell": "tintero",
         "bag": "bolsa", "under": "debajo de otra carta"}


def _value(key: str, value: Any) -> str:
    if isinstance(value, bool):
        return "sí" if value else "no"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{COUNTS.get(k, KEYS.get(k, k))} {_value(k, v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(str(v) for v in value) + "]"
    if key == "zone":
        return ZONES.get(str(value), str(value))
    return str(value)


def _fields(observed: dict[str, Any]) -> str:
    return ", ".join(f"{KEYS.get(k, k)} {_value(k, v)}" for k, v in observed.items()
                     if v is not None and v != [] and v != "")


def final_state(outcome: Outcome) -> list[str]:
    """One line per card and per player of the final state, and the winner if there is one."""
    lines = [f"carta {ref}: {_fields(observed)}" for ref, observed in outcome.cards.items()]
    lines += [f"jugador {player}: {_fields(observed)}" for player, observed in outcome.players.items()]
    if outcome.winner is not None:
        lines.append(f"gana {outcome.winner}")
    return lines
