"""The «Comprobar» pages in a real browser (Debian's Chromium), with the network cut off but for the site itself:
pasted card text and pasted scenarios are answered by the project's own code in Pyodide exactly as the CLI answers
them (``tests/comprobar_inputs.tsv``, run both ways), on a desktop and a phone, and other pages never load Python.
A failing test leaves a screenshot in ``test-screenshots/``."""

from __future__ import annotations

import contextlib
import io
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from checker.cli import main
from checker.paths import PROJECT_ROOT
from tests.browser import chromium

TABLE = Path(__file__).with_name("comprobar_inputs.tsv")
SHOTS = PROJECT_ROOT / "test-screenshots"
VIEWPORTS = {"escritorio": {"width": 1280, "height": 900}, "movil": {"width": 390, "height": 844}}
#: Loading Python in the page is measured in bench/ (``python -m bench comprobar``); this only bounds a hang.
BOOT_TIMEOUT = 120_000


def _rows() -> list[tuple[str, str]]:
    rows = []
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            page, value = line.split("\t")
            rows.append((page, value))
    return rows


ROWS = _rows()


def cli_answer(page: str, value: str, site_url: str, folder: Path) -> tuple[int, str]:
    """What ``reglas`` prints for a row: ``parse --game`` for text, ``check -v jugada.yaml`` for a play."""
    out, err = io.StringIO(), io.StringIO()
    before, cwd = os.environ.get("REGLAS_SITE_URL"), Path.cwd()
    os.environ["REGLAS_SITE_URL"] = site_url
    try:
        if page == "jugada":
            (folder / "jugada.yaml").write_text((PROJECT_ROOT / value).read_text(encoding="utf-8"), encoding="utf-8")
            os.chdir(folder)
            args = ["check", "-v", "jugada.yaml"]
        else:
            args = ["parse", "--game", page, value]
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(args)
    finally:
        os.chdir(cwd)
        if before is None:
            del os.environ["REGLAS_SITE_URL"]
        else:
            os.environ["REGLAS_SITE_URL"] = before
    return code, out.getvalue() + err.getvalue()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as browser:
        yield browser


class Offline:
    """A browser context that reaches only the site: every other request is refused and remembered."""

    def __init__(self, browser: Browser, site_url: str, viewport: str) -> None:
        self.refused: list[str] = []
        self.asked: list[str] = []
        self.context: BrowserContext = browser.new_context(
            locale="es-ES", viewport=VIEWPORTS[viewport], is_mobile=viewport == "movil", has_touch=viewport == "movil")
        self.context.route("**/*", self._route)
        self.site_url = site_url

    def _route(self, route: Route) -> None:
        url = route.request.url
        self.asked.append(url)
        if url.startswith(self.site_url):
            route.continue_()
        else:
            self.refused.append(url)
            route.abort()


@pytest.fixture
def offline(request: pytest.FixtureRequest, browser: Browser, site_url: str) -> Iterator[Offline]:
    state = Offline(browser, site_url, getattr(request, "param", "escritorio"))
    yield state
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        SHOTS.mkdir(exist_ok=True)
        for n, page in enumerate(state.context.pages):
            name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.name)
            page.screenshot(path=str(SHOTS / f"{name}-{n}.png"), full_page=True)
    state.context.close()


def _open(offline: Offline, page_name: str) -> Page:
    page = offline.context.new_page()
    page.goto(f"{offline.site_url}comprobar/{page_name}/")
    expect(page.locator(".reglas-comprobar[data-ready='1']")).to_be_attached(timeout=BOOT_TIMEOUT)
    return page


def browser_answer(page: Page, text: str) -> tuple[int, str]:
    page.fill(".reglas-comprobar textarea", text)
    output = page.locator(".reglas-salida")
    page.evaluate("document.querySelector('.reglas-salida').removeAttribute('data-code')")
    page.click(".reglas-comprobar-go")
    expect(output).to_have_attribute("data-code", re.compile(r"\d+"), timeout=BOOT_TIMEOUT)
    return int(output.get_attribute("data-code") or "-1"), output.text_content() or ""


