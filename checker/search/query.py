"""``reglas buscar``: the site's search, ranked as the browser ranks it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from checker.paths import site_url
from checker.search.ranking import Hit, Index
from checker.search.scope import SECTIONS, game_of


@dataclass(frozen=True)
class PageResult:
    url: str
    title: str
    score: float
    sections: list[Hit]
    #: The name of the game the page belongs to («» for pages of no game).
    game: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"url": self.url, "title": self.title, "game": self.game, "score": round(self.score, 3),
                "sections": [{"url": site_url() + s.location, "title": s.title, "score": round(s.score, 3)}
                             for s in self.sections]}


def search(site: Path, query: str, limit: int = 10) -> list[PageResult]:
    """The best pages for ``query`` in the built site at ``site`` (``juego:<id>`` in it keeps one game's pages)."""
    index = Index.load(site)
    titles = {d["location"]: d.get("title", "") for d in index.docs}
    results = []
    for location, hits in index.pages(query)[:limit]:
        best = max(h.score for h in hits)
        sections = [h for h in hits if h.parent is not None][:SECTIONS]
        game = index.game_names.get(game_of(location, index.games) or "", "")
        results.append(PageResult(site_url() + location, titles.get(location, location), best, sections, game))
    return results
