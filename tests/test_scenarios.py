"""``reglas check``: exit codes, JSON, clear errors for bad scenarios, and the state it is given is untouched."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
import yaml

from checker.cli import main
from checker.games.lorcana.engine.scenario import run_scenario
from checker.scenario.loader import load_file
from tests.scenario_texts import QUEST

SCENARIOS = Path(__file__).parent / "scenarios"

GOOD = QUEST


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "scenarios" / "s.yaml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_check_prints_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(write(tmp_path, GOOD))]) == 0
    out = capsys.readouterr().out
    assert "✓ s1" in out and out.rstrip().endswith("1 passed, 0 failed")


def test_check_json_cites_rules_with_titles_and_urls(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(SCENARIOS / "lorcana" / "challenge.yaml"), "--json"]) == 0
    results = json.loads(capsys.readouterr().out)["results"]
    first = results[0]
    assert first["id"] == "evasive-needs-evasive" and first["passed"] and first["legal"] is False
    assert {"id": "lorcana:8.6.1", "title": "Evasivo",
            "url": "http://127.0.0.1:8000/lorcana/8-palabras-clave/evasivo/#lorcana-8-6-1"} in first["rules"]


def test_failed_expectation_exits_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(write(tmp_path, GOOD.replace("lore: 2}}}", "lore: 5}}}")))]) == 1
    assert "p1.lore: se esperaba 5 y es 2" in capsys.readouterr().out


@pytest.mark.parametrize(("change", "needle", "line"), [
    (("ref: g, card: \"Guardia - Firme\"", "ref: g, card: \"Nadie - Nunca\""), "no está definida", 0),
    (("{ref: g, card: \"Guardia - Firme\"}", "{ref: g, card: \"Guardia - Firme\", damage: -1}"), "damage", 9),
    (("type: quest, character: g", "type: dance, character: g"), "action.type", 11),
    (("willpower: 3, lore: 2}", "willpower: 3, lore: 2, text: \"Evasivvo\"}"), "no se entiende", 0),
    (("type: quest, character: g", "type: quest, character: zz"), "no existe la carta «zz»", 0),
    (("game: lorcana", "game: parchis"), "juego desconocido", 2),
])
def test_bad_scenarios_are_clear_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                        change: tuple[str, str], needle: str, line: int) -> None:
    path = write(tmp_path, GOOD.replace(*change))
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert needle in err and "Traceback" not in err and str(path) in err
    if line:
        assert f"s.yaml:{line}:" in err


def test_the_given_state_is_not_modified() -> None:
    for path in sorted((SCENARIOS / "lorcana").glob("*.yaml")):
        for scenario in load_file(path):
            before = copy.deepcopy(scenario.data)
            run_scenario(scenario.data)
            assert scenario.data == before, scenario.id


def test_suite_size_and_every_cited_rule_exists() -> None:
    from checker.scenario.citations import undeclared

    scenarios = [s for p in sorted(SCENARIOS.rglob("*.yaml")) for s in load_file(p)]
    assert len(scenarios) >= 50
    cited = sorted({r for s in scenarios for r in (s.data.get("expect") or {}).get("rules", [])})
    assert undeclared(cited) == []
    for path in sorted(SCENARIOS.rglob("*.yaml")):
        yaml.safe_load(path.read_text(encoding="utf-8"))


CHALLENGE_STEPS = ["4.6.4.1", "4.6.4.2", "4.6.4.3", "4.6.4.4", "4.6.4.5", "4.6.5", "4.6.6.1", "4.6.6.2", "4.6.6.3",
                   "4.6.7"]


def test_challenge_follows_the_steps_of_cr_2_1_0_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(SCENARIOS / "lorcana" / "challenge.yaml"), "--json"]) == 0
    results = {r["id"]: r for r in json.loads(capsys.readouterr().out)["results"]}
    steps = results["challenger-adds-strength-when-challenging"]["steps"]
    assert [s.split(" ")[0] for s in steps] == [f"lorcana:{n}" for n in CHALLENGE_STEPS]
    assert "Fuerza 3" in steps[6]


def test_check_json_reports_game_results(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(SCENARIOS / "malifaux" / "soulstones.yaml"), "--json"]) == 0
    first = json.loads(capsys.readouterr().out)["results"][0]
    assert first["id"] == "judge-and-lilith" and first["result"]["winner"] == "attacker"
    assert first["result"]["attacker"]["suits"] == "tm"
