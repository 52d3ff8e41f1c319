"""Wikilink resolution as Obsidian does it.

Order: exact vault path, then a path relative to the linking note, then a unique path suffix
(for targets with folders), then a unique file name; all case-insensitive, ``.md`` optional.
When several files share the name, one in the linking note's folder wins; otherwise the link
is ambiguous.
"""

from __future__ import annotations

import posixpath
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from checker.text import key

NotePath = str  # vault-relative, '/'-separated, with extension


@dataclass(frozen=True)
class Resolution:
    """The outcome of resolving one link target."""

    path: NotePath | None
    candidates: tuple[NotePath, ...] = ()

    @property
    def ambiguous(self) -> bool:
        return self.path is None and len(self.candidates) > 1


def is_note(path: NotePath) -> bool:
    return path.lower().endswith(".md")


def stem_path(path: NotePath) -> NotePath:
    """The path without ``.md`` (attachments keep their extension)."""
    return path[:-3] if is_note(path) else path


def link_name(path: NotePath) -> str:
    """What a bare wikilink calls a file: the note name, or the attachment's file name."""
    return posixpath.basename(stem_path(path))


class Resolver:
    """Resolves link targets against the files of a vault."""

    def __init__(self, paths: Iterable[NotePath]) -> None:
        self._paths = sorted(paths)
        self._by_key: dict[str, NotePath] = {}
        self._by_name: dict[str, list[NotePath]] = defaultdict(list)
        #: Paths by every ending that starts at a «/» (of the path and of the path without «.md»).
        self._by_suffix: dict[str, list[NotePath]] = defaultdict(list)
        for path in self._paths:
            self._by_key.setdefault(key(path), path)
            self._by_key.setdefault(key(stem_path(path)), path)
            self._by_name[key(link_name(path))].append(path)
            endings = {form[cut:] for form in (key(path), key(stem_path(path)))
                       for cut in range(len(form)) if form[cut] == "/"}
            for ending in endings:
                self._by_suffix[ending].append(path)

    @property
    def paths(self) -> list[NotePath]:
        return self._paths

    def resolve(self, target: str, source: NotePath) -> Resolution:
        """Resolve ``target`` as written in a link of the note at ``source``."""
        wanted = _clean(target)
        if not wanted:
            return Resolution(source)
        found = self._by_key.get(key(wanted))
        if found:
            return Resolution(found)
        relative = posixpath.normpath(posixpath.join(posixpath.dirname(source), wanted))
        found = self._by_key.get(key(relative))
        if found:
            return Resolution(found)
        if "/" in wanted:
            matches = list(self._by_suffix.get("/" + key(wanted.lstrip("./")), ()))
        else:
            matches = list(self._by_name.get(key(wanted), ()))
        return _choose(matches, source)

    def names(self) -> list[str]:
        """Every name a bare link can use (for suggestions)."""
        return sorted({link_name(p) for p in self._paths})


def _clean(target: str) -> str:
    wanted = target.strip().replace("\\", "/")
    while wanted.startswith("./"):
        wanted = wanted[2:]
    wanted = wanted.lstrip("/")
    if wanted.lower().endswith(".md") and not wanted.lower().endswith("/.md"):
        wanted = wanted[:-3]
    return wanted


def _choose(matches: list[NotePath], source: NotePath) -> Resolution:
    if len(matches) == 1:
        return Resolution(matches[0])
    if not matches:
        return Resolution(None)
    folder = posixpath.dirname(source)
    near = [p for p in matches if posixpath.dirname(p) == folder]
    if len(near) == 1:
        return Resolution(near[0], tuple(matches))
    return Resolution(None, tuple(matches))
