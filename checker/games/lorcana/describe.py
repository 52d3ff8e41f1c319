"""A Lorcana scenario told in Spanish for a judge: the cards, who has what where, and the play (the site's worked
examples). The symbols are the vault's ({I} {S} {W} {L} {E}), which the site shows as icons."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

_TYPES = {"character": "personaje", "action": "acción", "item": "objeto", "location": "ubicación"}
_ZONES = (("play", "en juego"), ("hand", "en la mano"), ("deck", "en el mazo (de arriba abajo)"),
          ("discard", "en el descarte"))
_VIA = {"shift": "con Cambio", "sing": "cantándola", "free": "gratis", "ink": "pagando su coste"}


def _card(name: str, card: Mapping[str, Any]) -> str:
    """«*Hada - Veloz*: personaje, 2 {I}, 1 {S} 2 {W} 1 {L}; «Evasive»»."""
    stats = [f"{card['cost']} {{I}}"] if "cost" in card else []
    stats += [f"{card[key]} {symbol}" for key, symbol in (("strength", "{S}"), ("willpower", "{W}"), ("lore", "{L}"))
              if key in card]
    if "move_cost" in card:
        stats.append(f"mover cuesta {card['move_cost']} {{I}}")
    text = "; ".join(f"«{line}»" for line in str(card.get("text", "")).splitlines() if line.strip())
    kinds = "/".join(card.get("classifications") or [])
    head = _TYPES.get(str(card.get("type")), str(card.get("type")))
    return f"*{name}*: {head}{f' ({kinds})' if kinds else ''}, {', '.join(stats)}" + (f"; {text}" if text else "")


def _entry(entry: Any, names: dict[str, str]) -> str:
    if isinstance(entry, str):
        return entry
    shown = str(entry["card"])
    if "ref" in entry:
        names[str(entry["ref"])] = shown
    marks = ["agotado {E}" if entry.get("exerted") else "", "secándose" if entry.get("dry") is False else "",
             f"con {entry['damage']} de daño" if entry.get("damage") else "",
             f"en {entry['at']}" if entry.get("at") else "",
             f"con {len(entry['under'])} carta(s) debajo" if entry.get("under") else ""]
    marks = [m for m in marks if m]
    return shown + (f" ({', '.join(marks)})" if marks else "")


def _player(player: str, data: Mapping[str, Any], active: bool, names: dict[str, str]) -> str:
    parts = []
    for key, said in _ZONES:
        entries = data.get(key) or []
        if entries:
            parts.append(f"{said}: " + ", ".join(_entry(e, names) for e in entries))
    inkwell = data.get("inkwell") or {}
    if inkwell:
        parts.append(f"tintero: {inkwell.get('ready', 0)} {{I}} preparadas, {inkwell.get('exerted', 0)} agotadas")
    if data.get("lore"):
        parts.append(f"{data['lore']} {{L}}")
    return f"**{player}**{' (turno activo)' if active else ''}: " + ("; ".join(parts) or "nada en juego")


Name = Callable[[Any], str]

#: How each kind of action reads, given a function that names a card by its ref.
_ACTIONS: dict[str, Callable[[Mapping[str, Any], Name], str]] = {
    "challenge": lambda a, name: f"{name(a.get('attacker'))} desafía a {name(a.get('defender'))}",
    "quest": lambda a, name: f"{name(a.get('character'))} va de misión",
    "ink": lambda a, name: f"pone {name(a.get('card'))} en el tintero",
    "play": lambda a, name: (f"juega {name(a.get('card'))} {_VIA.get(str(a.get('via', 'ink')), '')}"
                             + (f" sobre {name(a['onto'])}" if a.get("onto") else "")),
    "move": lambda a, name: f"mueve {name(a.get('character'))} a {name(a.get('location'))}",
    "activate": lambda a, name: f"activa {name(a.get('card'))}",
    "end_turn": lambda a, name: "termina el turno",
}


def _action(action: Mapping[str, Any], names: dict[str, str]) -> str:
    def name(ref: Any) -> str:
        return f"*{names.get(str(ref), str(ref))}*"

    said = _ACTIONS.get(str(action.get("type")))
    text = said(action, name) if said else str(action.get("type"))
    targets = ", ".join(name(t) for t in action.get("targets") or [])
    return text + (f", eligiendo a {targets}" if targets else "")


def describe(data: Mapping[str, Any]) -> list[str]:
    """Markdown lines: the cards, each player's table and the actions, in order."""
    state = data.get("state") or {}
    names: dict[str, str] = {}
    lines = ["**Cartas:**", ""]
    lines += [f"- {_card(name, card)}" for name, card in (data.get("cards") or {}).items()]
    lines += ["", "**En la mesa:**", ""]
    lines += [f"- {_player(p, d, p == state.get('active'), names)}" for p, d in (state.get("players") or {}).items()]
    actions = data.get("actions") or ([data["action"]] if data.get("action") else [])
    lines += ["", "**Jugada:** " + "; después, ".join(_action(a, names) for a in actions) + "."]
    return lines
