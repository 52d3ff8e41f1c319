"""Assemble the browser runtime once per version of the code, and copy it into a built site.

The runtime is Pyodide's core (npm, pinned by ``package-lock.json``), one zip of site-packages (the dependencies of
:mod:`checker.sitegen.pyodide.wheels` and this ``checker`` package, byte-compiled by Pyodide's own Python) and the
grammars' parser tables. It is built under Node by ``bundle.mjs`` in the user's cache folder, keyed by a hash of
everything that goes into it, so a site build after the first one only copies it. The vault goes beside it as
``vault.zip`` (``reglas check -v`` cites rule titles from it).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from checker.errors import ReglasError
from checker.paths import GRAMMAR_DIR, cache_dir
from checker.sitegen.pyodide import wheels

HERE = Path(__file__).resolve().parent
PACKAGE = HERE.parent.parent
#: Where the runtime goes inside the built site.
RUNTIME_URI = "assets/reglas-py"
#: The files of Pyodide's npm package the page loads.
CORE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
MANIFEST = "manifest.json"
_NO_TOOL = "instala Node.js 18 o posterior con npm (Debian: apt-get install nodejs npm), o construye el sitio con " \
           "--sin-comprobador"


def wanted() -> bool:
    """Whether the build writes the runtime (``REGLAS_SIN_COMPROBADOR=1`` leaves it and its pages out)."""
    return os.environ.get("REGLAS_SIN_COMPROBADOR", "") in {"", "0"}


def _package_files() -> list[tuple[str, Path]]:
    """The ``checker`` package as a wheel lays it out: its own files, and the grammars as ``checker/grammars``."""
    own = [(f"checker/{p.relative_to(PACKAGE).as_posix()}", p) for p in sorted(PACKAGE.rglob("*"))
           if p.is_file() and "__pycache__" not in p.parts and p.suffix not in {".pyc", ".mjs"}
           and HERE not in p.parents]
    grammars = [(f"checker/grammars/{p.name}", p) for p in sorted(GRAMMAR_DIR.iterdir()) if p.is_file()]
    return own + grammars


def runtime_key() -> str:
    digest = hashlib.sha256()
    for name in ("package-lock.json", "bundle.mjs", "wheels.py"):
        digest.update((HERE / name).read_bytes())
    for arc, path in _package_files():
        digest.update(arc.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise ReglasError(f"falta «{name}» para preparar el comprobador en el navegador (Pyodide)", fix=_NO_TOOL)
    return found


def _run(command: list[str], what: str, cwd: Path | None = None) -> None:
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        said = (done.stderr or done.stdout).strip().splitlines()
        raise ReglasError(f"falló {what}: {said[-1] if said else 'sin detalle'}", fix=_NO_TOOL)


def _pyodide_package(root: Path) -> Path:
    """Pyodide's npm package, installed with ``npm ci`` from the committed lock file (once)."""
    folder = root / "npm"
    package = folder / "node_modules" / "pyodide"
    lock = (HERE / "package-lock.json").read_bytes()
    if not (package / "pyodide.mjs").is_file() or (folder / "package-lock.json").read_bytes() != lock:
        folder.mkdir(parents=True, exist_ok=True)
        for name in ("package.json", "package-lock.json"):
            shutil.copy(HERE / name, folder / name)
        print("reglas: instalando Pyodide desde npm…", file=sys.stderr)
        _run([_tool("npm"), "ci", "--no-audit", "--no-fund", "--ignore-scripts"], "npm ci (Pyodide)", cwd=folder)
    return package


def built_runtime() -> Path:
    """The runtime folder for the current code, built if it is not in the cache yet."""
    root = (cache_dir() or Path(tempfile.gettempdir()) / "reglas") / "pyodide"
    folder = root / runtime_key()
    if (folder / MANIFEST).is_file():
        return folder
    package = _pyodide_package(root)
    downloaded = wheels.download(root / "wheels")
    with tempfile.TemporaryDirectory(prefix="reglas-pyodide-") as temp:
        stage, out = Path(temp) / "site-packages", Path(temp) / "out"
        stage.mkdir()
        out.mkdir()
        wheels.unpack(downloaded, stage)
        for arc, path in _package_files():
            (stage / arc).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, stage / arc)
        print("reglas: compilando el comprobador para el navegador (Pyodide, unos 20 s)…", file=sys.stderr)
        tables = root / "tables"
        _run([_tool("node"), str(HERE / "bundle.mjs"), str(package), str(stage), str(out), str(tables)],
             "node bundle.mjs")
        for name in CORE_FILES:
            shutil.copy(package / name, out / name)
        caches = json.loads((out / "caches.json").read_text(encoding="utf-8"))
        (out / "caches.json").unlink()
        (out / "cache").mkdir()
        for name in caches:          # the parser tables, and the grammars as written out
            shutil.copy(tables / name, out / "cache" / name)
        version = json.loads((package / "package.json").read_text(encoding="utf-8"))["version"]
        manifest = {"pyodide": version, "python": wheels.PYTHON_VERSION, "caches": caches, "key": folder.name}
        (out / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
        if folder.exists():
            shutil.rmtree(folder)
        folder.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(out), folder)
    return folder


def install_runtime(site_dir: Path, vault: Path) -> Path:
    """Copy the runtime into ``site_dir`` and write the vault beside it."""
    target = site_dir / RUNTIME_URI
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(built_runtime(), target)
    with zipfile.ZipFile(target / "vault.zip", "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(vault.rglob("*")):
            if path.is_file() and not any(part.startswith(".") for part in path.relative_to(vault).parts):
                archive.write(path, path.relative_to(vault).as_posix())
    return target
