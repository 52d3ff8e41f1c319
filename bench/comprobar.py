"""The «Comprobar» pages in Chromium (Python in the browser through Pyodide): from a cold load to the first parse
answered (target: 8 s), later parses (target: 100 ms) and a scenario check on a page already loaded (target:
500 ms). ``python -m bench comprobar``; each cold load is a new browser context, nothing cached."""

from __future__ import annotations

import re
import statistics
import tempfile
from pathlib import Path

from playwright.sync_api import Page

from checker.game import games
from checker.paths import DEFAULT_VAULT, PROJECT_ROOT
from checker.sitegen.build import build_site
from tests.browser import chromium
from tests.serve import serve_static

LOADS = 3
LATER = 10
PLAY = PROJECT_ROOT / "checker" / "sitegen" / "plays" / "1-lorcana-guardaespaldas.yaml"


def _answer(page: Page, text: str) -> float:
    """Ask the page and return the time it took to answer, as the page measured it (ms)."""
    page.fill(".reglas-comprobar textarea", text)
    page.evaluate("document.querySelector('.reglas-salida').removeAttribute('data-code')")
    page.click(".reglas-comprobar-go")
    page.wait_for_selector(".reglas-salida[data-code]", state="attached", timeout=120_000)
    said = page.text_content(".reglas-comprobar-estado") or ""
    found = re.search(r"(\d+) ms", said)
    assert found, said
    return float(found.group(1))


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        site = build_site(DEFAULT_VAULT, Path(tmp), strict=True)
        with serve_static(site) as url, chromium() as browser:
            for game, lines in ((g.id, g.samples) for g in games().values() if g.samples):
                cold, later = [], []
                for _ in range(LOADS):
                    context = browser.new_context(viewport={"width": 1280, "height": 900})
                    page = context.new_page()
                    page.goto(f"{url}comprobar/{game}/", wait_until="domcontentloaded")
                    _answer(page, lines[0])
                    cold.append(page.evaluate("performance.now()"))
                    later += [_answer(page, lines[n % len(lines)]) for n in range(LATER)]
                    context.close()
                print(f"comprobar texto {game}: carga en frío → primera respuesta mediana "
                      f"{statistics.median(cold) / 1000:.1f} s (máx {max(cold) / 1000:.1f} s); "
                      f"siguientes mediana {statistics.median(later):.0f} ms (máx {max(later):.0f} ms)")
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            page = context.new_page()
            page.goto(f"{url}comprobar/jugada/", wait_until="domcontentloaded")
            play = PLAY.read_text(encoding="utf-8")
            first = _answer(page, play)
            checks = [_answer(page, play) for _ in range(LATER)]
            context.close()
            print(f"comprobar jugada: primera (con la carga) {first / 1000:.1f} s; siguientes mediana "
                  f"{statistics.median(checks):.0f} ms (máx {max(checks):.0f} ms)")
