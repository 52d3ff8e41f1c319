"""Static redirect pages: ``id/<game>/<number>/`` → the page and heading of the rule."""

from __future__ import annotations

import posixpath
from html import escape
from pathlib import Path

from checker.vault.urls import page_url, permalink
from checker.vault.vault import Vault

_PAGE = """<!doctype html>
<html lang="es"><head><meta charset="utf-8">
<title>{id} — {title}</title>
<link rel="canonical" href="{target}">
<meta http-equiv="refresh" content="0; url={target}">
<meta name="robots" content="noindex">
</head><body><p>Regla <code>{id}</code>: <a href="{target}">{title}</a></p></body></html>
"""


def write_permalinks(vault: Vault, site_dir: Path) -> int:
    """Write one redirect page per rule ID; returns how many."""
    for rule in vault.rules.values():
        link = permalink(rule.id)
        anchor = vault.anchor(rule)
        target = posixpath.relpath(page_url(rule.path) or ".", link) + "/" + (f"#{anchor}" if anchor else "")
        out = site_dir / link / "index.html"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(_PAGE.format(id=rule.id, title=escape(rule.title), target=escape(target)), encoding="utf-8")
    return len(vault.rules)
