"""Time from the last keystroke to the rendered results in the real search box (target: under 100 ms)."""

from __future__ import annotations

import statistics
import tempfile
from pathlib import Path

from checker.paths import DEFAULT_VAULT
from checker.sitegen.build import build_site
from tests.browser import chromium
from tests.searchtable import load_table, search_box_pages
from tests.serve import serve_static

_ARM = """() => {
  window.__t0 = null; window.__t1 = null;
  const box = document.querySelector('input.md-search__input');
  box.addEventListener('keydown', () => { window.__t0 = performance.now(); }, {once: true});
  const list = document.querySelector('.md-search-result__list');
  const observer = new MutationObserver(() => { if (window.__t0 !== null) window.__t1 = performance.now(); });
  observer.observe(list, {childList: true, subtree: true});
  window.__observer = observer;
}"""


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        site = build_site(DEFAULT_VAULT, Path(tmp), strict=True)
        timings = []
        with serve_static(site) as url, chromium() as browser:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(url)
            box = page.locator("input.md-search__input")
            box.click()
            search_box_pages(page, url, "calentar")  # the worker loads the index once
            for query, _ in load_table():
                search_box_pages(page, url, query[:-1])
                page.evaluate(_ARM)
                box.press(query[-1] if query[-1] != " " else "Space")
                page.wait_for_timeout(400)
                t0, t1 = page.evaluate("() => [window.__t0, window.__t1]")
                page.evaluate("() => window.__observer.disconnect()")
                if t0 is not None and t1 is not None:
                    timings.append(t1 - t0)
    timings.sort()
    p95 = timings[int(len(timings) * 0.95) - 1]
    print(f"búsqueda (tecla → resultados), {len(timings)} consultas: mediana {statistics.median(timings):.1f} ms, "
          f"p95 {p95:.1f} ms, máx {timings[-1]:.1f} ms")
