"""Each bad input found by trying the tool as a hostile user would: a clear Spanish error and exit 2 (or a correct
answer), never a traceback, an internal error (70), a hang, or a changed input file."""

from __future__ import annotations

import contextlib
import io
import os
import threading
from pathlib import Path

import pytest

from checker.cli import build_parser, main
from checker.cliargs import int_range
from tests.scenario_texts import QUEST, QUEST_EXPECT

ROOT = Path(__file__).resolve().parent.parent
ESPADAS_CORPUS = ROOT.parent / "shared" / "corpora" / "espadas"

SCENARIO = QUEST

BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join([f'*{chr(97 + i)}'] * 9)}]\n" for i in range(9))


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def refused(argv: list[str], *needles: str) -> str:
    """The command exits 2 with a Spanish error naming ``needles``; returns stderr."""
    code, _, err = run(argv)
    assert code == 2, (argv, code, err)
    assert "error" in err and "Traceback" not in err and "error interno" not in err, err
    for needle in needles:
        assert needle in err, (needle, err)
    return err


def write(tmp_path: Path, name: str, text: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


# ------------------------------------------------------------------------------------------ scenarios
def test_scenario_without_expect_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "s.yaml", SCENARIO.replace(QUEST_EXPECT + "\n", ""))
    refused(["check", str(path)], "falta la clave «expect»")


def test_scenario_with_empty_expect_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "s.yaml", SCENARIO.replace(QUEST_EXPECT, "expect: {}"))
    refused(["check", str(path)], "expect", "no puede estar vacío")


@pytest.mark.parametrize("text", [
    SCENARIO + BOMB,
    SCENARIO.replace("title: Una misión", "title: " + "[" * 300 + "]" * 300),
    SCENARIO + "legal: true\n",
    SCENARIO.replace(QUEST_EXPECT, "expect: {legal: true, legal: false}"),
    SCENARIO + "game: espadas\n",
])
def test_hostile_yaml_in_a_scenario(tmp_path: Path, text: str) -> None:
    path = write(tmp_path, "s.yaml", text)
    err = refused(["check", str(path)])
    assert "s.yaml:" in err
    assert path.read_text(encoding="utf-8") == text


@pytest.mark.parametrize(("change", "needle"), [
    (("cost: 3,", "cost: 1.5,"), "cost"),
    (("{ref: g, card: \"Guardia - Firme\"}", "{ref: g, card: \"Guardia - Firme\", damage: null}"), "damage"),
    (("{ref: g, card: \"Guardia - Firme\"}", "{ref: g, card: \"Guardia - Firme\", damage: \"cinco\"}"), "damage"),
    (("p2: {}", "p2: {lore: []}"), "lore"),
])
def test_wrongly_typed_lorcana_values(tmp_path: Path, change: tuple[str, str], needle: str) -> None:
    refused(["check", str(write(tmp_path, "s.yaml", SCENARIO.replace(*change)))], needle)


MALIFAUX = """\
id: m1
game: malifaux
title: Un duelo
state:
  players:
    p1: {deck: [4c, 6t, 9r], hand: [13m]}
  models:
    guardia: {player: p1, station: minion, attributes: {Sh: 5}}
action: {type: simple_duel, model: guardia, stat: Sh, tn: 10}
expect: {legal: true}
"""


@pytest.mark.parametrize(("change", "needle"), [
    (("Sh: 5}", "Sh: cinco}"), "Sh"),
    (("action: {type: simple_duel, model: guardia, stat: Sh, tn: 10}", "action: {type: random_model, player: p1}"),
     "models"),
    (("action: {type: simple_duel, model: guardia, stat: Sh, tn: 10}",
      "action: {type: random_player, players: []}"), "jugadores"),
])
def test_wrongly_typed_malifaux_values(tmp_path: Path, change: tuple[str, str], needle: str) -> None:
    refused(["check", str(write(tmp_path, "m.yaml", MALIFAUX.replace(*change)))], needle)


def test_one_bad_file_does_not_stop_the_others(tmp_path: Path) -> None:
    good = write(tmp_path, "a_good.yaml", SCENARIO)
    write(tmp_path, "b_bad.yaml", SCENARIO.replace(QUEST_EXPECT, "expect: {}"))
    code, out, err = run(["check", str(tmp_path)])
    assert code == 2 and "✓ s1" in out and "b_bad.yaml" in err and out.rstrip().endswith("1 passed, 1 failed")
    assert good.read_text(encoding="utf-8") == SCENARIO


