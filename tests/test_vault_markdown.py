"""Adversarial Markdown lines are scanned in linear time (a regression would hang these tests, not fail a timer),
and the linear scanners find what the old patterns found."""

from __future__ import annotations

import pytest

from checker.sitegen.render import PageRenderer
from checker.vault.lint import lint
from checker.vault.markdown import (
    heading_parts,
    heading_text,
    iter_lines,
    mask_code_spans,
    trailing_block_id,
)
from checker.vault.notes import read_note
from checker.vault.plaintext import to_plain
from checker.vault.vault import Vault
from tests.conftest import MakeVault

N = 5000
ADVERSARIAL = {
    "backticks": "`" * N, "backtick pairs": "`a``" * N, "open links": "[[" * N, "close links": "]]" * N,
    "comments": "%%" * N, "dollars": "$" * N, "hashes": "#" * N, "heading blanks": "# a" + " " * N + "b",
    "attribute list": "# a {" + " " * N, "pipes": "|" * N, "backslashes": "\\" * N, "carets": "^" * N,
    "stars": "*a " * N, "brackets": "[" * N, "md links": "[a](" * N, "mixed": "[[`%%$#|\\^*_" * N,
    "blanks": " " * N + "x{",
}


@pytest.mark.parametrize("line", ADVERSARIAL.values(), ids=ADVERSARIAL.keys())
def test_adversarial_line_is_scanned(make_vault: MakeVault, line: str) -> None:
    text = f"---\nid: demo:1\n---\n# A {line}\n\n{line}\n\n## 1.1 B\n\n> {line}\n"
    note = read_note("a.md", text)
    assert note.headings and note.headings[0].line == 4
    assert to_plain(text)
    mask_code_spans(line)
    vault = Vault.load(make_vault({"a.md": text}))
    lint(vault)
    PageRenderer(vault, vault.notes["a.md"], lambda _: None, "a.md").render(text)


@pytest.mark.parametrize(("line", "masked"), [
    ("a `b` c", "a     c"),
    ("``a ` b`` c", " " * 9 + " c"),
    ("`a``b`", "      "),
    ("` `` `", "      "),
    ("`a", "`a"),
    ("```", "```"),
    ("`a`` b", "`a`` b"),  # a run of two never closes a run of one
    ("x `[[a]]` [[b]]", "x         [[b]]"),
])
def test_code_spans(line: str, masked: str) -> None:
    assert mask_code_spans(line) == masked


def test_links_inside_code_spans_are_ignored() -> None:
    lines = list(iter_lines("x " + "`" * 1200 + " [[a]] `[[b]]`\n``[[c]]``", 1))
    assert [line.masked.strip() for line in lines] == ["x " + "`" * 1200 + " [[a]]", ""]


@pytest.mark.parametrize(("line", "level", "text"), [
    ("# Título", 1, "Título"),
    ("### 4.3.6 Desafío ###", 3, "4.3.6 Desafío"),
    ("## Título#", 2, "Título#"),
    ("#", 1, ""),
    ("#\tTab", 1, "Tab"),
    ("   ## Sangría  ", 2, "Sangría"),
    ("## A {#ancla .clase}", 2, "A"),
    ("## A {x} y", 2, "A {x} y"),
    ("# a # #", 1, "a #"),
])
def test_headings(line: str, level: int, text: str) -> None:
    parts = heading_parts(line)
    assert parts is not None and parts.level == level
    assert heading_text(line[parts.start:parts.end]) == text


@pytest.mark.parametrize("line", ["####### Siete", "#Pegado", "    # Código", ""])
def test_not_headings(line: str) -> None:
    assert heading_parts(line) is None


@pytest.mark.parametrize(("line", "found"), [
    ("Texto ^bloque-1", (6, "bloque-1")),
    ("^solo  ", (0, "solo")),
    ("Texto^pegado", None),
    ("Texto ^con espacio", None),
    ("Texto ^mal!", None),
    ("Texto ^", None),
])
def test_block_ids(line: str, found: tuple[int, str] | None) -> None:
    assert trailing_block_id(line) == found
