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


_FIRST = """() => { window.__first = new Promise(resolve => {
  const box = document.querySelector('input.md-search__input');
  let t0 = null;
  box.addEventListener('keydown', () => { if (t0 === null) t0 = performance.now(); });
  const list = document.querySelector('.md-search-result__list');
  new MutationObserver((_, observer) => {
    if (t0 !== null && list.querySelector('.md-search-result__item')) {
      observer.disconnect();
      resolve(performance.now() - t0);
    }
  }).observe(list, {childList: true, subtree: true});
}) }"""


def fresh() -> None:
    """Time from the first keystroke to the first result shown, on a page just loaded (the search worker still
    building its index; target: under 300 ms). Each run is a new browser context: nothing cached but HTTP."""
    with tempfile.TemporaryDirectory() as tmp:
        site = build_site(DEFAULT_VAULT, Path(tmp), strict=True)
        timings = []
        with serve_static(site) as url, chromium() as browser:
            for query in ["evasivo", "que pasa si me quedo sin cartas en el mazo", "comodin negro", "repetir dados",
                          "desafiar", "piedras de alma", "cambio", "choque", "tintero", "mulligan"]:
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                page = context.new_page()
                page.goto(url)                                                   # the load event has fired
                box = page.locator("input.md-search__input")
                box.click()
                page.evaluate(_FIRST)
                box.press_sequentially(query, delay=60)                          # a person's typing speed
                timings.append(page.evaluate("() => window.__first"))
                context.close()
    timings.sort()
    print(f"primer resultado tras cargar la página (tecla → resultado), {len(timings)} cargas: "
          f"mediana {statistics.median(timings):.0f} ms, máx {timings[-1]:.0f} ms")
