"""A note of the vault, read once: front matter, headings, anchors, links and block IDs."""

from __future__ import annotations

import posixpath
from dataclasses import dataclass, field
from typing import Any

from checker.ids import NUMBERED_HEADING_RE, RuleId
from checker.text import fold, key, slugify, squash
from checker.vault import frontmatter
from checker.vault.markdown import (
    FrontMatter,
    Heading,
    Wikilink,
    find_block_id,
    find_heading,
    find_wikilinks,
    iter_lines,
    parse_wikilink,
    split_front_matter,
)
from checker.vault.resolver import NotePath

_HEADING_LINK_CHARS = str.maketrans({c: " " for c in "#|^:%[]\\"})


def heading_key(text: str) -> str:
    """How a ``#Heading`` in a link is compared with a heading (as Obsidian does)."""
    return squash(key(text).translate(_HEADING_LINK_CHARS))


@dataclass
class Note:
    """One Markdown file of the vault."""

    path: NotePath
    text: str
    front: FrontMatter | None
    meta: dict[str, Any]
    meta_problems: list[frontmatter.MetaProblem]
    headings: list[Heading] = field(default_factory=list)
    anchors: list[str] = field(default_factory=list)
    links: list[Wikilink] = field(default_factory=list)
    blocks: set[str] = field(default_factory=set)

    @property
    def name(self) -> str:
        return posixpath.basename(self.path)[:-3]

    @property
    def body_line(self) -> int:
        return self.front.body_line if self.front else 1

    @property
    def title(self) -> str:
        title = self.meta.get("title")
        if isinstance(title, str) and title.strip():
            return title.strip()
        for heading in self.headings:
            if heading.level == 1 and heading.text:
                return heading.text
        return self.name

    @property
    def rule_id(self) -> RuleId | None:
        value = self.meta.get("id")
        if isinstance(value, str):
            try:
                return RuleId.parse(value)
            except ValueError:
                return None
        return None

    def heading_rule(self, heading: Heading) -> tuple[RuleId, str] | None:
        """The rule a numbered heading declares (ID and title), in a note that has an ID."""
        own = self.rule_id
        match = NUMBERED_HEADING_RE.match(heading.text)
        if own is None or match is None:
            return None
        parts = tuple(int(p) for p in match["number"].split("."))
        return RuleId(own.game, parts), match["title"].strip()

    def find_heading(self, wanted: str) -> int | None:
        """Index of the heading a link's ``#Heading`` names (exact, else accent-insensitive if unique)."""
        target = heading_key(wanted)
        for index, heading in enumerate(self.headings):
            if heading_key(heading.text) == target:
                return index
        folded = fold(target)
        loose = [i for i, h in enumerate(self.headings) if fold(heading_key(h.text)) == folded]
        return loose[0] if len(loose) == 1 else None

    def section_text(self, index: int | None) -> str:
        """Raw Markdown under a heading (``None``: the note's lead) up to the next heading."""
        lines = self.text.splitlines()
        if index is None:
            first = next((h for h in self.headings if h.level == 1), None)
            start = first.line if first else self.body_line - 1
        else:
            start = self.headings[index].line
        following = [h.line for h in self.headings if h.line > start]
        stop = following[0] - 1 if following else len(lines)
        return "\n".join(lines[start:stop]).strip()


def read_note(path: NotePath, text: str) -> Note:
    """Parse a note's text (BOM already removed)."""
    front = split_front_matter(text)
    meta: dict[str, Any] = {}
    problems: list[frontmatter.MetaProblem] = []
    if front is not None:
        meta, problems = frontmatter.parse(front)
    note = Note(path, text, front, meta, problems)
    body = "\n".join(text.splitlines()[note.body_line - 1:])
    for line in iter_lines(body, note.body_line):
        heading = find_heading(line)
        if heading is not None:
            note.headings.append(heading)
        note.links.extend(find_wikilinks(line))
        block = find_block_id(line)
        if block:
            note.blocks.add(block)
    note.links.extend(_related_links(note))
    note.anchors = _anchors(note)
    return note


def _related_links(note: Note) -> list[Wikilink]:
    related = note.meta.get("related")
    if not isinstance(related, list) or note.front is None:
        return []
    line = frontmatter.key_lines(note.front).get("related", note.front.first_line)
    links = []
    for item in related:
        if isinstance(item, str) and item.startswith("[[") and item.endswith("]]"):
            links.append(parse_wikilink(False, item[2:-2], line, 1, 0, 0))
    return links


def _anchors(note: Note) -> list[str]:
    seen: dict[str, int] = {}
    anchors = []
    for heading in note.headings:
        rule = note.heading_rule(heading)
        base = rule[0].anchor if rule else (slugify(heading.text) or "seccion")
        count = seen.get(base, 0)
        seen[base] = count + 1
        anchors.append(base if count == 0 else f"{base}_{count}")
    return anchors
