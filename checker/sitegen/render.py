"""Vault Markdown → MkDocs Markdown: wikilinks, heading anchors, block IDs and symbols."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import quote

from checker.ids import RuleId
from checker.symbols import BY_TEXT, PATTERN
from checker.vault.lint import check_link
from checker.vault.markdown import (
    Wikilink,
    find_heading,
    find_wikilinks,
    heading_parts,
    heading_text,
    iter_lines,
    trailing_block_id,
)
from checker.vault.notes import Note
from checker.vault.plaintext import link_text
from checker.vault.resolver import is_note
from checker.vault.urls import page_url, permalink
from checker.vault.vault import Vault

_IMAGE = (".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp", ".avif", ".bmp")
_SIZE = re.compile(r"^(\d+)(?:x(\d+))?$")
#: A rule ID mentioned in running text: «juego:4.6», «juego-1x:10.6».
RULE_MENTION = re.compile(r"(?<![\w:/.-])[a-z][a-z0-9_-]*:\d+(?:\.\d+)*(?![\w.]*\w)")

Warn = Callable[[str], None]


@dataclass
class Span:
    start: int
    end: int
    text: str


@dataclass
class PageRenderer:
    """Renders one note's body for MkDocs; problems go to ``warn`` as «file:line:col: …»."""

    vault: Vault
    note: Note
    warn: Warn
    shown_path: str
    _heading: int = field(default=0, init=False)

    def render(self, markdown: str) -> str:
        first = self.note.text.count("\n") - markdown.count("\n") + 1
        out = []
        for line in iter_lines(markdown, first):
            if line.in_code:
                out.append(line.text)
                continue
            spans = [Span(k.start, k.end, self.link(k)) for k in find_wikilinks(line)]
            spans += [Span(m.start(), m.end(), symbol_html(m.group(0))) for m in PATTERN.finditer(line.masked)
                      if not any(s.start <= m.start() < s.end for s in spans)]
            spans += [Span(m.start(), m.end(), linked) for m in RULE_MENTION.finditer(line.masked)
                      if (linked := self.mention(m.group(0))) and not any(s.start <= m.start() < s.end for s in spans)]
            text = line.text
            for span in sorted(spans, key=lambda s: s.start, reverse=True):
                text = text[:span.start] + span.text + text[span.end:]
            out.append(self.heading(text) if find_heading(line) else self.block(text))
        return "\n".join(out)

    def mention(self, text: str) -> str:
        """A rule ID written in the text («ver juego:4.6»), linked to its permalink if the vault knows it."""
        rule = RuleId.parse(text)
        if rule not in self.vault.rules and self.vault.old_number(rule) is None:
            return ""
        to_root = "../" * page_url(self.note.path).count("/")
        return f'<a class="reglas-ref" href="{to_root}{permalink(rule)}">{text}</a>'

    def heading(self, text: str) -> str:
        parts = heading_parts(text)
        if parts is None or self._heading >= len(self.note.anchors):
            return text
        anchor = self.note.anchors[self._heading]
        self._heading += 1
        return f"{parts.indent}{'#' * parts.level} {heading_text(text[parts.start:parts.end])} {{#{anchor}}}"

    def block(self, text: str) -> str:
        found = trailing_block_id(text)
        if found is None or found[0] == 0:
            return text
        return f"{text[:found[0] - 1]}\n{{: #{block_anchor(found[1])} }}"

    def link(self, link: Wikilink) -> str:
        problems = list(check_link(self.vault, self.note, link))
        for problem in problems:
            self.warn(f"{self.shown_path}:{problem.line}:{problem.column}: {problem.message} "
                      f"— cómo arreglarlo: {problem.fix}")
        shown = escape(link_text(link.raw.lstrip("!")[2:-2]))
        resolution = self.vault.resolve(link.target, self.note.path)
        if resolution.path is None:
            return f'<span class="reglas-broken" title="Enlace roto">{shown}</span>'
        href = self.href(resolution.path, link)
        if link.embed and resolution.path.lower().endswith(_IMAGE):
            return image(href, link)
        css = "{ .reglas-embed }" if link.embed else ""
        return f"[{shown}]({href}){css}"

    def href(self, path: str, link: Wikilink) -> str:
        anchor = ""
        target = self.vault.notes.get(path) if is_note(path) else None
        if target is not None and link.heading is not None:
            index = target.find_heading(link.heading)
            if index is not None:
                anchor = "#" + target.anchors[index]
        elif target is not None and link.block is not None:
            anchor = "#" + block_anchor(link.block)
        if path == self.note.path and anchor:
            return anchor
        relative = posixpath.relpath(path, posixpath.dirname(self.note.path) or ".")
        return quote(relative) + anchor


def image(href: str, link: Wikilink) -> str:
    size = _SIZE.match(link.display or "")
    alt = escape(posixpath.basename(link.target)) if size or not link.display else escape(link.display)
    attrs = ""
    if size:
        attrs = f'{{ width="{size.group(1)}"' + (f' height="{size.group(2)}"' if size.group(2) else "") + " }"
    return f"![{alt}]({href}){attrs}"


def block_anchor(block: str) -> str:
    return f"bloque-{block}"


def symbol_html(text: str) -> str:
    """An icon with its text alternative for a card symbol, and its name in braces as hidden text: the search
    indexes the name («fuerza») and its worker turns «{Fuerza}» back into the icon in the snippets."""
    symbol = BY_TEXT[text]
    return (f'<span class="reglas-sym reglas-sym--{symbol.css}" role="img" aria-label="{symbol.name}" '
            f'title="{symbol.name}"><span class="reglas-sym__name">{{{symbol.name}}}</span></span>')


def escape(text: str) -> str:
    return text.replace("[", "\\[").replace("]", "\\]")
