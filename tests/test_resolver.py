"""Wikilink resolution on every tricky form Obsidian accepts."""

from __future__ import annotations

import unicodedata

import pytest

from checker.vault.lint import lint
from checker.vault.markdown import iter_lines, parse_wikilink
from checker.vault.vault import Vault
from tests.conftest import MakeVault

PLAN = "---\naliases: [Plan maestro]\n---\n# Plan\n\n## Sección Única\n\nTexto. ^bloque1\n\n## Padre\n\n### Hijo\n"


@pytest.fixture
def vault(make_vault: MakeVault) -> Vault:
    root = make_vault({
        "Notas (2024)/Plan v1.2.md": PLAN,
        "A/Same.md": "# Same A\n",
        "B/Same.md": "# Same B\n",
        "A/Source.md": "[[Same]]\n",
        "Top.md": "# Top\n\n## Local heading\n",
        "img/Diagrama final.png": b"\x89PNG\r\n",
        "BOM.md": "\ufeff---\ntags: [x]\n---\n# Con BOM\n",
        unicodedata.normalize("NFD", "Ácentos.md"): "# Ácentos\n\n## Cómo se juega\n",
    })
    return Vault.load(root)


@pytest.mark.parametrize(("target", "source", "expected"), [
    ("Plan v1.2", "Top.md", "Notas (2024)/Plan v1.2.md"),
    ("plan V1.2", "Top.md", "Notas (2024)/Plan v1.2.md"),
    ("Notas (2024)/Plan v1.2.md", "Top.md", "Notas (2024)/Plan v1.2.md"),
    ("Notas (2024)/Plan v1.2", "Top.md", "Notas (2024)/Plan v1.2.md"),
    ("/Notas (2024)/Plan v1.2", "Top.md", "Notas (2024)/Plan v1.2.md"),
    ("Plan v1.2.md", "Top.md", "Notas (2024)/Plan v1.2.md"),
    ("Same", "A/Source.md", "A/Same.md"),
    ("B/Same", "A/Source.md", "B/Same.md"),
    ("../B/Same", "A/Source.md", "B/Same.md"),
    ("Diagrama final.png", "Top.md", "img/Diagrama final.png"),
    ("ácentos", "Top.md", "Ácentos.md"),
    ("Ácentos", "Top.md", "Ácentos.md"),
    ("BOM", "Top.md", "BOM.md"),
    ("", "Top.md", "Top.md"),
])
def test_resolves(vault: Vault, target: str, source: str, expected: str) -> None:
    assert vault.resolve(target, source).path == expected


def test_same_name_in_other_folders_is_ambiguous(vault: Vault) -> None:
    resolution = vault.resolve("Same", "Top.md")
    assert resolution.path is None
    assert resolution.ambiguous
    assert set(resolution.candidates) == {"A/Same.md", "B/Same.md"}


def test_unknown_and_alias_names_do_not_resolve(vault: Vault) -> None:
    assert vault.resolve("Nada", "Top.md").path is None
    assert vault.resolve("Plan maestro", "Top.md").path is None  # Obsidian resolves file names, not aliases


@pytest.mark.parametrize(("inner", "target", "heading", "block", "display"), [
    ("Nota", "Nota", None, None, None),
    ("Nota|texto", "Nota", None, None, "texto"),
    ("Nota\\|texto", "Nota", None, None, "texto"),
    ("Nota#Sección", "Nota", "Sección", None, None),
    ("Nota#Padre#Hijo|x", "Nota", "Hijo", None, "x"),
    ("#Local", "", "Local", None, None),
    ("Nota#^bloque-1", "Nota", None, "bloque-1", None),
    ("img.png|20", "img.png", None, None, "20"),
])
def test_parse_wikilink(inner: str, target: str, heading: str | None, block: str | None, display: str | None) -> None:
    link = parse_wikilink(False, inner, 1, 1, 0, 0)
    assert (link.target, link.heading, link.block, link.display) == (target, heading, block, display)


def test_code_and_comments_are_not_scanned() -> None:
    body = "a [[Uno]] `[[Dos]]`\n```\n[[Tres]]\n```\n%% [[Cuatro]] %% [[Cinco]]\n%%\n[[Seis]]\n%%\n"
    masked = [line.masked for line in iter_lines(body, 1) if not line.in_code]
    text = "\n".join(masked)
    assert "[[Uno]]" in text and "[[Cinco]]" in text
    for hidden in ("Dos", "Tres", "Cuatro", "Seis"):
        assert f"[[{hidden}]]" not in text


LINKS = """# Enlaces

## Local heading

- [[Plan v1.2]] [[plan v1.2|alias]] [[Notas (2024)/Plan v1.2.md]]
- [[Plan v1.2#Sección Única]] [[Plan v1.2#sección única]] [[Plan v1.2#Seccion Unica]]
- [[Plan v1.2#Padre#Hijo]] [[Plan v1.2#^bloque1]] [[#Local heading]]
- ![[Diagrama final.png|20]] ![[Diagrama final.png|20x10]]
- [[Ácentos#Cómo se juega]]

| a | b |
|---|---|
| [[Plan v1.2\\|en tabla]] | x |
"""

BROKEN = """# Rotos

[[No existe]] [[Plan v1.2#No existe]] [[Same]] [[Plan v1.2#^nada]] [[Plan maestro]]
"""


def test_lint_counts_every_form(make_vault: MakeVault) -> None:
    root = make_vault({
        "Notas (2024)/Plan v1.2.md": PLAN, "A/Same.md": "# A\n", "B/Same.md": "# B\n",
        "img/Diagrama final.png": b"png", "Ácentos.md": "# Á\n\n## Cómo se juega\n",
        "Enlaces.md": LINKS, "Rotos.md": BROKEN,
    })
    report = lint(Vault.load(root)).to_json()
    problems = [(p["file"], p["line"], p["kind"]) for p in report["problems"]]
    assert sorted(problems) == sorted([("Rotos.md", 3, "unresolved")] * 2 + [("Rotos.md", 3, "bad_anchor")] * 2
                                      + [("Rotos.md", 3, "ambiguous")])
    assert report["links"] == 18
    assert (report["unresolved"], report["ambiguous"], report["bad_anchors"]) == (2, 1, 2)
    alias_hint = [p["fix"] for p in report["problems"] if "Plan maestro" in p["message"]]
    assert alias_hint and "alias" in alias_hint[0]
