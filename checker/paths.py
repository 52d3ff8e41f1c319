"""Where the project's files live, and the public URL of the site."""

from __future__ import annotations

import os
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_VAULT = PROJECT_ROOT / "rules"
DEFAULT_SITE = PROJECT_ROOT / "_site"
MKDOCS_CONFIG = PROJECT_ROOT / "mkdocs.yml"
SCHEMA_DIR = Path(__file__).resolve().parent / "schemas"
GRAMMAR_DIR = PROJECT_ROOT / "grammar"

#: Same default as ``site_url`` in mkdocs.yml (both read REGLAS_SITE_URL).
DEFAULT_SITE_URL = "http://127.0.0.1:8000/"


def site_url() -> str:
    """The base URL of the published site, always ending in a slash."""
    url = os.environ.get("REGLAS_SITE_URL") or DEFAULT_SITE_URL
    return url if url.endswith("/") else url + "/"
