"""``reglas check`` runs every scenario it can (issue 16, item 5): a scenario whose card text does not parse, or that
names a card the file does not define, fails on its own with its Spanish error (where, what, how to fix); the other
scenarios of the file still run, and the exit status says something failed."""

from __future__ import annotations

from pathlib import Path

import pytest

from checker.cli import main

FILE = """\
cards:
  "Roto - Malo": {type: action, cost: 1, text: "Frobnicate the wibble gloriously."}
  "Chispa - Breve": {type: action, cost: 1, text: "Draw a card."}
scenarios:
  - id: bad-text
    game: lorcana
    title: Una carta cuyo texto no se entiende
    state:
      active: p1
      players:
        p1: {inkwell: {ready: 1}, hand: [{ref: a, card: "Roto - Malo"}]}
        p2: {}
    action: {type: play, card: a}
    expect: {legal: true}
  - id: good
    game: lorcana
    title: Una carta que se entiende
    state:
      active: p1
      players:
        p1: {inkwell: {ready: 1}, hand: [{ref: a, card: "Chispa - Breve"}], deck: [{ref: d, card: "Chispa - Breve"}]}
        p2: {}
    action: {type: play, card: a}
    expect: {legal: true, state: {d: {zone: hand}}}
  - id: unknown-card
    game: lorcana
    title: Una carta que no está definida
    state:
      active: p1
      players:
        p1: {inkwell: {ready: 1}, hand: [{ref: a, card: "Nadie - Nunca"}]}
        p2: {}
    action: {type: play, card: a}
    expect: {legal: true}
"""


def test_one_bad_card_fails_only_its_scenario(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mixed.yaml"
    path.write_text(FILE, encoding="utf-8")
    assert main(["check", str(path)]) != 0
    captured = capsys.readouterr()
    assert "✓ good" in captured.out and "1 passed, 2 failed" in captured.out
    errors = captured.err
    bad, unknown = (FILE.splitlines().index(f"  - id: {name}") + 1 for name in ("bad-text", "unknown-card"))
    assert f"{path}:{bad}: error: el texto de «Roto - Malo» no se entiende" in errors
    assert "cómo arreglarlo" in errors
    assert f"{path}:{unknown}: error: state.players.p1.hand[0].card: la carta «Nadie - Nunca» no está definida" \
        in errors
