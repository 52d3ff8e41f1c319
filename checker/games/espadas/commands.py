"""``reglas espadas …``: list validation (``validar``) and the odds of paying a cost (``odds``)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from checker.cliargs import int_range
from checker.errors import ReglasError
from checker.exact import fraction
from checker.games.espadas.corpus import read_corpus
from checker.games.espadas.dice import BASE_POOL, colors, cost_text
from checker.games.espadas.lists import Catalog, validate_list
from checker.games.espadas.odds import p_pay
from checker.inputs import read_text
from checker.yamldoc import line_of, load_yaml

EXAMPLE = """ejemplo de lista (YAML):
  faccion: Defensores de Terik
  heroes: [Héroe 1, Héroe 2, Héroe 3, Héroe 4, Héroe 5]
  mazo:
    Carta A: 2
    Carta B: 1
"""
MAX_DICE = 12
MAX_REROLLS = 8


def register(commands: Any) -> None:
    """Add the game's subcommands to ``reglas espadas``."""
    check = commands.add_parser("validar", help="valida una lista (facción, 5 héroes y mazo de acción)",
                                epilog=EXAMPLE, formatter_class=argparse.RawDescriptionHelpFormatter)
    check.add_argument("list", type=Path, metavar="LISTA.yaml", help="la lista en YAML")
    check.add_argument("--corpus", type=Path, required=True, help="carpeta con los faction_*.json del juego")
    check.add_argument("--json", action="store_true", help="resultado en JSON")
    check.set_defaults(handler=cmd_validate)
    odds = commands.add_parser("odds", help="probabilidad exacta de poder pagar un coste con repeticiones óptimas")
    odds.add_argument("cost", metavar="COSTE", help="coste en colores de dado, p. ej. GGB")
    odds.add_argument("--dice", type=int_range(1, MAX_DICE), default=BASE_POOL,
                      help=f"dados de la reserva, de 1 a {MAX_DICE} (por defecto {BASE_POOL})")
    odds.add_argument("--rerolls", type=int_range(0, MAX_REROLLS), default=1,
                      help=f"repeticiones permitidas, de 0 a {MAX_REROLLS} (por defecto 1)")
    odds.add_argument("--json", action="store_true", help="resultado en JSON")
    odds.set_defaults(handler=cmd_odds)


def cmd_validate(args: argparse.Namespace) -> int:
    path: Path = args.list
    text = read_text(path, fix="indica la lista en un archivo YAML en UTF-8")
    data, lines = load_yaml(text, str(path))
    report = validate_list(data, Catalog.from_corpus(read_corpus(args.corpus)))
    problems = [{"rule": p.rule, "where": f"{path}:{line_of(lines, p.where)}", "message": p.message}
                for p in report.problems]
    if args.json:
        print(json.dumps({"valid": report.valid, "faction": report.faction, "heroes": report.heroes,
                          "deck": report.deck, "problems": problems}, ensure_ascii=False, indent=2))
    elif report.valid:
        print(f"{path}: lista válida ({report.heroes} héroes, mazo de {report.deck} cartas)")
    else:
        print(f"{path}: lista NO válida ({len(problems)} problema{'s' if len(problems) != 1 else ''})")
        for problem in problems:
            print(f"  {problem['where']}: [{problem['rule']}] {problem['message']}")
    return 0 if report.valid else 1


def cmd_odds(args: argparse.Namespace) -> int:
    cost = colors(args.cost, "COSTE")
    if not cost:
        raise ReglasError("COSTE está vacío: no hay nada que pagar", fix="escribe el coste con R, G y B, p. ej. GGB")
    if len(cost) > MAX_DICE:
        raise ReglasError(f"COSTE tiene {len(cost)} dados y ninguna reserva pasa de {MAX_DICE}",
                          fix="escribe un coste de como mucho 12 dados")
    counts = (cost.count("R"), cost.count("G"), cost.count("B"))
    chance = p_pay(counts, args.dice, args.rerolls)
    if args.json:
        print(json.dumps({"cost": "".join(cost), "dice": args.dice, "rerolls": args.rerolls, "p": fraction(chance)}))
        return 0
    print(f"Coste {cost_text(cost) or '(sin coste)'} con {args.dice} dados y {args.rerolls} repetición(es) "
          "óptimas (espadas:7.2, espadas:7.4, espadas:7.5, espadas:10.4.1):")
    print(f"P(poder pagarlo) = {fraction(chance)} ≈ {float(chance):.2%}")
    return 0
