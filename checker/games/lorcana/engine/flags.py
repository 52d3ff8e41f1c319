"""Unconditional static abilities of a card about itself that change legality, read once from its structures."""

from __future__ import annotations

from functools import cache
from typing import Any

from checker.games.lorcana.engine.cards import CardDef
from checker.grammar.walk import nodes


def _self_clauses(structure: dict[str, Any]) -> list[dict[str, Any]]:
    """Predicates of sentences about «this character» with no trigger, condition or timing before them."""
    found = []
    for kind, fields in nodes(structure):
        if kind != "statement" or fields.get("prefix"):
            continue
        for clause in fields.get("clause", []):
            declarative = clause.get("declarative")
            if not declarative:
                continue
            subject = declarative.get("subject", {})
            self_ref = subject.get("card_np", {}).get("self_ref", {})
            if "this_card" in self_ref:
                found.append(declarative.get("predicate", {}))
    return found


@cache
def static_flags(card: CardDef) -> frozenset[str]:
    """``cant_quest``, ``cant_challenge``, ``cant_be_challenged``, ``can_challenge_ready``, ``enters_exerted``,
    ``enters_damage:N``, ``sing_bonus:N``."""
    flags: set[str] = set()
    for structure in card.abilities:
        if "keywords" in structure.get("start", {}):
            continue
        for predicate in _self_clauses(structure):
            for kind, fields in predicate.items():
                actions = [a for a, _ in nodes(fields.get("action_list", {}))] if isinstance(fields, dict) else []
                if kind == "cant" and "duration" not in fields:
                    flags |= {f"cant_{a}" for a in actions if a in ("quest", "challenge", "be_challenged")}
                if kind in ("can", "challenge_ready") and ("challenge_ready" in actions or kind == "challenge_ready"):
                    flags.add("can_challenge_ready")
                if kind == "singer_bonus" and "duration" not in fields:      # «counts as having +N cost to sing»
                    flags.add(f"sing_bonus:{int(str(fields['signed']))}")
                if kind == "enters_play":
                    flags |= {"enters_exerted" for state, _ in nodes(fields) if state == "exerted"}
                    flags |= {f"enters_damage:{f['number']}" for state, f in nodes(fields) if state == "with_damage"}
    return frozenset(flags)
