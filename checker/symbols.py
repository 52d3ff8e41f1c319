"""Card symbols: the codes the rules write ({S} …) and the glyphs card data writes (¤ …)."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Symbol:
    code: str
    glyph: str
    name: str  # Spanish, used as the text alternative
    css: str


SYMBOLS = (
    Symbol("{S}", "¤", "Fuerza", "strength"),
    Symbol("{W}", "⛉", "Voluntad", "willpower"),
    Symbol("{L}", "◊", "Leyenda", "lore"),
    Symbol("{I}", "⬡", "Tinta", "ink"),
    Symbol("{E}", "⟳", "Agotar", "exert"),
)
BY_TEXT = {s.code: s for s in SYMBOLS} | {s.glyph: s for s in SYMBOLS}
PATTERN = re.compile("|".join(re.escape(t) for t in sorted(BY_TEXT, key=len, reverse=True)))
