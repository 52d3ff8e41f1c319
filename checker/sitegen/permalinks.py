"""Static permalink pages: ``id/<game>/<number>/`` → the page and heading of the rule, and
``id/<old namespace>/<number>/`` → the current rule an old edition's number corresponds to.

A current number that an old edition used for another rule never redirects silently: its page names both rules
and lets the reader choose (the current one first)."""

from __future__ import annotations

import posixpath
from html import escape
from pathlib import Path

from checker.vault.numbering import OldNumber
from checker.vault.urls import page_url, permalink
from checker.vault.vault import Rule, Vault

_REDIRECT = """<!doctype html>
<html lang="es"><head><meta charset="utf-8">
<title>{id} — {title}</title>
<link rel="canonical" href="{target}">
<meta http-equiv="refresh" content="0; url={target}">
<meta name="robots" content="noindex">
</head><body><p>{said} <a href="{target}">{title}</a></p></body></html>
"""

_CHOICE = """<!doctype html>
<html lang="es"><head><meta charset="utf-8">
<title>{id} — {title}</title>
<link rel="canonical" href="{target}">
<meta name="robots" content="noindex">
<style>body{{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5}}</style>
</head><body>
<h1>Regla <code>{id}</code></h1>
<p><strong>Hoy</strong> ({edition}): <a href="{target}">{id} — {title}</a></p>
<p>Este número tenía otro significado en una edición anterior:</p>
<ul>{old}</ul>
</body></html>
"""


def landing_anchor(vault: Vault, rule: Rule) -> str | None:
    """Where a rule's permalink lands: its heading, or the page's title for a note's own rule (so that the page
    highlights it)."""
    anchor = vault.anchor(rule)
    if anchor is None:
        note = vault.notes[rule.path]
        if note.headings and note.headings[0].level == 1:
            return note.anchors[0]
    return anchor


def _target(vault: Vault, rule: Rule, link: str) -> str:
    anchor = landing_anchor(vault, rule)
    return posixpath.relpath(page_url(rule.path) or ".", link) + "/" + (f"#{anchor}" if anchor else "")


def _write(site_dir: Path, link: str, html: str) -> None:
    out = site_dir / link / "index.html"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(html, encoding="utf-8")


def _old_item(vault: Vault, old: OldNumber, link: str) -> str:
    current = vault.rules.get(old.current) if old.current is not None else None
    edition = vault.numberings[old.id.game].edition
    if current is None:
        return f"<li>edición {escape(edition)}: «{escape(old.title)}», que ya no existe</li>"
    href = escape(_target(vault, current, link))
    return (f'<li>edición {escape(edition)}: «{escape(old.title)}», hoy <a href="{href}">'
            f"{current.id} — {escape(current.title)}</a></li>")


def write_permalinks(vault: Vault, site_dir: Path) -> int:
    """Write one page per rule ID and per old edition's number; returns how many."""
    written = 0
    for rule in vault.rules.values():
        link = permalink(rule.id)
        target = escape(_target(vault, rule, link))
        others = vault.old_meanings(rule.id)
        if others:
            edition = vault.edition(rule.path)
            html = _CHOICE.format(id=rule.id, title=escape(rule.title), target=target,
                                  edition=escape(str(edition) if edition else "edición actual"),
                                  old="".join(_old_item(vault, o, link) for o in others))
        else:
            html = _REDIRECT.format(id=rule.id, title=escape(rule.title), target=target,
                                    said=f"Regla <code>{rule.id}</code>:")
        _write(site_dir, link, html)
        written += 1
    for numbering in vault.numberings.values():
        for old in numbering.numbers.values():
            link = permalink(old.id)
            current = vault.rules.get(old.current) if old.current is not None else None
            if current is None:
                note = vault.notes[numbering.path]
                target = escape(posixpath.relpath(page_url(note.path) or ".", link) + "/")
                html = _REDIRECT.format(id=old.id, title=escape(note.title), target=target,
                                        said=f"<code>{old.id}</code> («{escape(old.title)}») ya no existe; ver")
            else:
                html = _REDIRECT.format(id=old.id, title=escape(current.title),
                                        target=escape(_target(vault, current, link)),
                                        said=f"<code>{old.id}</code> (edición {escape(numbering.edition)}) es hoy "
                                             f"<code>{current.id}</code>:")
            _write(site_dir, link, html)
            written += 1
    return written


