"""Rule IDs cited by verdicts, with their titles and site URLs (from the vault)."""

from __future__ import annotations

from functools import cache
from typing import Any

from checker.explain import rule_url
from checker.ids import RuleId
from checker.paths import DEFAULT_VAULT
from checker.vault.vault import Vault


@cache
def _vault() -> Vault:
    return Vault.load(DEFAULT_VAULT)


def cite(rule_id: str) -> dict[str, Any]:
    """``{"id", "title", "url"}`` of a rule (title empty if the vault does not declare it)."""
    vault = _vault()
    rule = vault.rules.get(RuleId.parse(rule_id))
    if rule is None:
        return {"id": rule_id, "title": "", "url": ""}
    return {"id": rule_id, "title": rule.title, "url": rule_url(vault, rule)}


def undeclared(rule_ids: list[str]) -> list[str]:
    """The IDs among ``rule_ids`` that no rule document declares."""
    return [r for r in rule_ids if not cite(r)["title"]]
