"""The Lorcana engine has no import cycles: every module imports at top level, and the module graph is acyclic."""

from __future__ import annotations

import ast
from pathlib import Path

from checker.paths import PROJECT_ROOT

ENGINE = PROJECT_ROOT / "checker" / "games" / "lorcana" / "engine"
PREFIX = "checker.games.lorcana.engine."


def _imports(path: Path) -> tuple[set[str], list[int]]:
    """Engine modules ``path`` imports, and the lines of imports inside functions."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = {n.module[len(PREFIX):] for n in tree.body if isinstance(n, ast.ImportFrom) and n.module
           and n.module.startswith(PREFIX)}
    nested = [n.lineno for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
              for n in ast.walk(f) if isinstance(n, (ast.Import, ast.ImportFrom))]
    return top, nested


def test_no_imports_inside_functions() -> None:
    nested = {p.name: lines for p in ENGINE.glob("*.py") if (lines := _imports(p)[1])}
    assert nested == {}


def test_module_graph_is_acyclic() -> None:
    graph = {p.stem: _imports(p)[0] for p in ENGINE.glob("*.py")}
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, " → ".join((*path, module))
        if module in done:
            return
        for imported in graph.get(module, set()):
            visit(imported, (*path, module))
        done.add(module)

    for module in graph:
        visit(module, ())
