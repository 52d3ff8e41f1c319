"""`reglas validate` on inputs that are not what they should be: clear Spanish errors, no hang, no traceback, and
nothing the user gave is ever written to."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from checker.cli import main
from checker.errors import ReglasError
from checker.game import games
from checker.grammar.validate import Summary, record, refuse_overwrite
from checker.inputs import MAX_BYTES


def _error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "cómo arreglarlo" in err
    return err


def test_a_fifo_is_refused_without_blocking(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "cards.txt"
    os.mkfifo(fifo)
    assert "tubería (FIFO)" in _error(["validate", "--game", "lorcana", str(fifo)], capsys)


def test_a_fifo_inside_a_folder_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    os.mkfifo(tmp_path / "set.json")
    assert "tubería (FIFO)" in _error(["validate", "--game", "lorcana", str(tmp_path)], capsys)
    os.mkfifo(tmp_path / "faction_x.json")
    assert "tubería (FIFO)" in _error(["validate", "--game", "espadas", str(tmp_path)], capsys)


def test_a_device_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert "dispositivo" in _error(["validate", "--game", "malifaux", "/dev/null"], capsys)


def test_a_file_over_the_limit_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    big = tmp_path / "cards.txt"
    with big.open("wb") as handle:
        handle.truncate(MAX_BYTES + 1)  # sparse: nothing is written to disk
    assert "el máximo es" in _error(["validate", "--game", "lorcana", str(big)], capsys)


def test_bytes_that_are_not_utf8(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "cards.txt"
    bad.write_bytes(b"Evasive\nWard \xff\n")
    err = _error(["validate", "--game", "lorcana", str(bad)], capsys)
    assert "UTF-8" in err and "cards.txt:2:6" in err


@pytest.mark.parametrize(("data", "where"), [
    ({"cards": 5}, "«cards»"),
    ({"cards": [7]}, "$.cards[0] se esperaba un objeto"),
    ({"cards": [{"name": "A", "abilities": None}]}, "$.cards[0].abilities se esperaba una lista y hay null"),
    ({"cards": [{"name": "A", "abilities": 3}]}, "$.cards[0].abilities se esperaba una lista"),
    ({"cards": [{"name": "A", "abilities": [[{"x": [1]}]]}]}, "$.cards[0].abilities[0] se esperaba un objeto"),
    ({"cards": [{"name": "A", "abilities": [{"fullText": {"a": 1}}]}]}, "$.cards[0].abilities[0].fullText"),
    ({"cards": [{"name": ["A"]}]}, "$.cards[0].name se esperaba un texto"),
    ({"cards": [{"fullName": "A", "type": "Action", "fullText": 3}]}, "$.cards[0].fullText"),
])
def test_malformed_lorcana_json(tmp_path: Path, capsys: pytest.CaptureFixture[str], data: object, where: str) -> None:
    path = tmp_path / "set.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    err = _error(["validate", "--game", "lorcana", str(path)], capsys)
    assert str(path) in err and where in err


@pytest.mark.parametrize(("data", "where"), [
    ({"name": {"es": "X"}, "heroes": [3], "cards": []}, "$.heroes[0] se esperaba un objeto"),
    ({"heroes": [{"name": {"es": 5}}], "cards": []}, "$.heroes[0].name.es se esperaba un texto"),
    ({"heroes": [{"abilities": {"a": 1}}], "cards": []}, "$.heroes[0].abilities se esperaba una lista"),
    ({"heroes": [{"attributes": [1]}], "cards": []}, "$.heroes[0].attributes se esperaba un objeto"),
    ({"heroes": [], "cards": [{"effect": ["x"]}]}, "$.cards[0].effect se esperaba un objeto"),
    ({"heroes": [], "cards": [{"is_unique": "sí"}]}, "$.cards[0].is_unique"),
])
def test_malformed_espadas_json(tmp_path: Path, capsys: pytest.CaptureFixture[str], data: object, where: str) -> None:
    path = tmp_path / "faction_x.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    err = _error(["validate", "--game", "espadas", str(tmp_path)], capsys)
    assert str(path) in err and where in err


def test_deeply_nested_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "set.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    assert "anida demasiados niveles" in _error(["validate", "--game", "lorcana", str(path)], capsys)


def test_the_report_never_overwrites_the_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cards = tmp_path / "cards.txt"
    cards.write_text("Evasive\n", encoding="utf-8")
    (tmp_path / "link.md").symlink_to(cards)
    os.link(cards, tmp_path / "hard.md")
    for target in (cards, tmp_path / "link.md", tmp_path / "hard.md"):
        err = _error(["validate", "--game", "lorcana", str(cards), "--report", str(target)], capsys)
        assert "entrada" in err
    assert cards.read_text(encoding="utf-8") == "Evasive\n"


def test_the_report_never_goes_inside_the_input_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "set"
    folder.mkdir()
    (folder / "set.json").write_text(json.dumps({"cards": []}), encoding="utf-8")
    err = _error(["validate", "--game", "lorcana", str(folder), "--report", str(folder / "report.md")], capsys)
    assert "sobrescribiría la entrada" in err
    assert sorted(p.name for p in folder.iterdir()) == ["set.json"]


def test_the_report_is_not_written_into_a_fifo(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "report.md")
    with pytest.raises(ReglasError, match="no es un archivo normal"):
        refuse_overwrite(tmp_path / "cards.txt", tmp_path / "report.md")


def test_record_refuses_its_input(tmp_path: Path) -> None:
    cards = tmp_path / "cards.txt"
    cards.write_text("Evasive\n", encoding="utf-8")
    with pytest.raises(ReglasError, match="entrada"):
        record(Summary(cards=1), cards, cards)
    assert cards.read_text(encoding="utf-8") == "Evasive\n"
    record(Summary(cards=1), tmp_path / "coverage.json", cards)
    assert json.loads((tmp_path / "coverage.json").read_text(encoding="utf-8"))["abilities"] == 0


def test_every_grammar_game_reads_plain_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cards = tmp_path / "cards.txt"
    cards.write_bytes(b"\xef\xbb\xbf# a comment\n\n\x00\n")
    for game_id, game in sorted(games().items()):
        if game.grammar is not None:
            assert main(["validate", "--game", game_id, "--json", str(cards)]) == 1
            assert '"abilities": 1' in capsys.readouterr().out
