"""``reglas malifaux …``: the game's own commands (``odds``)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from checker.cliargs import int_range
from checker.errors import ReglasError
from checker.exact import fraction
from checker.games.malifaux.fate import MAX_CARDS, RED_JOKER_VALUE, mods_text, net_modifiers
from checker.games.malifaux.odds import flip_odds

#: Far above any attribute or target number of the game, so that only typing mistakes are refused.
MAX_STAT, MAX_TN = 20, 40


def register(commands: Any) -> None:
    """Add the game's subcommands to ``reglas malifaux``."""
    odds = commands.add_parser("odds", help="probabilidades exactas de la carta usada en un volteo")
    odds.add_argument("--mods", default="", help="modificadores del destino, por ejemplo ++ o -- (se anulan + con −)")
    odds.add_argument("--stat", type=int_range(0, MAX_STAT), help=f"valor del atributo, de 0 a {MAX_STAT} (con --tn)")
    odds.add_argument("--tn", type=int_range(1, MAX_TN), help=f"número objetivo, de 1 a {MAX_TN} (con --stat)")
    odds.add_argument("--json", action="store_true", help="resultado en JSON")
    odds.set_defaults(handler=cmd_odds)


def cmd_odds(args: argparse.Namespace) -> int:
    if (args.stat is None) != (args.tn is None):
        raise ReglasError("--stat y --tn van juntos: la probabilidad de éxito necesita los dos",
                          fix="añade el que falta, por ejemplo --stat 5 --tn 12")
    net = max(-MAX_CARDS + 1, min(net_modifiers(args.mods), MAX_CARDS - 1))  # four cards at most (malifaux:3.3)
    odds = flip_odds(net)
    success = odds.success(args.stat, args.tn) if args.stat is not None else None
    if args.json:
        data: dict[str, Any] = {
            "mods": args.mods, "net": mods_text(net), "cards": odds.cards, "expected": fraction(odds.expected),
            "p_at_least": {str(v): fraction(odds.at_least(v)) for v in range(RED_JOKER_VALUE + 1)},
        }
        if success is not None:
            data["p_success"] = fraction(success)
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return 0
    shown = mods_text(net) or "ninguno"
    print(f"Modificadores netos: {shown} → se voltean {odds.cards} carta(s) (malifaux:3.2, malifaux:3.3)")
    print(f"Valor esperado de la carta usada: {fraction(odds.expected)} ≈ {float(odds.expected):.3f}")
    print("valor  P(exacto)          P(al menos)")
    for value in range(RED_JOKER_VALUE + 1):
        exact, least = odds.distribution[value], odds.at_least(value)
        print(f"{value:>5}  {fraction(exact):<18} {fraction(least)}  ({float(least):.1%})")
    if success is not None:
        print(f"P(éxito) con atributo {args.stat} contra NO {args.tn}: {fraction(success)} ≈ {float(success):.1%}")
    return 0
