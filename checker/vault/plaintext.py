"""Rule text for the terminal: Markdown reduced to readable plain text."""

from __future__ import annotations

import re

from checker.symbols import BY_TEXT, PATTERN
from checker.vault.markdown import parse_wikilink

_WIKILINK = re.compile(r"!?\[\[([^\[\]\n]*?)\]\]")
# Emphasis and link text never span another marker or bracket, so each match attempt stops at the next one and
# a line of thousands of «*» or «[» is scanned in linear time.
_EMPHASIS = re.compile(r"(\*\*|__|\*|_)(?=\S)([^*_]+?)(?<=\S)\1")
_MD_LINK = re.compile(r"\[([^\[\]]*)\]\([^()\s]*(?:\([^()\s]*\)[^()\s]*)*\)")
_ADMONITION = re.compile(r"^(!!!|\?\?\?\+?)\s+\w+(?:\s+\"([^\"]*)\")?\s*$")


def link_text(inner: str) -> str:
    """What a reader sees for ``[[inner]]``."""
    link = parse_wikilink(False, inner, 0, 0, 0, 0)
    if link.display:
        return link.display
    if link.heading:
        return f"{link.target} › {link.heading}" if link.target else link.heading
    return link.target


def to_plain(markdown: str) -> str:
    """Strip wikilinks, emphasis, links and admonition markers; write symbols as {S} {W} {L} {I} {E}."""
    lines = []
    for line in markdown.splitlines():
        admonition = _ADMONITION.match(line.strip())
        if admonition:
            line = admonition.group(2) or ""
        line = line[4:] if line.startswith("    ") else line
        line = _WIKILINK.sub(lambda m: link_text(m.group(1)), line)
        line = _MD_LINK.sub(r"\1", line)
        line = _EMPHASIS.sub(r"\2", line)
        line = PATTERN.sub(lambda m: BY_TEXT[m.group(0)].code, line)
        lines.append(line.rstrip())
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()
