"""``reglas lint``: every problem of a vault, with file and line."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import asdict, dataclass
from typing import Any

from checker.ids import RuleId
from checker.vault.files import NameClash, Unreadable
from checker.vault.markdown import Wikilink
from checker.vault.notes import Note
from checker.vault.resolver import is_note
from checker.vault.suggest import nearest_heading
from checker.vault.vault import Vault

UNRESOLVED, AMBIGUOUS, BAD_ANCHOR = "unresolved", "ambiguous", "bad_anchor"
FRONT_MATTER, DUPLICATE_ID, RULE_NUMBER, ENCODING = "front_matter", "duplicate_id", "rule_number", "encoding"
UNREADABLE, DUPLICATE_NAME, OLD_NUMBER = "unreadable", "duplicate_name", "old_number"


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
        place = self.file + (f":{self.line}" if self.line else "") + (f":{self.column}" if self.column else "")
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
    """Check links, anchors, front matter and rule IDs of every note; files that could not be read and names that
    clash are problems too. A vault without any note is a ReglasError."""
    vault.require_notes()
    problems = [_unreadable(u) for u in vault.unreadable] + [_clash(c) for c in vault.clashes]
    links = 0
    for note in vault.notes.values():
        problems.extend(Problem(FRONT_MATTER, note.path, m.line, 0, m.what, m.fix) for m in note.meta_problems)
        for link in note.links:
            links += 1
            problems.extend(check_link(vault, note, link))
        problems.extend(_rule_numbers(note))
    problems.extend(_duplicates(vault))
    problems.extend(_old_numbers(vault))
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
                            vault.suggester.fix(link.target))
        return
    if not is_note(resolution.path):
        return
    target = vault.notes.get(resolution.path)
    if target is None:
        return
    if link.heading is not None and target.find_heading(link.heading) is None:
        near = nearest_heading(link.heading, [h.text for h in target.headings])
        fix = f"¿Quisiste decir «#{near}»?" if near else f"usa un encabezado que exista en «{target.path}»"
        yield _link_problem(BAD_ANCHOR, note, link,
                            f"el encabezado «{link.heading}» no existe en «{target.path}» ({link.raw})", fix)
    if link.block is not None and link.block not in target.blocks:
        yield _link_problem(BAD_ANCHOR, note, link,
                            f"el bloque «^{link.block}» no existe en «{target.path}» ({link.raw})",
                            "marca el párrafo destino con « ^id» al final de su línea")


def _link_problem(kind: str, note: Note, link: Wikilink, message: str, fix: str) -> Problem:
    return Problem(kind, note.path, link.line, link.column, message, fix)


def _unreadable(file: Unreadable) -> Problem:
    if file.encoding:
        return Problem(ENCODING, file.path, file.line, file.column, file.what, file.fix)
    return Problem(UNREADABLE, file.path, 0, 0, f"{file.what}; no se revisa", file.fix)


def _clash(clash: NameClash) -> Problem:
    return Problem(DUPLICATE_NAME, clash.path, 0, 0,
                   f"hay dos archivos llamados «{clash.path}» que solo se distinguen por la normalización Unicode "
                   f"de sus letras ({clash.forms[0]} y {clash.forms[1]}); Obsidian y los enlaces los confunden y "
                   "solo se lee el primero",
                   "deja uno solo: renombra o borra el otro (escribir el nombre de nuevo lo guarda en forma NFC)")


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


def _old_numbers(vault: Vault) -> Iterator[Problem]:
    """Correspondence tables: each old number once, each leading to a rule the vault declares."""
    for numbering in vault.numberings.values():
        if numbering.namespace in {rule.game for rule in vault.rules}:
            yield Problem(OLD_NUMBER, numbering.path, 1, 0,
                          f"el espacio de números «{numbering.namespace}» ya lo usan reglas del vault",
                          "da a la edición anterior un espacio propio, p. ej. «lorcana-1x»")
        for old in numbering.repeated:
            yield Problem(OLD_NUMBER, numbering.path, old.line, 0, f"el número {old.id.number} se repite en la tabla",
                          "deja una sola fila por número antiguo")
        for old in numbering.numbers.values():
            if old.current is not None and old.current not in vault.rules:
                yield Problem(OLD_NUMBER, numbering.path, old.line, 0,
                              f"{old.id} lleva a {old.current}, que el vault no declara",
                              "corrige el número actual de esa fila, o deja la celda vacía si la regla desapareció")
