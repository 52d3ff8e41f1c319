"""``reglas lint``: every problem of a vault, with file and line."""

from __future__ import annotations

import difflib
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from typing import Any

from checker.ids import RuleId
from checker.text import key
from checker.vault.markdown import Wikilink
from checker.vault.notes import Note
from checker.vault.resolver import is_note, link_name
from checker.vault.vault import Vault

UNRESOLVED, AMBIGUOUS, BAD_ANCHOR = "unresolved", "ambiguous", "bad_anchor"
FRONT_MATTER, DUPLICATE_ID, RULE_NUMBER, ENCODING = "front_matter", "duplicate_id", "rule_number", "encoding"


@dataclass(frozen=True)
class Problem:
    """One finding: kind, place, what is wrong and how to fix it (Spanish)."""

    kind: str
    file: str
    line: int
    column: int
    message: str
    fix: str

    def render(self) -> str:
        place = f"{self.file}:{self.line}" + (f":{self.column}" if self.column else "")
        return f"{place}: {self.message}\n  cómo arreglarlo: {self.fix}"


@dataclass(frozen=True)
class Report:
    """The lint summary (the shape of ``reglas lint --json``)."""

    files: int
    links: int
    problems: list[Problem]

    def count(self, kind: str) -> int:
        return sum(1 for p in self.problems if p.kind == kind)

    def to_json(self) -> dict[str, Any]:
        return {
            "files": self.files,
            "links": self.links,
            "unresolved": self.count(UNRESOLVED),
            "ambiguous": self.count(AMBIGUOUS),
            "bad_anchors": self.count(BAD_ANCHOR),
            "problems": [asdict(p) for p in self.problems],
        }


def lint(vault: Vault) -> Report:
    """Check links, anchors, front matter and rule IDs of every note."""
    problems: list[Problem] = [Problem(ENCODING, u.path, 1, 0, f"el archivo {u.reason}",
                                       "guárdalo con codificación UTF-8") for u in vault.unreadable]
    links = 0
    for note in vault.notes.values():
        problems.extend(Problem(FRONT_MATTER, note.path, m.line, 0, m.what, m.fix) for m in note.meta_problems)
        for link in note.links:
            links += 1
            problems.extend(check_link(vault, note, link))
        problems.extend(_rule_numbers(note))
    problems.extend(_duplicates(vault))
    problems.sort(key=lambda p: (p.file, p.line, p.column, p.kind))
    return Report(len(vault.notes), links, problems)


def check_link(vault: Vault, note: Note, link: Wikilink) -> Iterator[Problem]:
    """Problems of one link (none if it resolves, with its heading or block)."""
    resolution = vault.resolve(link.target, note.path)
    if resolution.ambiguous:
        options = ", ".join(f"«{c}»" for c in resolution.candidates)
        yield _link_problem(AMBIGUOUS, note, link,
                            f"enlace ambiguo {link.raw}: hay varias notas con ese nombre ({options})",
                            f"escribe la ruta completa, p. ej. [[{resolution.candidates[0][:-3]}]]")
        return
    if resolution.path is None:
        yield _link_problem(UNRESOLVED, note, link, f"enlace roto {link.raw}: no existe «{link.target}» en el vault",
                            _suggest_note(vault, link.target))
        return
    if not is_note(resolution.path):
        return
    target = vault.notes.get(resolution.path)
    if target is None:
        return
    if link.heading is not None and target.find_heading(link.heading) is None:
        choices = [h.text for h in target.headings]
        near = difflib.get_close_matches(link.heading, choices, n=1, cutoff=0.5)
        fix = f"¿Quisiste decir «#{near[0]}»?" if near else f"usa un encabezado que exista en «{target.path}»"
        yield _link_problem(BAD_ANCHOR, note, link,
                            f"el encabezado «{link.heading}» no existe en «{target.path}» ({link.raw})", fix)
    if link.block is not None and link.block not in target.blocks:
        yield _link_problem(BAD_ANCHOR, note, link,
                            f"el bloque «^{link.block}» no existe en «{target.path}» ({link.raw})",
                            "marca el párrafo destino con « ^id» al final de su línea")


def _link_problem(kind: str, note: Note, link: Wikilink, message: str, fix: str) -> Problem:
    return Problem(kind, note.path, link.line, link.column, message, fix)


def _suggest_note(vault: Vault, target: str) -> str:
    wanted = key(target.rsplit("/", 1)[-1].removesuffix(".md"))
    for note in vault.notes.values():
        aliases = note.meta.get("aliases")
        names = [aliases] if isinstance(aliases, str) else aliases if isinstance(aliases, list) else []
        if any(isinstance(a, str) and key(a) == wanted for a in names):
            return f"«{target}» es un alias de «{note.name}»: escribe [[{note.name}|{target}]]"
    by_key = {key(link_name(p)): link_name(p) for p in vault.files}
    near = difflib.get_close_matches(wanted, list(by_key), n=1, cutoff=0.6)
    if near:
        return f"¿Quisiste decir [[{by_key[near[0]]}]]?"
    return "crea la nota o corrige el nombre del enlace"


def _rule_numbers(note: Note) -> Iterator[Problem]:
    own = note.rule_id
    if own is None:
        return
    for heading in note.headings:
        declared = note.heading_rule(heading)
        if declared and not declared[0].extends(own):
            yield Problem(RULE_NUMBER, note.path, heading.line, 0,
                          f"la regla {declared[0]} no cuelga del ID de la nota ({own})",
                          f"numera el encabezado como {own.number}.N o muévelo a la nota de {declared[0].parent}")


def _duplicates(vault: Vault) -> Iterator[Problem]:
    first: dict[RuleId, tuple[str, int]] = {}
    for rule in vault.rule_list:
        if rule.id in first:
            where = first[rule.id]
            yield Problem(DUPLICATE_ID, rule.path, rule.line, 0,
                          f"ID de regla duplicado {rule.id} (ya declarado en {where[0]}:{where[1]})",
                          "da a cada regla un número único")
        else:
            first[rule.id] = (rule.path, rule.line)
