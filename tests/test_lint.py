"""``reglas lint``: our vault is clean; broken vaults get file:line problems and exit 1."""

from __future__ import annotations

import json
import time

import pytest

from checker.cli import main
from checker.paths import DEFAULT_VAULT
from checker.vault.lint import lint
from checker.vault.vault import Vault
from tests.conftest import MakeVault


def test_rules_vault_has_no_problems() -> None:
    report = lint(Vault.load(DEFAULT_VAULT))
    assert [p.render() for p in report.problems] == []
    assert report.links > 500


def test_json_summary_and_exit_code(make_vault: MakeVault, capsys: pytest.CaptureFixture[str]) -> None:
    root = make_vault({"a.md": "# A\n\n[[b]] [[c]]\n", "b.md": "# B\n"})
    assert main(["lint", str(root), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert {k: data[k] for k in ("files", "links", "unresolved", "ambiguous", "bad_anchors")} == {
        "files": 2, "links": 2, "unresolved": 1, "ambiguous": 0, "bad_anchors": 0}
    assert data["problems"][0]["file"] == "a.md" and data["problems"][0]["line"] == 3


def test_clean_vault_exits_zero(make_vault: MakeVault, capsys: pytest.CaptureFixture[str]) -> None:
    root = make_vault({"a.md": "# A\n\n[[b]]\n", "b.md": "# B\n"})
    assert main(["lint", str(root)]) == 0
    assert "0 problemas" in capsys.readouterr().out


@pytest.mark.parametrize(("front", "line", "needle"), [
    ("---\ntags: [a\n---\n# X\n", 2, "YAML no válido"),
    ("---\nid: lorcana-10\n---\n# X\n", 2, "«id»"),
    ("---\ntitle: X\nrelated: Evasivo\n---\n# X\n", 3, "«related»"),
    ("---\ntags: [a]\n# X\n", 1, "no se cierra"),
    ("---\n- a\n- b\n---\n# X\n", 2, "mapa"),
])
def test_bad_front_matter(make_vault: MakeVault, front: str, line: int, needle: str) -> None:
    report = lint(Vault.load(make_vault({"nota.md": front})))
    assert len(report.problems) == 1
    problem = report.problems[0]
    assert (problem.kind, problem.file, problem.line) == ("front_matter", "nota.md", line)
    assert needle in problem.message and problem.fix


def test_duplicate_ids_and_misplaced_numbers(make_vault: MakeVault) -> None:
    root = make_vault({
        "a.md": "---\nid: demo:1\n---\n# A\n\n## 1.1 Uno\n\n## 2.1 Fuera\n",
        "b.md": "---\nid: demo:2\n---\n# B\n\n## 2.1 Otra\n\n### 1.1 Repetida\n",
    })
    kinds = sorted((p.kind, p.file, p.line) for p in lint(Vault.load(root)).problems)
    assert kinds == [("duplicate_id", "b.md", 6), ("duplicate_id", "b.md", 8),
                     ("rule_number", "a.md", 8), ("rule_number", "b.md", 8)]


def test_non_utf8_file_is_reported(make_vault: MakeVault) -> None:
    report = lint(Vault.load(make_vault({"latin.md": "# Año\n".encode("latin-1")})))
    assert [p.kind for p in report.problems] == ["encoding"]


def test_unknown_vault_is_one_clear_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lint", "/no/such/vault"]) == 2
    err = capsys.readouterr().err
    assert "no existe la carpeta del vault" in err and "Traceback" not in err


def test_thousand_note_vault_in_a_few_seconds(make_vault: MakeVault) -> None:
    files: dict[str, str | bytes] = {}
    for i in range(1000):
        folder = f"Carpeta {i % 20} (v1.{i % 3})"
        links = f"[[Nota {(i + 1) % 1000}]] [[Nota {(i + 7) % 1000}#Sección {i % 5}]] [[{folder}/Nota {i}.md|yo]]"
        files[f"{folder}/Nota {i}.md"] = (
            f"\ufeff---\ntags: [t{i % 10}]\naliases: [N{i}]\n---\n# Nota {i}\n\n"
            + "".join(f"## Sección {s}\n\nTexto {links}\n\n" for s in range(5)))
    files["Otra/Nota 5.md"] = "# Duplicada\n"
    root = make_vault(files)
    start = time.perf_counter()
    report = lint(Vault.load(root))
    elapsed = time.perf_counter() - start
    assert report.files == 1001 and report.links == 15000
    assert report.count("ambiguous") == 10  # the five notes linking «Nota 5», twice each
    assert elapsed < 10, elapsed


def test_suggestions_for_broken_links(make_vault: MakeVault) -> None:
    root = make_vault({
        "Lorcana/Evasivo.md": "---\naliases: [Evasive, Esquivo]\n---\n# Evasivo\n\n## Cómo funciona\n",
        "Lorcana/Desafiar.md": "# Desafiar\n",
        "a.md": "# A\n\n[[Evasiv]] [[evasive]] [[Zzzzzzzz]] [[Desafíar]] [[Evasivo#Como funcona]] [[Evasiv]]\n",
    })
    fixes = [(p.kind, p.fix) for p in lint(Vault.load(root)).problems]
    assert fixes == [
        ("unresolved", "¿Quisiste decir [[Evasivo]]?"),
        ("unresolved", "«evasive» es un alias de «Evasivo»: escribe [[Evasivo|evasive]]"),
        ("unresolved", "crea la nota o corrige el nombre del enlace"),
        ("unresolved", "¿Quisiste decir [[Desafiar]]?"),
        ("bad_anchor", "¿Quisiste decir «#Cómo funciona»?"),
        ("unresolved", "¿Quisiste decir [[Evasivo]]?"),
    ]


def test_file_level_problems_have_no_line(make_vault: MakeVault) -> None:
    root = make_vault({"a.md": "# A\n"})
    (root / "roto.md").symlink_to(root / "nunca.md")
    problem = lint(Vault.load(root)).problems[0]
    assert problem.render().startswith("roto.md: es un enlace") and problem.line == 0
