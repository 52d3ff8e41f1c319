"""The site's navigation, built from the vault's folders and ordered by rule ID."""

from __future__ import annotations

import posixpath
from typing import Any

from checker.game import games
from checker.vault.resolver import NotePath
from checker.vault.vault import Vault

NavItem = dict[str, Any] | str


def build_nav(vault: Vault) -> list[NavItem]:
    """Folders become sections (game folders in game order); notes sort by rule ID, then title."""
    positions = {g.id: g.position for g in games().values()}

    def note_key(path: NotePath) -> tuple[int, tuple[int, ...], str]:
        note = vault.notes[path]
        rule = note.rule_id
        if posixpath.basename(path).lower() == "index.md":
            return (0, (), "")
        if rule is None:
            return (2, (), note.title.casefold())
        return (1, rule.parts, note.title.casefold())

    def folder(prefix: str) -> list[NavItem]:
        pages = sorted((p for p in vault.notes if posixpath.dirname(p) == prefix), key=note_key)
        subfolders = sorted({p[len(prefix) + 1 if prefix else 0:].split("/", 1)[0]
                             for p in vault.notes if p.startswith(prefix + "/" if prefix else "")
                             and "/" in p[len(prefix) + 1 if prefix else 0:]},
                            key=lambda name: folder_key(posixpath.join(prefix, name) if prefix else name))
        items: list[NavItem] = [{vault.notes[p].title: p} for p in pages]
        items += [{name: folder(posixpath.join(prefix, name) if prefix else name)} for name in subfolders]
        return items

    def folder_key(prefix: str) -> tuple[int, tuple[int, ...], str]:
        rules = [n.rule_id for p, n in vault.notes.items() if p.startswith(prefix + "/") and n.rule_id]
        if not rules:
            return (1000, (), prefix.casefold())
        first = min(rules)
        return (positions.get(first.game, 500), first.parts, prefix.casefold())

    return folder("")
