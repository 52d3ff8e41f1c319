"""The vault as a whole: its notes and files, the rule index and backlinks."""

from __future__ import annotations

import os
from collections import defaultdict
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from checker.errors import ReglasError
from checker.ids import RuleId
from checker.text import nfc
from checker.vault.notes import Note, read_note
from checker.vault.resolver import NotePath, Resolution, Resolver, is_note


@dataclass(frozen=True)
class Rule:
    """A rule declared in the vault: by a note's ``id`` or by a numbered heading."""

    id: RuleId
    title: str
    path: NotePath
    line: int
    #: Index of the declaring heading in the note; ``None`` for the note's own ID.
    heading: int | None


@dataclass(frozen=True)
class Unreadable:
    """A Markdown file that could not be decoded."""

    path: NotePath
    reason: str


class Vault:
    """All notes of an Obsidian vault, read once."""

    def __init__(self, root: Path, notes: dict[NotePath, Note], files: list[NotePath],
                 unreadable: list[Unreadable]) -> None:
        self.root = root
        self.notes = notes
        self.files = files
        self.unreadable = unreadable
        self.resolver = Resolver(files)

    @classmethod
    def load(cls, root: Path | str) -> Vault:
        """Read every ``.md`` file below ``root`` (dot-folders such as ``.obsidian`` are skipped)."""
        base = Path(root)
        if not base.is_dir():
            raise ReglasError(f"no existe la carpeta del vault «{root}»",
                              fix="indica la carpeta de un vault de Obsidian, p. ej. «rules»")
        files: list[NotePath] = []
        notes: dict[NotePath, Note] = {}
        unreadable: list[Unreadable] = []
        for folder, dirs, names in os.walk(base):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            relative = Path(folder).relative_to(base).as_posix()
            for name in sorted(names):
                if name.startswith("."):
                    continue
                path = nfc(name if relative == "." else f"{relative}/{name}")
                files.append(path)
                if is_note(path):
                    raw = (Path(folder) / name).read_bytes()
                    try:
                        text = raw.decode("utf-8-sig")
                    except UnicodeDecodeError as error:
                        unreadable.append(Unreadable(path, f"no está en UTF-8 (byte {error.start})"))
                        continue
                    notes[path] = read_note(path, text.replace("\r\n", "\n"))
        return cls(base, notes, files, unreadable)

    def resolve(self, target: str, source: NotePath) -> Resolution:
        return self.resolver.resolve(target, source)

    @cached_property
    def rule_list(self) -> list[Rule]:
        """Every declared rule, duplicates included, in vault order."""
        rules = []
        for note in self.notes.values():
            own = note.rule_id
            if own is not None:
                line = note.front.first_line if note.front else 1
                rules.append(Rule(own, note.title, note.path, line, None))
            for index, heading in enumerate(note.headings):
                declared = note.heading_rule(heading)
                if declared:
                    rules.append(Rule(declared[0], declared[1], note.path, heading.line, index))
        return rules

    @cached_property
    def rules(self) -> dict[RuleId, Rule]:
        """The rule index (the first declaration wins; lint reports the others)."""
        index: dict[RuleId, Rule] = {}
        for rule in self.rule_list:
            index.setdefault(rule.id, rule)
        return dict(sorted(index.items()))

    @cached_property
    def backlinks(self) -> dict[NotePath, list[NotePath]]:
        """For each note, the other notes that link to it."""
        found: dict[NotePath, set[NotePath]] = defaultdict(set)
        for note in self.notes.values():
            for link in note.links:
                target = self.resolve(link.target, note.path).path
                if target and target != note.path:
                    found[target].add(note.path)
        return {path: sorted(sources) for path, sources in found.items()}

    def anchor(self, rule: Rule) -> str | None:
        """The HTML id of a rule's heading (``None``: the top of its page)."""
        if rule.heading is None:
            return None
        return self.notes[rule.path].anchors[rule.heading]
