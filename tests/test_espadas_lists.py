"""``reglas espadas validar``: lists built at run time from the shared corpus (no card names in the repository)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from checker.cli import main
from checker.games.espadas.corpus import read_corpus

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpora" / "espadas"


@pytest.fixture(scope="module")
def factions() -> list[Any]:
    if not CORPUS.is_dir():
        pytest.fail(f"falta el corpus {CORPUS}: la carpeta shared/ debe estar junto al proyecto")
    return [f for f in read_corpus(CORPUS).factions.values() if f.heroes]


def write(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "lista.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


def legal_list(faction: Any) -> dict[str, Any]:
    return {"faccion": faction.name, "heroes": [h.name for h in faction.heroes[:5]],
            "mazo": {c.name: 2 for c in faction.cards[:15]}}


def run(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any]]:
    code = main(["espadas", "validar", str(path), "--corpus", str(CORPUS), "--json"])
    return code, json.loads(capsys.readouterr().out)


def test_every_faction_has_a_legal_list(factions: list[Any], tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    for faction in factions:
        code, data = run(write(tmp_path, legal_list(faction)), capsys)
        assert (code, data["valid"], data["heroes"], data["deck"]) == (0, True, 5, 30), data


def test_problems_cite_rules_and_lines(factions: list[Any], tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    mine, other = factions[0], factions[1]
    data = legal_list(mine)
    data["heroes"] = [*data["heroes"][:3], other.heroes[0].name]
    first = mine.cards[0].name
    data["mazo"][first] = 3
    data["mazo"].pop(mine.cards[1].name)
    code, report = run(write(tmp_path, data), capsys)
    assert code == 1 and not report["valid"]
    rules = sorted(p["rule"] for p in report["problems"])
    assert rules == ["espadas:1.2", "espadas:1.3", "espadas:1.4.1", "espadas:1.4.2"]
    assert all(p["where"].startswith(str(tmp_path)) and p["where"].rsplit(":", 1)[1].isdigit()
               for p in report["problems"])


def test_misspelt_card_gets_a_suggestion(factions: list[Any], tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    data = legal_list(factions[0])
    name = factions[0].cards[0].name
    data["mazo"][name[:-1]] = data["mazo"].pop(name)
    code = main(["espadas", "validar", str(write(tmp_path, data)), "--corpus", str(CORPUS)])
    out = capsys.readouterr().out
    assert code == 1 and f"¿quisiste decir «{name}»?" in out and "[espadas:1.4]" in out


@pytest.mark.parametrize(("text", "message"), [
    ("faccion: [sin cerrar\n", "YAML no válido"),
    ("- solo\n- una lista\n", "debe ser un diccionario"),
    ("faccion: X\nheroes: uno\n", "«heroes» debe ser una lista"),
    ("faccion: X\nheroes: []\nmazo: {Carta: dos}\n", "no es un número de copias"),
])
def test_bad_input_is_a_clear_error(text: str, message: str, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "lista.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["espadas", "validar", str(path), "--corpus", str(CORPUS)]) == 2
    err = capsys.readouterr().err
    assert message in err and "cómo arreglarlo" in err and "Traceback" not in err
    assert path.read_text(encoding="utf-8") == text


def test_missing_corpus(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, {"faccion": "X", "heroes": [], "mazo": {}})
    assert main(["espadas", "validar", str(path), "--corpus", str(tmp_path / "nada")]) == 2
    assert "carpeta del corpus" in capsys.readouterr().err
