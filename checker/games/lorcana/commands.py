"""``reglas lorcana …``: the game's own commands (``cr``: the vault measured against the Comprehensive Rules)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from checker.games.lorcana.reference import DEFAULT_REFERENCE, Reference, read_reference
from checker.ids import RuleId
from checker.paths import DEFAULT_VAULT
from checker.vault.vault import Vault


def register(commands: Any) -> None:
    """Add the game's subcommands to ``reglas lorcana``."""
    cr = commands.add_parser("cr", help="compara el vault con las Reglas Integrales: reglas y términos que faltan")
    cr.add_argument("--reference", type=Path, default=DEFAULT_REFERENCE,
                    help="texto de las Reglas Integrales (por defecto ../shared/references/…)")
    cr.add_argument("--vault", type=Path, default=DEFAULT_VAULT, help="carpeta del vault (por defecto rules/)")
    cr.add_argument("--json", action="store_true", help="resultado en JSON")
    cr.set_defaults(handler=cmd_cr)


def coverage(reference: Reference, vault: Vault) -> dict[str, Any]:
    """Per section of the CR: how many numbered rules it has and how many the vault declares under that number."""
    sections: dict[str, dict[str, Any]] = {}
    for number in reference.numbers:
        entry = sections.setdefault(reference.section(number), {"cr": 0, "vault": 0, "missing": []})
        entry["cr"] += 1
        if RuleId.parse(f"lorcana:{number}") in vault.rules:
            entry["vault"] += 1
        else:
            entry["missing"].append(number)
    total = sum(s["cr"] for s in sections.values())
    found = sum(s["vault"] for s in sections.values())
    return {"version": reference.version, "rules": total, "in_vault": found, "sections": sections}


def cmd_cr(args: argparse.Namespace) -> int:
    report = coverage(read_reference(args.reference), Vault.load(args.vault))
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        print(f"Reglas Integrales {report['version']}: {report['in_vault']} de {report['rules']} reglas numeradas "
              "están en el vault con su número")
        print("sección  RI   vault  faltan")
        for section, entry in report["sections"].items():
            missing = entry["missing"]
            shown = ", ".join(missing[:6]) + (" …" if len(missing) > 6 else "")
            print(f"{section:>7}  {entry['cr']:>3}  {entry['vault']:>5}  {shown}")
    return 0 if report["in_vault"] == report["rules"] else 1
