"""``reglas explain``: title, text and URL of a rule; unknown IDs suggest the nearest."""

from __future__ import annotations

import json

import pytest

from checker.cli import main


def test_explain_prints_title_text_and_url(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "lorcana:8.6"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("lorcana:8.6 — Evasivo")
    assert "URL: http://127.0.0.1:8000/lorcana/8-palabras-clave/evasivo/" in out
    assert "Edición: Reglas Integrales 2.1.0, en vigor desde el 30 de abril de 2026" in out
    assert "[[" not in out


def test_explain_json_for_a_step(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "lorcana:4.6.6", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["id"] == "lorcana:4.6.6"
    assert data["url"].endswith("/lorcana/4-acciones-de-turno/desafiar/#lorcana-4-6-6")
    assert data["permalink"].endswith("/id/lorcana/4.6.6/")
    assert data["file"] == "Lorcana/4 Acciones de turno/Desafiar.md" and data["text"]


@pytest.mark.parametrize("rule", ["lorcana:7.7", "lorcana:4.6", "malifaux:1", "espadas:12"])
def test_known_ids(rule: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", rule]) == 0
    assert capsys.readouterr().out.startswith(rule + " — ")


def test_unknown_id_suggests_nearest(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "lorcana:8.66"]) == 2
    err = capsys.readouterr().err
    assert "no existe la regla «lorcana:8.66»" in err and "«lorcana:8.6" in err


def test_bare_number_needs_a_game_when_shared(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "1"]) == 2
    assert "varios juegos" in capsys.readouterr().err


def test_site_url_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("REGLAS_SITE_URL", "https://reglas.example/docs")
    assert main(["explain", "lorcana:8.6", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["url"].startswith("https://reglas.example/docs/lorcana/")


def test_usage_errors_are_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain"]) == 2
    assert "faltan argumentos obligatorios" in capsys.readouterr().err


def test_old_numbers_lead_to_the_current_rule(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "lorcana-1x:10.6"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("lorcana-1x:10.6 (edición 1.x") and "es hoy lorcana:8.6" in out
    assert "lorcana:8.6 — Evasivo" in out


def test_a_number_that_meant_another_rule_in_1x_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "lorcana:4.3.6"]) == 0
    out = capsys.readouterr().out
    assert "en la edición anterior, 4.3.6 era" in out and "lorcana:4.6" in out and "lorcana-1x:4.3.6" in out
