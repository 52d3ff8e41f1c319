"""Where a note is published on the site: slugged, accent-free URLs and rule permalinks."""

from __future__ import annotations

import posixpath

from checker.ids import RuleId
from checker.text import slugify
from checker.vault.resolver import NotePath


def dest_uri(path: NotePath) -> str:
    """Output file of a note: «Lorcana/Palabras clave/Evasivo.md» → «lorcana/palabras-clave/evasivo/index.html»."""
    folder, name = posixpath.split(path[:-3])
    parts = [slugify(p) or "_" for p in folder.split("/") if p]
    if name.lower() not in ("index", "readme"):
        parts.append(slugify(name) or "_")
    return "/".join([*parts, "index.html"])


def page_url(path: NotePath) -> str:
    """Site-relative URL of a note's page («» for the home page)."""
    return dest_uri(path).removesuffix("index.html")


def permalink(rule: RuleId) -> str:
    """Site-relative permalink of a rule, stable whichever page holds it: «id/lorcana/10.6/»."""
    return f"id/{rule.game}/{rule.number}/"
