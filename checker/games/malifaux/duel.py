"""The duel procedure (malifaux:2.2): soulstones, flip, active card, cheating fate, total, triggers."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from checker.games.malifaux.fate import BLACK_JOKER, RED_JOKER, FateCard, flip_count, mods_text, net_modifiers
from checker.scenario.model import Refused

#: Stations that may spend soulstones (malifaux:5.1).
SOULSTONE_STATIONS = {"master", "henchman", "maestro", "compinche"}


@dataclass
class Side:
    """One model's part of a duel, as declared and as resolved."""

    name: str
    player: str
    station: str
    stat: int | None
    mods: str = ""
    bonus: int = 0
    soulstone_plus: bool = False
    soulstone_suit: str = ""
    choose: FateCard | None = None
    cheat: FateCard | None = None
    cheat_allowed: bool = True
    trigger_suits: str | None = None
    #: Resolved:
    net: int = 0
    flipped: list[FateCard] = field(default_factory=list)
    active: FateCard | None = None
    total: int = 0
    suits: str = ""
    rules: list[str] = field(default_factory=list)

    def cite(self, *rules: str) -> None:
        self.rules += [r for r in rules if r not in self.rules]


def declare_soulstones(side: Side, available: int) -> int:
    """Check the side may spend what it declares; returns how many it spends (malifaux:5.1–5.5)."""
    spent = int(side.soulstone_plus) + int(bool(side.soulstone_suit))
    if not spent:
        return 0
    if side.station not in SOULSTONE_STATIONS:
        raise Refused(f"«{side.name}» no es Maestro ni Compinche: no puede usar piedras de alma", "malifaux:5.1")
    if spent > available:
        raise Refused(f"«{side.name}» declara {spent} piedras de alma y su jugador solo tiene {available}",
                      "malifaux:5.1")
    if len(side.soulstone_suit) > 1:
        raise Refused("cada piedra de alma añade un solo palo al total", "malifaux:5.4")
    side.cite("malifaux:2.2.1")
    if side.soulstone_plus:
        side.cite("malifaux:5.3")
    if side.soulstone_suit:
        side.cite("malifaux:5.4")
    if side.soulstone_plus and side.soulstone_suit:
        side.cite("malifaux:5.5")
    return spent


def flip(side: Side, deck: list[FateCard]) -> None:
    """Flip 1 + net modifiers (at most 4) from the top of the deck (malifaux:3.2, 3.3)."""
    side.net = net_modifiers(side.mods + ("+" if side.soulstone_plus else ""))
    count = flip_count(side.net)
    if len(deck) < count:
        from checker.errors import ReglasError

        raise ReglasError(f"la baraja de {side.player} tiene {len(deck)} cartas y el volteo necesita {count}",
                          fix="lista más cartas en state.players.<jugador>.deck (la primera es la de arriba)")
    side.flipped = [deck.pop(0) for _ in range(count)]
    side.cite("malifaux:1.2", "malifaux:3.2", "malifaux:3.3")


def allowed(flipped: Sequence[FateCard], net: int) -> list[FateCard]:
    """The cards that may be taken as the active card (malifaux:3.4, 4.1–4.3)."""
    if BLACK_JOKER in flipped:
        return [BLACK_JOKER]
    if net > 0:
        return list(flipped)
    if net == 0:
        return list(flipped)
    lowest = min(c.value for c in flipped)
    return [c for c in flipped if c.value == lowest] + ([RED_JOKER] if RED_JOKER in flipped else [])


def choose_active(side: Side) -> None:
    options = allowed(side.flipped, side.net)
    if side.choose is not None:
        if side.choose not in side.flipped:
            raise Refused(f"{side.choose} no está entre las cartas volteadas por «{side.name}»", "malifaux:2.2.3")
        if side.choose not in options:
            rule = "malifaux:4.1" if BLACK_JOKER in side.flipped else "malifaux:3.4.2"
            why = ("el Comodín Negro se toma siempre" if BLACK_JOKER in side.flipped
                   else "con modificador negativo hay que tomar la carta más baja (o el Comodín Rojo)")
            raise Refused(f"«{side.name}» no puede usar {side.choose}: {why}", rule)
        side.active = side.choose
    else:                                                   # the best card allowed
        side.active = max(options, key=lambda c: c.value) if side.net >= 0 or RED_JOKER in options \
            else options[0]
    if BLACK_JOKER in side.flipped:
        side.cite("malifaux:4.1")
    elif side.active == RED_JOKER:
        side.cite("malifaux:4.2")
    side.cite({1: "malifaux:3.4.1", 0: "malifaux:3.4.3", -1: "malifaux:3.4.2"}[(side.net > 0) - (side.net < 0)])


def cheat(side: Side, hand: list[FateCard], opponent_red_joker: bool = False) -> None:
    """Replace the active card with one from the control hand, if the rules allow it (malifaux:6)."""
    if side.cheat is None:
        return
    if not side.cheat_allowed:
        raise Refused("en este volteo no se puede burlar al destino (por ejemplo, el de iniciativa)", "malifaux:6.2")
    if side.net < 0:
        raise Refused(f"«{side.name}» tiene {mods_text(side.net)} neto: no puede burlar al destino", "malifaux:6.3.1")
    if BLACK_JOKER in side.flipped:
        raise Refused(f"«{side.name}» ha volteado el Comodín Negro: no puede burlar al destino", "malifaux:6.3.2")
    if opponent_red_joker:
        raise Refused(f"el rival de «{side.name}» ha volteado el Comodín Rojo: no puede burlar al destino",
                      "malifaux:6.3.3")
    if side.cheat not in hand:
        raise Refused(f"{side.cheat} no está en la mano de control de {side.player}", "malifaux:6.1")
    hand.remove(side.cheat)
    side.active = side.cheat
    side.cite("malifaux:6.1", "malifaux:1.3", "malifaux:2.2.4")


def total(side: Side) -> None:
    """Attribute + card + bonuses; the active card's suit and soulstone suits make the final total (2.2.5)."""
    assert side.active is not None and side.stat is not None
    side.total = side.stat + side.active.value + side.bonus
    side.suits = (side.active.suit or "") + side.soulstone_suit
    side.cite("malifaux:2.2.5")
    if side.trigger_suits is not None:
        missing = _missing(side.trigger_suits, side.suits)
        if missing:
            raise Refused(f"el disparador de «{side.name}» pide {side.trigger_suits} y el total final tiene "
                          f"«{side.suits or 'ningún palo'}»", "malifaux:8.1")
        side.cite("malifaux:8.1", "malifaux:2.2.6")


def _missing(needed: str, present: str) -> str:
    pool = list(present)
    missing = ""
    for suit in needed:
        if suit in pool:
            pool.remove(suit)
        else:
            missing += suit
    return missing


def observe(side: Side) -> dict[str, Any]:
    return {"flipped": [str(c) for c in side.flipped], "card": str(side.active), "total": side.total,
            "suits": side.suits, "net": mods_text(side.net), "cards": len(side.flipped)}
