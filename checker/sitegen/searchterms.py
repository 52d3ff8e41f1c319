"""Words the search index should know for each page that its text may not say: aliases and rule IDs."""

from __future__ import annotations

from collections import defaultdict

from checker.vault.urls import page_url
from checker.vault.vault import Vault


def search_terms(vault: Vault) -> dict[str, list[str]]:
    """Map a search location (page, or page#anchor) to extra words."""
    terms: dict[str, list[str]] = defaultdict(list)
    for note in vault.notes.values():
        url = page_url(note.path)
        aliases = note.meta.get("aliases") or []
        terms[url].extend(str(a) for a in ([aliases] if isinstance(aliases, str) else aliases))
        if note.rule_id:
            terms[url].append(note.rule_id.number)
    for rule in vault.rules.values():
        anchor = vault.anchor(rule)
        if anchor:
            terms[f"{page_url(rule.path)}#{anchor}"].append(rule.id.number)
    return terms
