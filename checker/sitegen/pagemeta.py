"""HTML added around a page's content: its rule ID, related notes and backlinks."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from checker.vault.notes import Note
from checker.vault.numbering import Edition
from checker.vault.urls import permalink
from checker.vault.vault import Vault

#: Maps a note path to its URL relative to the current page (``None`` if it has no page).
Href = Callable[[str], str | None]


def rule_badge(note: Note, to_root: str) -> str:
    """The note's rule ID, linking to its permalink."""
    rule = note.rule_id
    if rule is None:
        return ""
    return (f'<p class="reglas-id">ID de regla: <a class="reglas-id__link" href="{to_root}{permalink(rule)}" '
            f'title="Enlace permanente a {rule}"><code>{rule}</code></a></p>')


def names_badge(note: Note) -> str:
    """The other Spanish names the community gives the page's subject (front matter ``community``)."""
    names = note.meta.get("community")
    if not isinstance(names, list) or not names:
        return ""
    shown = ", ".join(f"<strong>{escape(str(name))}</strong>" for name in names)
    return f'<p class="reglas-names">También se dice: {shown}</p>'


def edition_badge(edition: Edition | None) -> str:
    """The edition of the rules the page follows («Reglas Integrales 2.1.0, en vigor desde …»)."""
    if edition is None:
        return ""
    return f'<p class="reglas-edition">Edición: {escape(str(edition))}</p>'


def link_lists(vault: Vault, note: Note, href: Href) -> str:
    """«Relacionadas» (front matter ``related``) and «Enlazado desde» (backlinks)."""
    related = []
    for link in note.links:
        if link.line and note.front and link.line < note.body_line:
            target = vault.resolve(link.target, note.path).path
            if target and target in vault.notes and target not in related:
                related.append(target)
    sections = [("Relacionadas", related), ("Enlazado desde", vault.backlinks.get(note.path, []))]
    parts = []
    for title, paths in sections:
        items = [f'<li><a href="{url}">{escape(vault.notes[p].title)}</a></li>'
                 for p in paths if (url := href(p)) is not None]
        if items:
            parts.append(f'<p class="reglas-links__title">{title}</p><ul>{"".join(items)}</ul>')
    if not parts:
        return ""
    return f'<nav class="reglas-links" aria-label="Notas relacionadas">{"".join(parts)}</nav>'


def insert_after_h1(html: str, fragment: str) -> str:
    """Place ``fragment`` right after the first ``</h1>`` (or at the top)."""
    if not fragment:
        return html
    end = html.find("</h1>")
    if end < 0:
        return fragment + html
    end += len("</h1>")
    return html[:end] + fragment + html[end:]
