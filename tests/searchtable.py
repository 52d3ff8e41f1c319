"""The search query table (tests/search_queries.tsv) and how the site's search box answers it."""

from __future__ import annotations

import time
from pathlib import Path
from urllib.parse import unquote_plus

from playwright.sync_api import Page

TABLE = Path(__file__).with_name("search_queries.tsv")


def load_table() -> list[tuple[str, str]]:
    rows = []
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            query, expected = line.split("\t")
            rows.append((query, expected))
    return rows


_RESULTS_JS = """() => Array.from(document.querySelectorAll('.md-search-result__item'))
    .map(item => item.querySelector('a').getAttribute('href'))"""
_META_JS = "() => document.querySelector('.md-search-result__meta')?.textContent || ''"


def _highlight(href: str) -> str:
    """The ``?h=`` terms Material adds to result links: they tell which query the list answers."""
    query = href.partition("?")[2].split("#")[0]
    return next((part[2:] for part in query.split("&") if part.startswith("h=")), "")


def _words(text: str) -> list[str]:
    """The words of a query, in order (the last one is the one typed last)."""
    return [w for w in text.lower().replace(":", " ").split() if w]


def search_box_pages(page: Page, site_url: str, query: str, timeout: float = 5.0) -> list[str]:
    """Type ``query`` into the search box; the pages listed, in order, once the list answers this query."""
    before = page.evaluate(_RESULTS_JS)
    previous = (_highlight(before[0]) if before else None, page.evaluate(_META_JS))
    box = page.locator("input.md-search__input")
    box.focus()
    box.press("Control+A")
    box.press_sequentially(query)
    deadline = time.monotonic() + timeout
    last: list[str] = []
    stable = 0
    wanted = _words(query)
    while time.monotonic() < deadline:
        hrefs = page.evaluate(_RESULTS_JS)
        current = (_highlight(hrefs[0]) if hrefs else None, page.evaluate(_META_JS))
        # the list answers this query (not a prefix typed a moment ago) and is not the previous query's list
        marked = _words(unquote_plus(current[0] or ""))                      # Material drops stop words here
        answers = not hrefs or not marked or (set(marked) <= set(wanted) and wanted[-1] in marked)
        fresh = current != previous and answers
        stable = stable + 1 if fresh and hrefs == last else 0
        if stable >= 2:
            break
        last = hrefs
        page.wait_for_timeout(60)
    return [h.split("?")[0].removeprefix(site_url) for h in last]
