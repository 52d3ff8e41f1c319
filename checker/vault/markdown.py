"""Line scanner for Obsidian Markdown: front matter, headings, wikilinks, block IDs.

Code (fenced blocks and inline spans) and ``%% comments %%`` are skipped, as Obsidian does.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_HEADING = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
_ATTR_LIST = re.compile(r"\s*\{[^{}]*\}\s*$")
_INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")
_WIKILINK = re.compile(r"(!?)\[\[([^\[\]\n]*?)\]\]")
_BLOCK_ID = re.compile(r"(?:^|\s)\^([A-Za-z0-9-]+)\s*$")
_COMMENT = "%%"


@dataclass(frozen=True)
class Heading:
    """An ATX heading; ``line`` is 1-based in the file."""

    level: int
    text: str
    line: int


@dataclass(frozen=True)
class Wikilink:
    """``[[target#heading|display]]`` or an embed ``![[...]]`` at a place in a file."""

    embed: bool
    target: str
    heading: str | None
    block: str | None
    display: str | None
    line: int
    column: int
    #: Offsets of the whole link in its line, for rewriting.
    start: int
    end: int

    @property
    def raw(self) -> str:
        inner = self.target
        if self.block is not None:
            inner += "#^" + self.block
        elif self.heading is not None:
            inner += "#" + self.heading
        if self.display is not None:
            inner += "|" + self.display
        return ("!" if self.embed else "") + "[[" + inner + "]]"


@dataclass(frozen=True)
class FrontMatter:
    """The YAML text between the ``---`` fences and where it sits."""

    text: str
    #: 1-based line of the first YAML line (the line after the opening fence).
    first_line: int
    #: 1-based line where the body starts (after the closing fence).
    body_line: int
    closed: bool


def split_front_matter(text: str) -> FrontMatter | None:
    """Find the front matter at the top of ``text`` (BOM already removed)."""
    if not (text.startswith("---\n") or text.startswith("---\r\n") or text.rstrip("\r\n") == "---"):
        return None
    lines = text.splitlines()
    for index in range(1, len(lines)):
        if lines[index].rstrip() in ("---", "..."):
            return FrontMatter("\n".join(lines[1:index]) + "\n", 2, index + 2, True)
    return FrontMatter("\n".join(lines[1:]), 2, len(lines) + 1, False)


def parse_wikilink(embed: bool, inner: str, line: int, column: int, start: int, end: int) -> Wikilink:
    """Split the inside of ``[[...]]`` into its parts."""
    display: str | None = None
    if "|" in inner:
        inner, display = inner.split("|", 1)
        inner = inner.removesuffix("\\")  # "[[a\|b]]" inside a table
    heading: str | None = None
    block: str | None = None
    if "#" in inner:
        inner, anchor = inner.split("#", 1)
        if anchor.startswith("^"):
            block = anchor[1:].strip()
        else:
            segments = [s.strip() for s in anchor.split("#") if s.strip()]
            heading = segments[-1] if segments else ""
    return Wikilink(embed, inner.strip(), heading, block, display, line, column, start, end)


def heading_text(raw: str) -> str:
    """Heading text without a trailing ``{#id .class}`` attribute list."""
    return _ATTR_LIST.sub("", raw).strip()


@dataclass(frozen=True)
class Line:
    """One body line; ``masked`` has code spans and comments blanked out (same length)."""

    number: int
    text: str
    masked: str
    in_code: bool


def iter_lines(body: str, first_line: int) -> Iterator[Line]:
    """Yield the body's lines, flagging fenced code and masking inline code and comments."""
    fence: str | None = None
    in_comment = False
    for offset, text in enumerate(body.splitlines()):
        number = first_line + offset
        opener = _FENCE.match(text)
        if fence is not None:
            if opener and opener.group(1)[0] == fence[0] and len(opener.group(1)) >= len(fence) \
                    and not text.strip().strip(fence[0]):
                fence = None
            yield Line(number, text, " " * len(text), True)
            continue
        if opener and not in_comment:
            fence = opener.group(1)
            yield Line(number, text, " " * len(text), True)
            continue
        masked, in_comment = _mask(text, in_comment)
        yield Line(number, text, masked, False)


def _mask(text: str, in_comment: bool) -> tuple[str, bool]:
    plain = _INLINE_CODE.sub(lambda m: " " * len(m.group(0)), text)
    out: list[str] = []
    position = 0
    while position < len(plain):
        found = plain.find(_COMMENT, position)
        if in_comment:
            end = len(plain) if found < 0 else found + len(_COMMENT)
            out.append(" " * (end - position))
            position, in_comment = end, found < 0
        elif found < 0:
            out.append(plain[position:])
            break
        else:
            out.append(plain[position:found] + " " * len(_COMMENT))
            position, in_comment = found + len(_COMMENT), True
    return "".join(out), in_comment


def find_heading(line: Line) -> Heading | None:
    """The heading on this line, if any."""
    if line.in_code:
        return None
    match = _HEADING.match(line.masked)
    if not match:
        return None
    raw = line.text[match.start(2):match.end(2)] if match.group(2) is not None else ""
    return Heading(len(match.group(1)), heading_text(raw), line.number)


def find_wikilinks(line: Line) -> Iterator[Wikilink]:
    """The wikilinks on this line, in order."""
    if line.in_code or "[[" not in line.masked:
        return
    for match in _WIKILINK.finditer(line.masked):
        yield parse_wikilink(match.group(1) == "!", line.text[match.start(2):match.end(2)], line.number,
                             match.start() + 1, match.start(), match.end())


def find_block_id(line: Line) -> str | None:
    """The ``^block-id`` that ends this line, if any."""
    if line.in_code or "^" not in line.masked:
        return None
    match = _BLOCK_ID.search(line.masked)
    return match.group(1) if match else None