def test_non_utf8_markdown_inside_a_folder(tmp_path: Path) -> None:
    write(tmp_path, "s.yaml", SCENARIO)
    write(tmp_path, "nota.md", b"# Nota\n\xff\xfe texto\n")                   # no scenarios: not read as text
    write(tmp_path, "otra.md", b"# Otra\n```scenario\nid: x\n```\n\xff\n")
    code, out, err = run(["check", str(tmp_path)])
    assert code == 2 and "otra.md:5" in err and "UTF-8" in err and "nota.md" not in err and "1 passed" in out


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="sin FIFOs en este sistema")
def test_fifo_given_or_inside_a_folder_does_not_hang(tmp_path: Path) -> None:
    fifo = tmp_path / "tuberia.yaml"
    os.mkfifo(fifo)
    write(tmp_path, "s.yaml", SCENARIO)
    results: dict[str, tuple[int, str, str]] = {}

    def go() -> None:
        results["file"] = run(["check", str(fifo)])
        results["folder"] = run(["check", str(tmp_path)])

    worker = threading.Thread(target=go, daemon=True)
    worker.start()
    worker.join(30)
    assert not worker.is_alive(), "reglas check se quedó esperando a una FIFO"
    assert results["file"][0] == 2 and "FIFO" in results["file"][2]
    code, out, err = results["folder"]
    assert code == 2 and "1 passed, 1 failed" in out and "tuberia.yaml" in err and "FIFO" in err


def test_missing_path_and_dangling_link(tmp_path: Path) -> None:
    refused(["check", str(tmp_path / "nada.yaml")], "no existe")
    (tmp_path / "roto.yaml").symlink_to(tmp_path / "nunca.yaml")
    refused(["check", str(tmp_path / "roto.yaml")], "enlace")


# ------------------------------------------------------------------------------------------ arguments
def _valued_options() -> list[list[str]]:
    """Every sub-command path and each option of it that takes a value."""
    found: list[list[str]] = []

    def walk(parser: object, path: list[str]) -> None:
        for action in parser._actions:  # type: ignore[attr-defined]
            if hasattr(action, "choices") and isinstance(action.choices, dict):
                for name, sub in action.choices.items():
                    walk(sub, [*path, name])
            elif action.option_strings and action.nargs is None and action.const is None \
                    and not action.option_strings[0].startswith("-h"):
                found.append([*path, action.option_strings[-1]])

    walk(build_parser(), [])
    return found


#: Commands that serve or write into the repository are left out here (``site serve --addr`` is checked below).
SIDE_EFFECTS = (["site", "serve"], ["site", "build"], ["grammar", "schema"])


@pytest.mark.parametrize("command", [c for c in _valued_options() if c[:2] not in SIDE_EFFECTS], ids=" ".join)
def test_dash_dash_as_the_value_of_every_option(command: list[str]) -> None:
    *path, option = command
    code, _, err = run([*path, f"{option}=--"])
    assert code in (0, 1, 2) and "error interno" not in err and "Traceback" not in err, (command, err)


def test_malifaux_odds_accepts_modifiers_as_shells_pass_them() -> None:
    expected = run(["malifaux", "odds", "--mods=--", "--json"])[1]
    for argv in (["--mods", "--"], ["--mods=−−"], ["--mods", "– –"], ["--mods=-2"], ["--mods", "-,-"]):
        code, out, err = run(["malifaux", "odds", *argv, "--json"])
        assert code == 0 and '"net": "−−"' in out, (argv, err)
        assert out.split('"cards"')[1] == expected.split('"cards"')[1]


@pytest.mark.parametrize("argv", [
    ["buscar", "x", "--limit", "-5"], ["buscar", "x", "--limit", "0"], ["buscar", "x", "--limit=--"],
    ["malifaux", "odds", "--stat", "-5", "--tn", "10"], ["malifaux", "odds", "--stat", "5", "--tn", "999999"],
    ["espadas", "odds", ""], ["espadas", "odds", "R" * 40], ["espadas", "odds", "RG", "--dice", "99"],
    ["site", "serve", "--addr", "nonsense"], ["site", "serve", "--addr", "127.0.0.1:99999"],
    ["site", "serve", "--addr", "mal nombre:80"], ["check", "--json=--"], ["explain", "--vault=--", "lorcana:1.11.3"],
])
def test_nonsense_arguments_are_refused(argv: list[str]) -> None:
    refused(argv)


