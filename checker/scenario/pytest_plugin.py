"""pytest collects scenario files (``*.yaml`` under a ``scenarios`` folder) and ```` ```scenario ```` blocks of
the rule documents, one test item per scenario."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from checker.errors import ReglasError
from checker.scenario.loader import load_file
from checker.scenario.model import Scenario
from checker.scenario.runner import run


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
        for scenario in load_file(self.path):
            yield ScenarioItem.from_parent(self, name=scenario.id, scenario=scenario)


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> ScenarioFile | None:
    if file_path.suffix in (".yaml", ".yml") and "scenarios" in file_path.parts:
        return ScenarioFile.from_parent(parent, path=file_path)
    if file_path.suffix == ".md" and "```scenario" in file_path.read_text(encoding="utf-8-sig"):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None
