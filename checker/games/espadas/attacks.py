"""Attacks (espadas:12): the indicated damage, minus Armour or Will as the base calculation, then reductions, ≥ 0."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from checker.errors import ReglasError
from checker.games.espadas.table import Table

KINDS = {"physical": "armor", "físico": "armor", "fisico": "armor", "magical": "will", "mágico": "will",
         "magico": "will"}
DEFENCE_NAMES = {"armor": "Armadura", "will": "Voluntad"}


@dataclass(frozen=True)
class Damage:
    """How an attack's damage was worked out."""

    base: int
    defence: int
    reduction: int
    final: int


def compute(base: int, defence: int, reduction: int, unreducible: bool) -> Damage:
    """Base minus the defensive attribute (not a reduction, espadas:12.4); reductions only if allowed; never < 0."""
    applied = 0 if unreducible else reduction
    return Damage(base, defence, applied, max(0, base - defence - applied))


def attack(table: Table, spec: dict[str, Any], where: str) -> tuple[dict[str, Any], list[str], str]:
    """Resolve one attack on the table: observations, rules applied and a Spanish summary."""
    source = table.hero(spec.get("attacker"), f"{where}.attacker")
    target = table.hero(spec.get("target"), f"{where}.target")
    kind = KINDS.get(str(spec.get("kind", "")).casefold())
    if kind is None:
        raise ReglasError(f"{where}.kind: «{spec.get('kind')}» no es un tipo de ataque",
                          fix="usa «físico» o «mágico» (physical, magical)")
    base = int(spec.get("damage", 0)) + int(spec.get("bonus", 0))
    rules = ["espadas:12.1", "espadas:12.2", "espadas:12.3"]
    if spec.get("plus"):
        base += source.attribute(str(spec["plus"]), f"{where}.plus")
    unreducible = bool(spec.get("unreducible"))
    if unreducible:
        rules.append("espadas:12.4")
    damage = compute(base, target.attribute(kind, where), int(spec.get("reduction", 0)), unreducible)
    target.damage += damage.final
    rules.append("espadas:12.5")
    result = {"base": damage.base, "defence": damage.defence, "reduction": damage.reduction, "damage": damage.final,
              "health": target.attributes.get("health", 0) - target.damage, "knocked_out": target.knocked_out}
    summary = (f"{damage.base} − {DEFENCE_NAMES[kind]} {damage.defence}"
               + (f" − reducción {damage.reduction}" if damage.reduction else "")
               + f" = {damage.final} a {target.name}")
    return result, rules, summary
