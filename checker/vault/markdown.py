"""Line scanner for Obsidian Markdown: front matter, headings, wikilinks, block IDs.

Code (fenced blocks and inline spans) and ``%% comments %%`` are skipped, as Obsidian does.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_HEADING = re.compile(r"^( {0,3})(#{1,6})(?:[ \t](.*))?$")
_BACKTICKS = re.compile(r"`+")
_WIKILINK = re.compile(r"(!?)\[\[([^\[\]\n]*?)\]\]")
_BLOCK_NAME = re.compile(r"[A-Za-z0-9-]+")
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
    """Heading text without a trailing ``{#id .class}`` attribute list (no braces inside it)."""
    trimmed = raw.rstrip()
    if trimmed.endswith("}"):
        opening = trimmed.rfind("{", 0, len(trimmed) - 1)
        if opening >= 0 and "}" not in trimmed[opening + 1:-1]:
            return trimmed[:opening].strip()
    return raw.strip()


@dataclass(frozen=True)
class HeadingParts:
    """Where an ATX heading's parts sit in its line: indent, ``#`` marks and the text's span (closing ``#``s and
    surrounding blanks left out)."""

    indent: str
    level: int
    start: int
    end: int


def heading_parts(text: str) -> HeadingParts | None:
    """The parts of the ATX heading written on ``text``, if it is one (in time linear in the line's length)."""
    match = _HEADING.match(text)
    if match is None:
        return None
    rest = match.group(3) or ""
    content = rest.strip(" \t")
    unclosed = content.rstrip("#")
    if unclosed and unclosed[-1] in " \t":
        content = unclosed.rstrip(" \t")
    start = (match.start(3) if match.group(3) is not None else match.end(2)) + len(rest) - len(rest.lstrip(" \t"))
    return HeadingParts(match.group(1), len(match.group(2)), start, start + len(content))


def trailing_block_id(text: str) -> tuple[int, str] | None:
    """The offset of the ``^`` and the name of a block ID ending ``text`` (at the line's start or after a blank)."""
    trimmed = text.rstrip()
    caret = trimmed.rfind("^")
    if caret < 0 or not _BLOCK_NAME.fullmatch(trimmed, caret + 1):
        return None
    if caret > 0 and not trimmed[caret - 1].isspace():
        return None
    return caret, trimmed[caret + 1:]


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


def mask_code_spans(text: str) -> str:
    """``text`` with its inline code spans blanked out (same length).

    A run of N backticks opens a span that the next run of exactly N backticks closes; a run with no such partner
    is literal text. Each run's partner is found in one backward pass, so a line of thousands of backticks costs
    time linear in its length (a backreferencing regex took cubic time on it).
    """
    if "`" not in text:
        return text
    runs = [(m.start(), m.end()) for m in _BACKTICKS.finditer(text)]
    partner: list[int] = [-1] * len(runs)
    following: dict[int, int] = {}
    for index in range(len(runs) - 1, -1, -1):
        width = runs[index][1] - runs[index][0]
        partner[index] = following.get(width, -1)
        following[width] = index
    out: list[str] = []
    position = index = 0
    while index < len(runs):
        closing = partner[index]
        if closing < 0:
            index += 1
            continue
        start, end = runs[index][0], runs[closing][1]
        out.append(text[position:start] + " " * (end - start))
        position, index = end, closing + 1
    out.append(text[position:])
    return "".join(out)


def _mask(text: str, in_comment: bool) -> tuple[str, bool]:
    plain = mask_code_spans(text)
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
    parts = heading_parts(line.masked)
    if parts is None:
        return None
    return Heading(parts.level, heading_text(line.text[parts.start:parts.end]), line.number)


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
    found = trailing_block_id(line.masked)
    return found[1] if found else None
