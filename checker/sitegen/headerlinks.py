"""The ¶ link of a rule's heading is the rule's permalink (``id/<game>/<number>/``), which a click copies."""

from __future__ import annotations

import re
from collections.abc import Mapping

from checker.ids import RuleId
from checker.sitegen.permalinks import landing_anchor
from checker.vault.notes import Note
from checker.vault.urls import permalink
from checker.vault.vault import Vault

_HEADERLINK = re.compile(r'<a class="headerlink" href="#([^"]+)" title="[^"]*">¶</a>')


def rule_anchors(vault: Vault, note: Note) -> dict[str, RuleId]:
    """The heading anchors of a note that declare a rule (its title, for the note's own rule)."""
    found: dict[str, RuleId] = {}
    for rule in vault.rules.values():
        if rule.path == note.path and (anchor := landing_anchor(vault, rule)) is not None:
            found[anchor] = rule.id
    return found


def permalink_headerlinks(html: str, anchors: Mapping[str, RuleId], to_root: str) -> str:
    """Every ¶ link of a rule heading pointing at the rule's permalink, with its anchor for the page's script."""

    def replace(match: re.Match[str]) -> str:
        rule = anchors.get(match.group(1))
        if rule is None:
            return match.group(0)
        return (f'<a class="headerlink" href="{to_root}{permalink(rule)}" '
                f'data-anchor="{match.group(1)}" title="Enlace permanente a {rule}: clic para copiarlo">¶</a>')

    return _HEADERLINK.sub(replace, html)
