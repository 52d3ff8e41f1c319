"""Each page starts the project's search worker (``reglas-search.js``), which wraps Material's: the page's
configuration names Material's worker, and the wrapper is given that name to load it."""

from __future__ import annotations

import re

_WORKER = re.compile(r'("search":\s*")([^"]*/workers/)(search\.[0-9a-f]+\.min\.js)(")')
WRAPPER = "reglas-search.js"


def scoped_search_worker(html: str) -> str:
    """The page with its search worker replaced by the wrapper (unchanged if the page names none)."""
    return _WORKER.sub(lambda m: f"{m.group(1)}{m.group(2)}{WRAPPER}?material={m.group(3)}{m.group(4)}", html)
