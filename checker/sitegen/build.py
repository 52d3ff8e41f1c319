"""``reglas site build|serve``: the real MkDocs build of any vault with the project's theme and hooks."""

from __future__ import annotations

import logging
import re
import sys
from pathlib import Path
from typing import Any

from checker.errors import ReglasError
from checker.paths import DEFAULT_VAULT, MKDOCS_CONFIG, PROJECT_ROOT
from checker.vault.files import check_root, folder_link_loop

_LEVELS = {"WARNING": "aviso", "ERROR": "error", "CRITICAL": "error", "INFO": "info"}


class _StderrHandler(logging.Handler):
    """Warnings in Spanish on whatever ``sys.stderr`` is at the time."""

    def emit(self, record: logging.LogRecord) -> None:
        level = _LEVELS.get(record.levelname, record.levelname.lower())
        print(f"{level}: {record.getMessage()}", file=sys.stderr)


def _log_to_stderr() -> None:
    logger = logging.getLogger("mkdocs")
    if not any(isinstance(h, _StderrHandler) for h in logger.handlers):
        logger.addHandler(_StderrHandler(logging.WARNING))
    logger.setLevel(logging.INFO)


def load(vault: Path, out: Path | None = None, *, strict: bool = True, **extra: Any) -> Any:
    """MkDocs configuration for ``vault`` (mkdocs.yml of the project, vault and output swapped)."""
    from mkdocs.config import load_config
    from mkdocs.exceptions import ConfigurationError

    check_root(Path(vault))
    docs = Path(vault).resolve()
    loop = folder_link_loop(docs)
    if loop is not None:
        raise ReglasError(f"«{loop}» es un enlace a una carpeta que lo contiene: el sitio la recorrería sin fin",
                          where=str(vault), fix="borra ese enlace o sácalo del vault (lint no sigue los enlaces a "
                                                "carpetas)")
    options: dict[str, Any] = {"config_file": str(MKDOCS_CONFIG), "docs_dir": str(docs), "strict": strict, **extra}
    if out is not None:
        options["site_dir"] = str(Path(out).resolve())
    if docs != DEFAULT_VAULT.resolve():
        options["site_name"] = docs.name
    _log_to_stderr()
    try:
        return load_config(**options)
    except ConfigurationError as error:
        raise ReglasError(f"configuración del sitio no válida: {error}", where=str(MKDOCS_CONFIG),
                          fix="revisa mkdocs.yml") from None


def build_site(vault: Path, out: Path | None = None, *, strict: bool = True) -> Path:
    """Build the static site; a warning fails the build in strict mode."""
    from mkdocs.commands.build import build
    from mkdocs.exceptions import Abort

    config = load(vault, out, strict=strict)
    try:
        build(config)
    except Abort as error:
        count = re.search(r"\d+", str(error))
        warnings = count.group(0) if count else "varios"
        raise ReglasError(f"la construcción se detuvo en modo estricto ({warnings} avisos)",
                          fix="corrige los avisos de arriba (archivo:línea) o usa --no-strict") from None
    return Path(config["site_dir"]).relative_to(PROJECT_ROOT) if _inside(config["site_dir"]) \
        else Path(config["site_dir"])


def serve_site(vault: Path, addr: str, *, strict: bool = True) -> None:
    """Serve the site, rebuilding on changes (MkDocs' development server)."""
    from mkdocs.commands.serve import serve

    load(vault, strict=strict)  # validates the vault and configures logging
    docs = str(Path(vault).resolve())
    extra: dict[str, Any] = {} if Path(docs) == DEFAULT_VAULT.resolve() else {"site_name": Path(docs).name}
    serve(config_file=str(MKDOCS_CONFIG), docs_dir=docs, dev_addr=addr, strict=strict, **extra)


def _inside(path: str) -> bool:
    return Path(path).resolve().is_relative_to(PROJECT_ROOT)
