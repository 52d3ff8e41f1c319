"""Words the search index should know for each page that its text may not say: aliases and rule IDs."""

from __future__ import annotations

from collections import defaultdict

from checker.game import Game, games
from checker.search.enrich import Vocabulary
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


def game_pages(vault: Vault) -> dict[str, Game]:
    """Each game of this vault, by the URL prefix of its pages (the folder that holds its ``index.md``)."""
    found: dict[str, Game] = {}
    for game in games().values():
        index = f"{game.folder}/index.md"
        if index in vault.notes:
            found[page_url(index)] = game
    return found


def unnumbered_pages(vault: Vault) -> set[str]:
    """The pages that state no rule of their own (indexes, glossaries, tables of old numbers, news)."""
    return {page_url(note.path) for note in vault.notes.values() if note.rule_id is None}


def community_names(vault: Vault) -> dict[str, list[str]]:
    """Map a page to the other Spanish names the community gives its subject (front matter ``community``)."""
    return {page_url(note.path): [str(name) for name in names] for note in vault.notes.values()
            if isinstance(names := note.meta.get("community"), list) and names}


def vocabulary(vault: Vault) -> Vocabulary:
    """Everything the vault tells the search index beyond its pages' text."""
    return Vocabulary(search_terms(vault), game_pages(vault), unnumbered_pages(vault), community_names(vault))
