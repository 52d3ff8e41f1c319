"""``reglas explain ID``: a rule's title, text and URL."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

from checker.errors import ReglasError
from checker.ids import RULE_NUMBER_RE, RuleId
from checker.paths import site_url
from checker.vault.numbering import OldNumber
from checker.vault.plaintext import to_plain
from checker.vault.urls import page_url, permalink
from checker.vault.vault import Rule, Vault


@dataclass(frozen=True)
class Explanation:
    rule: Rule
    text: str
    url: str
    permalink: str
    #: The edition the rule's notes follow («Reglas Integrales 2.1.0, en vigor desde …»), if declared.
    edition: str = ""
    #: How the user's number led here, when it was an old edition's number.
    asked: OldNumber | None = None
    asked_edition: str = ""
    #: Old numbers written like this one that meant another rule (a warning, never a silent change).
    elsewhere: tuple[OldNumber, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"id": str(self.rule.id), "title": self.rule.title, "text": self.text, "url": self.url,
                "permalink": self.permalink, "file": self.rule.path, "line": self.rule.line,
                "edition": self.edition,
                "asked": None if self.asked is None else {"id": str(self.asked.id), "title": self.asked.title,
                                                          "edition": self.asked_edition},
                "old_meanings": [{"id": str(o.id), "title": o.title, "now": str(o.current)} for o in self.elsewhere]}

    def render(self) -> str:
        lines = []
        if self.asked is not None:
            lines.append(f"{self.asked.id} (edición {self.asked_edition}: «{self.asked.title}») es hoy "
                         f"{self.rule.id}.\n")
        lines.append(f"{self.rule.id} — {self.rule.title}")
        if self.edition:
            lines.append(f"Edición: {self.edition}")
        lines.append(f"\n{self.text}\n\nURL: {self.url}")
        for old in self.elsewhere:
            lines.append(f"Aviso: en la edición anterior, {old.id.number} era «{old.title}», que hoy es "
                         f"{old.current}; para ese número pide «{old.id}».")
        return "\n".join(lines)


def rule_url(vault: Vault, rule: Rule) -> str:
    """Absolute URL of the page and heading that hold ``rule``."""
    anchor = vault.anchor(rule)
    return site_url() + page_url(rule.path) + (f"#{anchor}" if anchor else "")


def find_rule(vault: Vault, text: str) -> Rule:
    """The rule named ``text`` (``game:n.n`` or a bare number unique across games)."""
    vault.require_notes()
    wanted = text.strip()
    if not vault.rules:
        raise ReglasError(f"el vault «{vault.root}» no declara ninguna regla, así que no existe «{wanted}»",
                          fix="declara reglas con «id: juego:número» en el front matter de sus notas, o indica "
                              "otro vault con --vault" + _unread(vault))
    if RULE_NUMBER_RE.match(wanted):
        matches = [r for r in vault.rules.values() if r.id.number == wanted]
        if len(matches) == 1:
            return matches[0]
        if matches:
            options = ", ".join(str(r.id) for r in matches)
            raise ReglasError(f"el número {wanted} existe en varios juegos: {options}",
                              fix=f"indica el juego, p. ej. «reglas explain {matches[0].id}»")
    else:
        try:
            rule = vault.rules.get(RuleId.parse(wanted))
        except ValueError:
            rule = None
        if rule is not None:
            return rule
    raise ReglasError(f"no existe la regla «{wanted}»", fix=_suggest(vault, wanted) + _unread(vault))


def _unread(vault: Vault) -> str:
    """A note on the vault's files that could not be read (the rule may be in one of them)."""
    skipped = [u.path for u in vault.unreadable] + [c.path for c in vault.clashes]
    if not skipped:
        return ""
    shown = ", ".join(f"«{p}»" for p in skipped[:3]) + (" …" if len(skipped) > 3 else "")
    count = f"{len(skipped)} archivo" + ("s" if len(skipped) > 1 else "")
    return f" (no se pudieron leer {count} del vault: {shown}; «reglas lint» dice por qué)"


def _suggest(vault: Vault, wanted: str) -> str:
    ids = [str(i) for i in vault.rules]
    near = difflib.get_close_matches(wanted, ids, n=5, cutoff=0.6)
    if not near and ":" not in wanted:
        near = [i for i in ids if i.split(":", 1)[1].startswith(wanted)][:5]
    if near:
        return "¿Quisiste decir " + ", ".join(f"«{n}»" for n in near) + "?"
    return "usa la forma juego:número, p. ej. «lorcana:8.6»"


def find_old(vault: Vault, text: str) -> OldNumber | None:
    """An old edition's number (``lorcana-1x:10.6``) named by ``text``; an error if it is unknown or removed."""
    try:
        wanted = RuleId.parse(text.strip())
    except ValueError:
        return None
    numbering = vault.numberings.get(wanted.game)
    if numbering is None:
        return None
    old = numbering.numbers.get(wanted)
    if old is None:
        raise ReglasError(f"la edición {numbering.edition} no tiene (o no registra) el número {wanted.number}",
                          fix=f"mira la tabla de correspondencias en «{numbering.path}»")
    if old.current is None:
        raise ReglasError(f"{wanted} («{old.title}», edición {numbering.edition}) ya no existe en la edición "
                          "actual", fix=f"mira la tabla de correspondencias en «{numbering.path}»")
    return old


def explain(vault: Vault, text: str) -> Explanation:
    old = find_old(vault, text)
    rule = find_rule(vault, str(old.current) if old is not None else text)
    note = vault.notes[rule.path]
    body = to_plain(note.section_text(rule.heading))
    children = [r for r in vault.rules.values() if r.id.parent == rule.id]
    if children:
        body += "\n\nSubreglas:\n" + "\n".join(f"  {r.id}  {r.title}" for r in children)
    edition = vault.edition(rule.path)
    asked_edition = vault.numberings[old.id.game].edition if old is not None else ""
    elsewhere = () if old is not None else tuple(vault.old_meanings(rule.id))
    return Explanation(rule, body, rule_url(vault, rule), site_url() + permalink(rule.id),
                       str(edition) if edition else "", old, asked_edition, elsewhere)
