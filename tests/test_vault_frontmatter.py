"""Front matter YAML: bombs, deep nesting, self-reference, repeated keys and bad values become front matter problems
at the right line, in Spanish; no message of jsonschema or PyYAML reaches the user."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from checker.paths import SCHEMA_DIR
from checker.schema_messages import MESSAGES
from checker.vault import frontmatter
from checker.vault.lint import FRONT_MATTER, lint
from checker.vault.markdown import split_front_matter
from checker.vault.vault import Vault
from tests.conftest import MakeVault
from tests.vault_helpers import english, run, snapshot

BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(8))


@pytest.mark.parametrize(("yaml", "line", "needle"), [
    (BOMB, 7, "alias"),  # 9**9 nodes once expanded; refused at the first anchor past the limit
    ("x: " + "[" * 300 + "]" * 300 + "\n", 2, "anida más de"),
    ("tags: [a]\nx: &a [*a]\n", 3, "se contiene a sí mismo"),
    ("tags: [a]\ntitle: A\ntags: [b]\n", 4, "«tags» se repite"),
    ("id: lorcana:1.1\nfecha: 2024-02-30\n", 2, "fecha imposible"),
    ("n: " + "1" * 5000 + "\n", 2, "miles de cifras"),
    ("tags: [a\n", 2, "YAML no válido"),
    ("a: *nada\n", 2, "alias"),
    ("a: \x00\n", 2, "YAML no válido"),
])
def test_hostile_yaml_is_one_front_matter_problem(make_vault: MakeVault, yaml: str, line: int,
                                                   needle: str) -> None:
    root = make_vault({"nota.md": f"---\n{yaml}---\n# Nota\n", "otra.md": "# Otra\n\n[[Falta]]\n"})
    before = snapshot(root)
    code, out, err = run(["lint", str(root), "--json"])
    assert code == 1 and not err and snapshot(root) == before
    problems = json.loads(out)["problems"]
    front = [p for p in problems if p["kind"] == FRONT_MATTER]
    assert len(front) == 1 and front[0]["file"] == "nota.md", problems
    assert front[0]["line"] == line and needle in front[0]["message"] and front[0]["fix"]
    assert any(p["file"] == "otra.md" for p in problems)  # the rest of the vault is still linted
    assert not english(out)


@pytest.mark.parametrize(("yaml", "needle"), [
    ("id: 12\n", "es un número entero y se espera un texto"),
    ("id: lorcana-10\n", "no tiene la forma esperada"),
    ("title: ''\n", "no puede estar vacío"),
    ("aliases: {a: 1}\n", "ninguna de las formas admitidas"),
    ("related: [Evasivo]\n", "no tiene la forma esperada"),
    ("related: Evasivo\n", "se espera una lista"),
    ("tags: [[a]]\n", "ninguna de las formas admitidas"),
    ("title: 2024-01-01\n", "es una fecha"),
])
def test_schema_messages_are_spanish(make_vault: MakeVault, yaml: str, needle: str) -> None:
    report = lint(Vault.load(make_vault({"nota.md": f"---\n{yaml}---\n# Nota\n"})))
    assert [p.kind for p in report.problems] == [FRONT_MATTER]
    assert needle in report.problems[0].message and not english(report.problems[0].render())


def _keywords(schema: Any) -> set[str]:
    found: set[str] = set()
    if isinstance(schema, dict):
        for name, value in schema.items():
            if name in ("properties", "$defs"):  # maps of names to schemas
                found |= set().union(*map(_keywords, value.values()))
            else:
                found |= {name} | _keywords(value)
    elif isinstance(schema, list):
        for item in schema:
            found |= _keywords(item)
    return found


def test_every_keyword_of_the_schema_has_a_spanish_explanation() -> None:
    schema = json.loads((SCHEMA_DIR / "frontmatter.schema.json").read_text(encoding="utf-8"))
    annotations = {"$schema", "$id", "$ref", "title", "description", "items", "properties", "$defs"}
    assert _keywords(schema) - annotations <= set(MESSAGES)


def test_long_values_are_shortened_in_messages() -> None:
    front = split_front_matter("---\nid: " + "x" * 5000 + "\n---\n")
    assert front is not None
    _, problems = frontmatter.parse(front)
    assert len(problems) == 1 and len(problems[0].what) < 200


def test_front_matter_uses_the_fast_loader_when_available() -> None:
    assert frontmatter._Loader.__name__ in ("CSafeLoader", "SafeLoader")


def test_rules_front_matter_is_unchanged(tmp_path: Path) -> None:
    front = split_front_matter("---\nid: lorcana:8.6\naliases: [Evasive]\ntags: [palabra-clave]\n"
                               "related: [\"[[Desafiar]]\"]\n---\n# Evasivo\n")
    assert front is not None
    data, problems = frontmatter.parse(front)
    assert problems == [] and data["aliases"] == ["Evasive"] and data["related"] == ["[[Desafiar]]"]
