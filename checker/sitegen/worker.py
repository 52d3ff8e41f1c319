"""What the build adds to every page's HTML. Each page starts the project's search worker (``reglas-search.js``),
which wraps Material's: the page's configuration names Material's worker, and the wrapper is given that name to load
it."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping

from checker.game import Game

_WORKER = re.compile(r'("search":\s*")([^"]*/workers/)(search\.[0-9a-f]+\.min\.js)(")')
WRAPPER = "reglas-search.js"


def scoped_search_worker(html: str) -> str:
    """The page with its search worker replaced by the wrapper (unchanged if the page names none)."""
    return _WORKER.sub(lambda m: f"{m.group(1)}{m.group(2)}{WRAPPER}?material={m.group(3)}{m.group(4)}", html)


def with_page_data(html: str, games: Mapping[str, Game]) -> str:
    """The data the page's own script reads (``reglas.js``: the game filter of the search), in ``<head>``, so that
    it is there when the script runs at the end of the body."""
    data = {"games": [{"id": game.id, "name": game.short_name or game.name} for game in games.values()]}
    script = f'<script id="__reglas" type="application/json">{json.dumps(data, ensure_ascii=False)}</script>'
    end = html.find("</head>")
    return html if end < 0 else html[:end] + script + html[end:]
