"""Editions and old numbers: a game's edition on every page and in `explain`, and an old edition's numbers in
their own namespace, never silently taken for the current rule with the same number."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from checker.cli import main
from checker.explain import explain
from checker.sitegen.build import build_site
from checker.vault.lint import OLD_NUMBER, lint
from checker.vault.vault import Vault
from tests.conftest import MakeVault

INDEX = """---
edition: {name: Reglas Integrales, number: "2.1.0", effective: "2026-04-30"}
---
# Juego

[[Jugar una carta]], [[Desafiar]], [[Evasivo]], [[Numeración antigua]].
"""
PLAY = """---
id: juego:4.3
---
# Jugar una carta

Se paga y se juega.

## 4.3.6 Pagar el coste

Se paga todo el coste; ver juego:4.6 para desafiar.
"""
CHALLENGE = """---
id: juego:4.6
---
# Desafiar

Un personaje desafía a otro.
"""
EVASIVE = """---
id: juego:8.6
---
# Evasivo

Solo lo desafían los evasivos.
"""
OLD = """---
numbering: {namespace: juego-1x, game: juego, edition: "1.x"}
---
# Numeración antigua

| 1.x | 2.1.0 | Regla en 1.x |
|---|---|---|
| 4.3.6 | juego:4.6 | Desafiar |
| 10.6 | juego:8.6 | Evasivo |
| 9.9 | | Una regla que desapareció |
"""


@pytest.fixture
def vault_dir(make_vault: MakeVault) -> Path:
    return make_vault({"Juego/index.md": INDEX, "Juego/Jugar una carta.md": PLAY, "Juego/Desafiar.md": CHALLENGE,
                       "Juego/Evasivo.md": EVASIVE, "Juego/Numeración antigua.md": OLD})


def test_an_old_number_leads_to_the_current_rule(vault_dir: Path) -> None:
    found = explain(Vault.load(vault_dir), "juego-1x:10.6")
    assert str(found.rule.id) == "juego:8.6"
    assert "juego-1x:10.6 (edición 1.x: «Evasivo») es hoy juego:8.6" in found.render()


def test_a_current_number_warns_of_its_old_meaning(vault_dir: Path) -> None:
    found = explain(Vault.load(vault_dir), "juego:4.3.6")
    assert found.rule.title == "Pagar el coste"
    text = found.render()
    assert "Edición: Reglas Integrales 2.1.0, en vigor desde el 30 de abril de 2026" in text
    assert "en la edición anterior, 4.3.6 era «Desafiar», que hoy es juego:4.6" in text
    assert "juego-1x:4.3.6" in text


def test_a_removed_old_number_is_an_error(vault_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "juego-1x:9.9", "--vault", str(vault_dir)]) == 2
    assert "ya no existe en la edición actual" in capsys.readouterr().err
    assert main(["explain", "juego-1x:1.2", "--vault", str(vault_dir)]) == 2


def test_explain_json_tells_the_edition_and_the_old_number(vault_dir: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "juego-1x:4.3.6", "--vault", str(vault_dir), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["id"] == "juego:4.6" and data["asked"] == {"id": "juego-1x:4.3.6", "title": "Desafiar",
                                                           "edition": "1.x"}
    assert data["edition"].startswith("Reglas Integrales 2.1.0")


def test_lint_checks_the_correspondence_table(make_vault: MakeVault) -> None:
    broken = OLD.replace("| 10.6 | juego:8.6 |", "| 10.6 | juego:8.9 |") + "| 4.3.6 | juego:4.6 | otra vez |\n"
    vault = Vault.load(make_vault({"Juego/index.md": INDEX.replace("[[Evasivo]], ", ""),
                                   "Juego/Jugar una carta.md": PLAY, "Juego/Desafiar.md": CHALLENGE,
                                   "Juego/Numeración antigua.md": broken}))
    problems = [p for p in lint(vault).problems if p.kind == OLD_NUMBER]
    assert {p.message for p in problems} == {"juego-1x:10.6 lleva a juego:8.9, que el vault no declara",
                                             "el número 4.3.6 se repite en la tabla"}


def test_permalinks_never_silently_change_meaning(vault_dir: Path, tmp_path: Path) -> None:
    site = build_site(vault_dir, tmp_path / "site", strict=True)
    old = (site / "id/juego-1x/4.3.6/index.html").read_text(encoding="utf-8")
    assert 'http-equiv="refresh"' in old and "juego/desafiar/" in old
    ambiguous = (site / "id/juego/4.3.6/index.html").read_text(encoding="utf-8")
    assert 'http-equiv="refresh"' not in ambiguous
    assert "Pagar el coste" in ambiguous and "Desafiar" in ambiguous and "juego/desafiar/" in ambiguous
    plain = (site / "id/juego/8.6/index.html").read_text(encoding="utf-8")
    assert 'http-equiv="refresh"' in plain
    page = (site / "juego/jugar-una-carta/index.html").read_text(encoding="utf-8")
    assert 'class="reglas-edition"' in page and "2.1.0" in page
    assert 'href="../../id/juego/4.6/"' in page
