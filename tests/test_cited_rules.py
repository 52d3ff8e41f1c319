"""Every rule ID that code, scenarios or pages cite exists in the vault: a verdict never cites a number that is
not a rule of the knowledge base."""

from __future__ import annotations

import re

import pytest

from checker.game import games
from checker.ids import RuleId
from checker.paths import DEFAULT_VAULT, PROJECT_ROOT
from checker.vault.vault import Vault

CITED = re.compile(r"(?<![\w:/.-])(" + "|".join(sorted(games())) + r"):\d+(?:\.\d+)*(?![\w.]*\w)")
SOURCES = {"código": (PROJECT_ROOT / "checker", "*.py"), "escenarios": (PROJECT_ROOT / "tests" / "scenarios", "*.yaml"),
           "páginas": (DEFAULT_VAULT, "*.md")}


@pytest.fixture(scope="module")
def declared() -> set[RuleId]:
    vault = Vault.load(DEFAULT_VAULT)
    return set(vault.rules) | {old for n in vault.numberings.values() for old in n.numbers}


@pytest.mark.parametrize("kind", list(SOURCES))
def test_every_cited_rule_exists(kind: str, declared: set[RuleId]) -> None:
    folder, pattern = SOURCES[kind]
    missing = sorted({f"{path.relative_to(PROJECT_ROOT)}: {match.group(0)}"
                      for path in folder.rglob(pattern) if "__pycache__" not in path.parts
                      for match in CITED.finditer(path.read_text(encoding="utf-8"))
                      if RuleId.parse(match.group(0)) not in declared})
    assert not missing, f"{kind} que citan reglas inexistentes:\n" + "\n".join(missing)


def test_the_pattern_finds_citations() -> None:
    assert [m.group(0) for m in CITED.finditer('Verdict(False, ["lorcana:4.6.4"], "x") y espadas:10.4.')] == [
        "lorcana:4.6.4", "espadas:10.4"]