@pytest.mark.parametrize("page_name", sorted({page for page, _ in ROWS}))
def test_the_page_answers_as_the_cli(page_name: str, offline: Offline, site_url: str, tmp_path: Path) -> None:
    page = _open(offline, page_name)
    for row_page, value in ROWS:
        if row_page != page_name:
            continue
        text = (PROJECT_ROOT / value).read_text(encoding="utf-8") if page_name == "jugada" else value
        assert browser_answer(page, text) == cli_answer(page_name, value, site_url, tmp_path), value
    assert offline.refused == []


def test_the_table_has_good_and_bad_input_for_every_game(tmp_path: Path) -> None:
    pages = {page for page, _ in ROWS}
    assert pages == {"lorcana", "espadas", "malifaux", "jugada"}
    for page in pages:
        codes = set()
        for row_page, value in ROWS:
            if row_page == page:
                codes.add(cli_answer(page, value, "http://127.0.0.1:8000/", tmp_path)[0] == 0)
        assert codes == {True, False}, page


def test_a_bad_line_shows_the_caret_and_the_nearest_phrasing(offline: Offline) -> None:
    page = _open(offline, "lorcana")
    code, shown = browser_answer(page, "When you play this character, draw a cards.")
    assert code == 1
    assert "^" in shown and "se esperaba" in shown and "frases conocidas más parecidas" in shown


def test_a_play_links_its_rules(offline: Offline, site_url: str) -> None:
    page = _open(offline, "jugada")
    page.click(".reglas-ejemplo >> nth=0")
    expect(page.locator(".reglas-salida")).to_have_attribute("data-code", "0", timeout=BOOT_TIMEOUT)
    shown = page.locator(".reglas-salida").text_content() or ""
    assert "[ilegal; lorcana:8.3.3" in shown and "estado final:" in shown
    link = page.locator(".reglas-salida a", has_text="lorcana:8.3.3").first
    assert link.get_attribute("href") == f"{site_url}id/lorcana/8.3.3/"
    link.click()
    expect(page).to_have_url(re.compile(r"/lorcana/8-palabras-clave/guardaespaldas/#lorcana-8-3-3$"))


@pytest.mark.parametrize("offline", ["movil"], indirect=True)
def test_the_page_works_on_a_phone(offline: Offline) -> None:
    page = _open(offline, "espadas")
    box = page.locator(".reglas-comprobar textarea").bounding_box()
    assert box is not None and box["width"] <= VIEWPORTS["movil"]["width"]
    code, shown = browser_answer(page, "Roba 1 Carta.")
    assert code == 0 and "texto canónico: Roba 1 Carta." in shown
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= VIEWPORTS["movil"]["width"]


def test_other_pages_do_not_load_python(offline: Offline) -> None:
    page = offline.context.new_page()
    page.goto(f"{offline.site_url}lorcana/8-palabras-clave/guardaespaldas/")
    page.wait_for_load_state("networkidle")
    loaded = [url for url in offline.asked if "reglas-py" in url or "comprobar" in url]
    assert loaded == []
    assert page.locator("nav a[href*='comprobar/']").count() > 0       # the pages are in the navigation


def test_without_node_the_build_says_how_to_go_on(monkeypatch: pytest.MonkeyPatch) -> None:
    from checker.errors import ReglasError
    from checker.sitegen.pyodide import runtime

    monkeypatch.setattr(runtime.shutil, "which", lambda name: None)
    with pytest.raises(ReglasError) as raised:
        runtime._tool("node")
    assert "falta «node»" in raised.value.what and "--sin-comprobador" in (raised.value.fix or "")


def test_the_examples_of_the_play_page_pass() -> None:
    from checker.sitegen.playground import PLAYS

    assert main(["check", str(PLAYS)]) == 0


def test_an_answer_is_told_in_parts_with_card_icons(offline: Offline) -> None:
    page = _open(offline, "lorcana")
    code, shown = browser_answer(page, "Banish chosen character with 2 ¤ or less.")
    assert code == 0
    assert "en partes:" in shown and "A qué carta: chosen character with 2 ¤ or less" in shown
    icon = page.locator(".reglas-salida .reglas-sym--strength").first
    expect(icon).to_be_visible()
    assert icon.get_attribute("aria-label") == "Fuerza"
