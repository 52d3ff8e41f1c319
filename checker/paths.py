"""Where the project's files live, and the public URL of the site."""

from __future__ import annotations

import os
from importlib.resources import files
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_VAULT = PROJECT_ROOT / "rules"
DEFAULT_SITE = PROJECT_ROOT / "_site"
MKDOCS_CONFIG = PROJECT_ROOT / "mkdocs.yml"
SCHEMA_DIR = Path(__file__).resolve().parent / "schemas"


def _grammar_dir() -> Path:
    """The card grammars: ``grammar/`` of the checkout, or the package data ``checker/grammars`` of a wheel.

    The repository keeps them in the top-level ``grammar/`` folder; pyproject.toml maps that folder to the
    package ``checker.grammars``, so an installed wheel has them beside the code.
    """
    packaged = Path(str(files("checker") / "grammars"))
    if packaged.is_dir():
        return packaged
    return PROJECT_ROOT / "grammar"


GRAMMAR_DIR = _grammar_dir()

#: Same default as ``site_url`` in mkdocs.yml (both read REGLAS_SITE_URL).
DEFAULT_SITE_URL = "http://127.0.0.1:8000/"


def site_url() -> str:
    """The base URL of the published site, always ending in a slash."""
    url = os.environ.get("REGLAS_SITE_URL") or DEFAULT_SITE_URL
    return url if url.endswith("/") else url + "/"


def cache_dir() -> Path | None:
    """A private folder for caches (``REGLAS_CACHE_DIR``, else ``$XDG_CACHE_HOME/reglas``, else
    ``~/.cache/reglas``), created if needed; ``None`` when it cannot be created or written (then nothing is
    cached on disk)."""
    configured = os.environ.get("REGLAS_CACHE_DIR")
    if configured:
        folder = Path(configured)
    else:
        base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
        folder = Path(base) / "reglas"
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError:
        return None
    return folder if folder.is_dir() and os.access(folder, os.W_OK | os.X_OK) else None
