"""Wall time of the strict mkdocs-material build of rules/."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from checker.paths import DEFAULT_VAULT
from checker.sitegen.build import build_site


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        build_site(DEFAULT_VAULT, Path(tmp), strict=True)
        print(f"construcción estricta del sitio: {time.perf_counter() - start:.2f} s")
