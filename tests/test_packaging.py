"""The wheel carries everything the code reads at run time (grammars, their schemas, the JSON data files), and the
parser's cache never stops the code from running.

The build runs offline (``--no-isolation``: the environment's setuptools) from a copy of the package sources in a
temporary folder, so the checkout is never written to.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from checker.grammar.loader import parser
from checker.paths import GRAMMAR_DIR, PROJECT_ROOT, cache_dir

#: What the build reads: the project description, the package and the grammar folder mapped into it.
SOURCES = ("pyproject.toml", "README.md", "checker", "grammar")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    """The file names inside the wheel built from the repository's sources."""
    source = tmp_path_factory.mktemp("source")
    for name in SOURCES:
        path = PROJECT_ROOT / name
        if path.is_dir():
            shutil.copytree(path, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(path, source / name)
    out = tmp_path_factory.mktemp("dist")
    built = subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out),
                            str(source)], capture_output=True, text=True, check=False)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    (found,) = out.glob("reglas-*.whl")
    with zipfile.ZipFile(found) as archive:
        return set(archive.namelist())


def _expected_data() -> set[str]:
    grammars = {f"checker/grammars/{p.name}" for p in GRAMMAR_DIR.iterdir()
                if p.suffix == ".lark" or p.name.endswith(".schema.json")}
    checker = PROJECT_ROOT / "checker"
    data = {p.relative_to(PROJECT_ROOT).as_posix() for p in checker.rglob("*.json")}
    return grammars | data | {"checker/py.typed"}


def test_wheel_has_every_grammar_schema_and_data_file(wheel: set[str]) -> None:
    expected = _expected_data()
    assert {"checker/grammars/lorcana.lark", "checker/grammars/espadas.lark",
            "checker/grammars/malifaux.lark"} <= expected
    assert sorted(expected - wheel) == []


def test_wheel_has_every_module(wheel: set[str]) -> None:
    """The packages are listed by hand in pyproject.toml (the grammar mapping needs it): none may be forgotten."""
    checker = PROJECT_ROOT / "checker"
    modules = {p.relative_to(PROJECT_ROOT).as_posix() for p in checker.rglob("*.py") if "__pycache__" not in p.parts}
    assert sorted(modules - wheel) == []



def test_no_cache_folder_when_it_cannot_be_made(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("REGLAS_CACHE_DIR", str(blocker / "cache"))
    assert cache_dir() is None
    monkeypatch.setenv("REGLAS_CACHE_DIR", str(tmp_path / "cache"))
    assert cache_dir() == tmp_path / "cache"


def test_a_broken_or_missing_cache_still_builds_the_parser(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REGLAS_CACHE_DIR", str(tmp_path))
    build = parser.__wrapped__
    build("malifaux")
    (cached,) = tmp_path.glob("malifaux-*.lalr")
    cached.write_bytes(b"not a pickle")
    assert build("malifaux").parse("r Sangrar: El objetivo gana la Condición Lento.")
    monkeypatch.setenv("REGLAS_CACHE_DIR", str(cached / "cannot-be-a-folder"))
    assert build("malifaux").parse("r Sangrar: El objetivo gana la Condición Lento.")
