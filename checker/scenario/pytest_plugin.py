"""pytest collects scenario files (``*.yaml`` under a ``scenarios`` folder) and ```` ```scenario ```` blocks of
the rule documents, one test item per scenario."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from checker.errors import ReglasError
from checker.scenario.loader import load_file, load_text
from checker.scenario.model import Scenario
from checker.scenario.runner import run

_BLOCK = re.compile(r"^```scenario[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)


def scenario_blocks(path: Path) -> list[Scenario]:
    """The scenarios embedded in a Markdown document, with their line numbers."""
    text = path.read_text(encoding="utf-8-sig")
    scenarios = []
    for match in _BLOCK.finditer(text):
        line = text.count("\n", 0, match.start(1))
        scenarios += load_text("\n" * line + match.group(1), str(path))
    return scenarios


class ScenarioItem(pytest.Item):
    def __init__(self, *, scenario: Scenario, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.scenario = scenario

    def runtest(self) -> None:
        result = run(self.scenario)
        if not result.passed:
            raise ScenarioFailure(result.mismatches)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, ScenarioFailure):
            return f"{self.scenario.where}: {self.scenario.title}\n  " + "\n  ".join(excinfo.value.args[0])
        if isinstance(excinfo.value, ReglasError):
            return excinfo.value.render()
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.scenario.where.line, f"escenario {self.scenario.id}"


class ScenarioFailure(Exception):
    pass


class ScenarioFile(pytest.File):
    def collect(self) -> Iterator[ScenarioItem]:
        scenarios = scenario_blocks(self.path) if self.path.suffix == ".md" else load_file(self.path)
        for scenario in scenarios:
            yield ScenarioItem.from_parent(self, name=scenario.id, scenario=scenario)


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> ScenarioFile | None:
    if file_path.suffix in (".yaml", ".yml") and "scenarios" in file_path.parts:
        return ScenarioFile.from_parent(parent, path=file_path)
    if file_path.suffix == ".md" and "```scenario" in file_path.read_text(encoding="utf-8-sig"):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None
