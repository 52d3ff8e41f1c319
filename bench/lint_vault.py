"""Lint speed on rules/ and on a generated 1,000-note vault with tricky names."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from checker.paths import DEFAULT_VAULT
from checker.vault.lint import lint
from checker.vault.vault import Vault


def _generate(root: Path, notes: int) -> None:
    for i in range(notes):
        folder = root / f"Carpeta {i % 25} (v1.{i % 4})"
        folder.mkdir(parents=True, exist_ok=True)
        links = f"[[Nota {(i + 1) % notes}]] [[Nota {(i + 3) % notes}#Sección 2]] [[Nota {i}.md|yo]]"
        body = "".join(f"## Sección {s}\n\nTexto {links}\n\n" for s in range(6))
        (folder / f"Nota {i}.md").write_text(f"\ufeff---\ntags: [t]\n---\n# Nota {i}\n\n{body}", encoding="utf-8")


def _time(root: Path) -> tuple[float, int, int]:
    start = time.perf_counter()
    report = lint(Vault.load(root))
    return time.perf_counter() - start, report.files, report.links


def main() -> None:
    seconds, files, links = _time(DEFAULT_VAULT)
    print(f"lint rules/: {files} notas, {links} enlaces en {seconds * 1000:.0f} ms")
    with tempfile.TemporaryDirectory() as tmp:
        _generate(Path(tmp), 1000)
        seconds, files, links = _time(Path(tmp))
        print(f"lint vault generado: {files} notas, {links} enlaces en {seconds * 1000:.0f} ms")
