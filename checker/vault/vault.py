"""The vault as a whole: its notes and files, the rule index and backlinks."""

from __future__ import annotations

import posixpath
from collections import defaultdict
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from checker.errors import ReglasError
from checker.ids import RuleId
from checker.vault.files import NameClash, Unreadable, check_root, scan
from checker.vault.notes import Note, read_note
from checker.vault.numbering import Edition, Numbering, OldNumber, read_edition, read_numbering
from checker.vault.resolver import NotePath, Resolution, Resolver
from checker.vault.suggest import NoteSuggester


@dataclass(frozen=True)
class Rule:
    """A rule declared in the vault: by a note's ``id`` or by a numbered heading."""

    id: RuleId
    title: str
    path: NotePath
    line: int
    #: Index of the declaring heading in the note; ``None`` for the note's own ID.
    heading: int | None


class Vault:
    """All notes of an Obsidian vault, read once."""

    def __init__(self, root: Path, notes: dict[NotePath, Note], files: list[NotePath],
                 unreadable: list[Unreadable], clashes: list[NameClash] | None = None,
                 on_disk: dict[NotePath, str] | None = None) -> None:
        self.root = root
        self.notes = notes
        self.files = files
        self.unreadable = unreadable
        self.clashes = clashes or []
        #: The path on disk of each file whose name is not NFC there (the vault's paths are NFC).
        self.on_disk = on_disk or {}
        self.resolver = Resolver(files)

    @classmethod
    def load(cls, root: Path | str) -> Vault:
        """Read every ``.md`` file below ``root`` (dot-folders such as ``.obsidian`` are skipped); files that cannot
        be read are kept in ``unreadable`` and names that clash once normalised to NFC in ``clashes``."""
        base = Path(root)
        check_root(base)
        found = scan(base)
        notes = {path: read_note(path, text) for path, text in found.texts.items()}
        return cls(base, notes, found.files, found.unreadable, found.clashes, found.on_disk)

    def require_notes(self) -> None:
        """A ReglasError if the vault has no note at all (an empty folder, or one without ``.md`` files)."""
        if self.notes or self.unreadable or self.clashes:
            return
        if not self.files:
            raise ReglasError(f"la carpeta del vault «{self.root}» está vacía: no tiene ninguna nota",
                              fix="indica la carpeta de un vault de Obsidian (con notas .md), p. ej. «rules»")
        raise ReglasError(f"el vault «{self.root}» no tiene notas: ninguno de sus {len(self.files)} archivos "
                          "termina en .md", fix="indica la carpeta que contiene las notas .md, p. ej. «rules»")

    def resolve(self, target: str, source: NotePath) -> Resolution:
        return self.resolver.resolve(target, source)

    @cached_property
    def suggester(self) -> NoteSuggester:
        """The «did you mean» index of the vault's names and aliases, built on first use."""
        return NoteSuggester(list(self.notes.values()), self.files)

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

    @cached_property
    def numberings(self) -> dict[str, Numbering]:
        """Earlier editions' numbers by namespace (``lorcana-1x``), from the correspondence notes."""
        found: dict[str, Numbering] = {}
        for note in self.notes.values():
            numbering = read_numbering(note)
            if numbering is not None:
                found.setdefault(numbering.namespace, numbering)
        return found

    def edition(self, path: NotePath) -> Edition | None:
        """The edition of the rules a note follows: declared by ``edition`` in the front matter of the nearest
        ``index.md`` above it (the game's index)."""
        folder = posixpath.dirname(path)
        while True:
            index = self.notes.get(posixpath.join(folder, "index.md") if folder else "index.md")
            found = read_edition(index.meta) if index is not None else None
            if found is not None or not folder:
                return found
            folder = posixpath.dirname(folder)

    def old_number(self, rule: RuleId) -> OldNumber | None:
        """An old edition's number (``lorcana-1x:10.6``), if a correspondence note lists it."""
        numbering = self.numberings.get(rule.game)
        return numbering.numbers.get(rule) if numbering else None

    def old_meanings(self, rule: RuleId) -> list[OldNumber]:
        """Old numbers written the same as ``rule`` that now lead to another rule (in Lorcana, 4.3.6 was Challenge
        in 1.x, which is 4.6 in 2.1.0)."""
        found = []
        for numbering in self.numberings.values():
            if numbering.game == rule.game:
                old = numbering.numbers.get(RuleId(numbering.namespace, rule.parts))
                if old is not None and old.current != rule:
                    found.append(old)
        return found

    def anchor(self, rule: Rule) -> str | None:
        """The HTML id of a rule's heading (``None``: the top of its page)."""
        if rule.heading is None:
            return None
        return self.notes[rule.path].anchors[rule.heading]