def test_int_range_messages_are_spanish() -> None:
    convert = int_range(1, 5)
    assert convert("3") == 3
    with pytest.raises(Exception, match="fuera del intervalo"):
        convert("9")
    with pytest.raises(Exception, match="no es un número entero"):
        convert("tres")


# ------------------------------------------------------------------------------------------ Espadas lists
@pytest.mark.parametrize("text", [BOMB, "[" * 500 + "]" * 500, "faccion: A\nfaccion: B\n", b"\xff\xfe\x00\x01"])
def test_hostile_espadas_lists(tmp_path: Path, text: str | bytes) -> None:
    path = write(tmp_path, "lista.yaml", text)
    before = path.read_bytes()
    refused(["espadas", "validar", str(path), "--corpus", str(ESPADAS_CORPUS)], "lista.yaml")
    assert path.read_bytes() == before


ENVELOPE = """\
cards:
  "Guardia - Firme": {type: character, cost: 3, strength: 3, willpower: 3, lore: 2}
scenarios:
  - id: s1
    game: lorcana
    state: {active: p1, players: {p1: {}, p2: {}}}
    action: {type: end_turn}
    expect: {legal: true}
"""


@pytest.mark.parametrize(("change", "needle"), [
    (("cards:\n  \"Guardia - Firme\": {type: character, cost: 3, strength: 3, willpower: 3, lore: 2}\n",
      "cards: 1.5\n"), "«cards» debe ser un mapa"),
    (("    game: lorcana\n", "    game: lorcana\n    cards: [1]\n"), "scenarios[0].cards"),
    (("scenarios:\n", "extra: 1\nscenarios:\n"), "clave desconocida «extra»"),
])
def test_bad_envelopes(tmp_path: Path, change: tuple[str, str], needle: str) -> None:
    refused(["check", str(write(tmp_path, "e.yaml", ENVELOPE.replace(*change)))], needle)


def test_a_file_without_scenarios_is_refused(tmp_path: Path) -> None:
    refused(["check", str(write(tmp_path, "e.yaml", "cards: {}\nscenarios: []\n"))], "al menos un escenario")


ZONES = """\
id: z1
game: lorcana
title: Mirar y barajar
cards:
  "Catalejo - Gastado":
    type: action
    cost: 1
    text: "Look at the top card of your deck. Put it on either the top or the bottom of your deck."
  "Tornado - Menor": {type: action, cost: 1, text: "Shuffle chosen character into their player's deck."}
  "Guardia - Firme": {type: character, cost: 3, strength: 3, willpower: 3, lore: 2}
state:
  active: p1
  players:
    p1: {inkwell: {ready: 1}, hand: [{ref: spy, card: "Catalejo - Gastado"}, {ref: storm, card: "Tornado - Menor"}],
         deck: [{ref: a, card: "Guardia - Firme"}, {ref: b, card: "Guardia - Firme"}]}
    p2: {play: [{ref: k, card: "Guardia - Firme"}], deck: [{ref: x, card: "Guardia - Firme"}]}
action: {type: play, card: spy, choices: [{place: bottom}]}
expect: {legal: true}
"""


@pytest.mark.parametrize(("change", "needle"), [
    (("choices: [{place: bottom}]", "choices: [{cards: [a]}]"), "«place»"),
    (("choices: [{place: bottom}]", "choices: [{place: middle}]"), "choices[0].place"),
    (("choices: [{place: bottom}]", "choices: [{place: top, cards: []}]"), "choices[0]"),
    (("card: spy, choices: [{place: bottom}]", "card: storm, targets: [k], random: [[x]]"), "random"),
    (("card: spy, choices: [{place: bottom}]", "card: storm, targets: [k], random: [[x, k, k]]"), "random"),
])
def test_bad_zone_choices_and_random_results(tmp_path: Path, change: tuple[str, str], needle: str) -> None:
    """A choice of the wrong kind, a value outside the schema or a shuffled deck that is not the deck: bad input."""
    assert change[0] in ZONES
    refused(["check", str(write(tmp_path, "z.yaml", ZONES.replace(*change)))], needle)
