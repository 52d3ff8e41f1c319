"""The search query table (tests/search_queries.tsv) and how the site's search box answers it."""

from __future__ import annotations

import time
from pathlib import Path

from playwright.sync_api import Page

TABLE = Path(__file__).with_name("search_queries.tsv")
QUESTIONS = Path(__file__).with_name("search_questions.tsv")


def load_table() -> list[tuple[str, str]]:
    rows = []
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            query, expected = line.split("\t")
            rows.append((query, expected))
    return rows


def load_questions() -> list[tuple[str, str]]:
    """The question table: (question, the rule ID that answers it)."""
    rows = []
    for line in QUESTIONS.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            query, rule, _why = line.split("\t")
            rows.append((query, rule))
    return rows


_RESULTS_JS = """() => Array.from(document.querySelectorAll('.md-search-result__item'))
    .map(item => item.querySelector('a').getAttribute('href'))"""
_META_JS = "() => document.querySelector('.md-search-result__meta')?.textContent || ''"


def _highlight(href: str) -> str:
    """The ``?h=`` terms Material adds to result links: they tell which query the list answers."""
    query = href.partition("?")[2].split("#")[0]
    return next((part[2:] for part in query.split("&") if part.startswith("h=")), "")


def search_box_pages(page: Page, site_url: str, query: str, timeout: float = 5.0) -> list[str]:
    """Put ``query`` into the search box; the pages listed, in order, once the list answers this query (a new list
    that has settled; if it equals the previous query's list, the wait ends at ``timeout``)."""
    before = page.evaluate(_RESULTS_JS)
    previous = (_highlight(before[0]) if before else None, page.evaluate(_META_JS))
    box = page.locator("input.md-search__input")
    box.focus()
    box.fill(query)
    box.press("End")                     # Material reads the box on keyup: one query, not one per letter typed
    deadline = time.monotonic() + timeout
    last: list[str] = []
    stable = 0
    while time.monotonic() < deadline:
        hrefs = page.evaluate(_RESULTS_JS)
        current = (_highlight(hrefs[0]) if hrefs else None, page.evaluate(_META_JS))
        stable = stable + 1 if current != previous and hrefs == last else 0    # a new list, and it has settled
        if stable >= 2:
            break
        last = hrefs
        page.wait_for_timeout(60)
    return [h.split("?")[0].removeprefix(site_url) for h in last]
