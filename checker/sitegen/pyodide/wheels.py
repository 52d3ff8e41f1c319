"""The dependencies the browser needs, from PyPI, as pure-Python files.

PyPI has no WebAssembly builds of PyYAML, RapidFuzz or rpds-py, and the npm package of Pyodide ships no
packages. PyYAML and RapidFuzz carry pure-Python fallbacks beside their compiled extensions: their Linux wheels
without the ``.so`` files are those fallbacks (``yaml.__with_libyaml__`` is false, ``rapidfuzz`` picks its
``*_py`` modules). rpds-py, which jsonschema's ``referencing`` imports, has none: ``pyrsistent-as-rpds-py``
provides the same API in pure Python, and a one-line ``rpds`` module re-exports it.
"""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

from checker.errors import ReglasError

#: The Python of the Pyodide release (``checker/sitegen/pyodide/package.json``).
PYTHON_VERSION = "3.14"

#: Pure wheels, exactly these versions.
PURE = ("lark==1.3.1", "jsonschema==4.26.0", "attrs==26.1.0", "referencing==0.37.0",
        "jsonschema-specifications==2025.9.1", "typing-extensions==4.16.0", "snowballstemmer==3.1.1",
        "pyrsistent==0.20.0", "pyrsistent-as-rpds-py==2.1.0")
#: Binary wheels whose pure-Python fallback is used: the Linux build, without its compiled extensions.
STRIPPED = ("pyyaml==6.0.4", "rapidfuzz==3.14.6")
STRIPPED_PLATFORM = "manylinux_2_28_x86_64"
#: ``rpds``, as the pure stand-in.
RPDS_MODULE = "from pyrsistent_as_rpds.pure import *  # noqa: F403\n"


def pins() -> tuple[str, ...]:
    return (*PURE, *STRIPPED)


def download(folder: Path) -> list[Path]:
    """Every wheel in ``folder`` (downloaded from PyPI the first time)."""
    folder.mkdir(parents=True, exist_ok=True)
    _pip_download(folder, PURE, "any")
    _pip_download(folder, STRIPPED, STRIPPED_PLATFORM)
    return sorted(folder.glob("*.whl"))


def _pip_download(folder: Path, requirements: tuple[str, ...], platform: str) -> None:
    names = {_dist_name(path.name) for path in folder.glob("*.whl")}
    missing = [r for r in requirements if _normal(r.split("==")[0]) not in names]
    if not missing:
        return
    print(f"reglas: descargando de PyPI {len(missing)} paquetes para el navegador…", file=sys.stderr)
    command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
               "--python-version", PYTHON_VERSION, "--platform", platform, "--dest", str(folder), *missing]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        said = done.stderr.strip().splitlines()
        raise ReglasError(f"no se pudieron descargar de PyPI los paquetes del comprobador en el navegador "
                          f"({', '.join(missing)}): {said[-1] if said else 'pip no dijo por qué'}",
                          fix="comprueba el acceso a PyPI, o construye el sitio con --sin-comprobador")


def _normal(name: str) -> str:
    return name.lower().replace("-", "_").replace(".", "_")


def _dist_name(filename: str) -> str:
    return _normal(filename.split("-")[0])


def unpack(wheels: list[Path], into: Path) -> None:
    """Unpack the wheels into a site-packages folder, leaving out compiled extensions; add ``rpds``."""
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as archive:
            for member in archive.namelist():
                if member.endswith("/") or member.endswith(".so") or ".dist-info/RECORD" in member:
                    continue
                target = into / member
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(archive.read(member))
    rpds = into / "rpds" / "__init__.py"
    rpds.parent.mkdir(parents=True, exist_ok=True)
    rpds.write_text(RPDS_MODULE, encoding="utf-8")
