"""``reglas explain ID``: a rule's title, text and URL."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

from checker.errors import ReglasError
from checker.ids import RULE_NUMBER_RE, RuleId
from checker.paths import site_url
from checker.vault.plaintext import to_plain
from checker.vault.urls import page_url, permalink
from checker.vault.vault import Rule, Vault


@dataclass(frozen=True)
class Explanation:
    rule: Rule
    text: str
    url: str
    permalink: str

    def to_json(self) -> dict[str, Any]:
        return {"id": str(self.rule.id), "title": self.rule.title, "text": self.text, "url": self.url,
                "permalink": self.permalink, "file": self.rule.path, "line": self.rule.line}

    def render(self) -> str:
        return f"{self.rule.id} — {self.rule.title}\n\n{self.text}\n\nURL: {self.url}"


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
    return "usa la forma juego:número, p. ej. «lorcana:10.6»"


def explain(vault: Vault, text: str) -> Explanation:
    rule = find_rule(vault, text)
    note = vault.notes[rule.path]
    body = to_plain(note.section_text(rule.heading))
    children = [r for r in vault.rules.values() if r.id.parent == rule.id]
    if children:
        body += "\n\nSubreglas:\n" + "\n".join(f"  {r.id}  {r.title}" for r in children)
    return Explanation(rule, body, rule_url(vault, rule), site_url() + permalink(rule.id))
