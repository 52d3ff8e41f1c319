"""Tokenisation exactly as Material's search worker does it (markup skipped, text split, lower-cased)."""

from __future__ import annotations

import re
from collections.abc import Iterator


def text_sections(html: str) -> Iterator[str]:
    """The text between tags, as Material's ``extract`` visits it."""
    start = 0
    end = 0
    stack = 0
    while end < len(html):
        char = html[end]
        if char == "<" and end > start:
            yield html[start:end]
            start = end
        elif char == ">":
            if html[start + 1:start + 2] == "/":
                stack -= 1
            elif html[end - 1] != "/":
                stack += 1
            start = end + 1
        end += 1
    if end > start:
        yield html[start:end]


def tokenize(value: str | list[str], separator: re.Pattern[str]) -> list[str]:
    """Tokens of a field value (a string of HTML, or a list of strings such as tags)."""
    tokens: list[str] = []
    for item in [value] if isinstance(value, str) else value:
        for section in text_sections(item):
            tokens.extend(part.lower() for part in separator.split(section) if part)
    return tokens
