"""The site as judges use it, in a real browser (Debian's Chromium) on a desktop and a phone: the numbered index,
permalinks that land on and highlight their rule, ¶ links that copy the permalink, previews, the game filter of the
search, worked examples told in Spanish, collapsed scenario lists, tags, glossary anchors, dark mode, the footer and
the home page. A failing test leaves a screenshot in ``test-screenshots/``."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser import chromium
from tests.searchtable import search_box_pages

SHOTS = Path(__file__).resolve().parents[1] / "test-screenshots"
VIEWPORTS = {"escritorio": {"width": 1280, "height": 900}, "movil": {"width": 390, "height": 844}}


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as browser:
        yield browser


def _page(request: pytest.FixtureRequest, browser: Browser, site_url: str, viewport: str) -> Iterator[Page]:
    context = browser.new_context(locale="es-ES", viewport=VIEWPORTS[viewport], is_mobile=viewport == "movil",
                                  has_touch=viewport == "movil")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    page = context.new_page()
    yield page
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{re.sub(r'[^A-Za-z0-9_.-]+', '_', request.node.name)}.png"), full_page=True)
    context.close()


@pytest.fixture(params=sorted(VIEWPORTS))
def page(request: pytest.FixtureRequest, browser: Browser, site_url: str) -> Iterator[Page]:
    yield from _page(request, browser, site_url, request.param)


@pytest.fixture
def desktop(request: pytest.FixtureRequest, browser: Browser, site_url: str) -> Iterator[Page]:
    """Previews open on hover: a desktop's, with a mouse."""
    yield from _page(request, browser, site_url, "escritorio")


def _open_search(page: Page) -> None:
    """The search box: below Material's 60em breakpoint, behind the header's search button."""
    if (page.viewport_size or {"width": 1280})["width"] < 960:
        page.locator("label.md-header__button[for='__search']").click()
    page.locator("input.md-search__input").click()


def test_numbered_index_lists_every_rule(page: Page, site_url: str) -> None:
    page.goto(site_url + "id/")
    for game in ("Disney Lorcana", "Malifaux", "Espadas de Ceniza"):
        expect(page.locator("article")).to_contain_text(game)
    page.get_by_role("link", name="Disney Lorcana").click()
    page.wait_for_url("**/id/lorcana/")
    expect(page.locator("article")).to_contain_text("lorcana:8.6.1")
    page.locator("article a", has_text="Jugadores y mazos").first.click()
    page.wait_for_url("**/lorcana/1-conceptos/conceptos-generales/#lorcana-1-1-1")


def test_permalink_lands_on_the_rule_and_highlights_it(page: Page, site_url: str) -> None:
    page.goto(site_url + "id/lorcana/4.6.6.1/")
    page.wait_for_url("**/desafiar/#lorcana-4-6-6-1")
    heading = page.locator("#lorcana-4-6-6-1")
    expect(heading).to_be_in_viewport()
    assert heading.evaluate("el => el.matches(':target')")
    assert heading.evaluate("el => parseFloat(getComputedStyle(el).borderLeftWidth)") > 0


def test_a_note_permalink_highlights_its_title(page: Page, site_url: str) -> None:
    page.goto(site_url + "id/lorcana/7.7/")
    page.wait_for_url("**/7-zonas/bolsa/#bolsa-bag")
    assert page.locator(".md-content h1").evaluate("el => el.matches(':target')")


def test_the_pilcrow_copies_the_permalink(page: Page, site_url: str) -> None:
    page.goto(site_url + "lorcana/8-palabras-clave/evasivo/")
    link = page.locator("#lorcana-8-6-1 a.headerlink")
    assert (link.get_attribute("href") or "").endswith("id/lorcana/8.6.1/")
    page.locator("#lorcana-8-6-1").hover()
    link.click()
    expect(page.locator("#lorcana-8-6-1 .reglas-copied")).to_have_text("Enlace permanente copiado")
    assert page.evaluate("navigator.clipboard.readText()") == site_url + "id/lorcana/8.6.1/"
    assert page.url.endswith("#lorcana-8-6-1")


def test_a_rule_link_shows_a_preview(desktop: Page, site_url: str) -> None:
    page = desktop
    page.goto(site_url + "lorcana/8-palabras-clave/evasivo/")
    link = page.locator(".md-content p a[href*='desafiar']").first
    link.hover()
    expect(page.locator(".md-tooltip2--active")).to_contain_text("Desafiar", timeout=10_000)


def test_search_results_say_their_game_and_the_filter_keeps_one(page: Page, site_url: str) -> None:
    page.goto(site_url)
    _open_search(page)
    for _ in range(20):
        if search_box_pages(page, site_url, "reglas", timeout=1.5):
            break
    pages = search_box_pages(page, site_url, "descarte")
    assert {p.split("/")[0] for p in pages} >= {"lorcana", "malifaux"}
    expect(page.locator(".md-search-result__item .reglas-game").first).to_be_visible()
    page.locator(".reglas-filter button", has_text="Malifaux").click()
    expect(page.locator("input.md-search__input")).to_have_value("juego:malifaux descarte")
    page.wait_for_timeout(500)
    hrefs = page.eval_on_selector_all(".md-search-result__item a", "els => els.map(e => e.getAttribute('href'))")
    assert hrefs and all("/malifaux/" in h for h in hrefs)
    expect(page.locator(".reglas-filter button[aria-pressed='true']")).to_have_text("Malifaux")


def test_a_worked_example_reads_as_a_ruling(page: Page, site_url: str) -> None:
    page.goto(site_url + "lorcana/8-palabras-clave/evasivo/")
    example = page.locator(".admonition.example").first
    expect(example).to_contain_text("En la mesa")
    expect(example).to_contain_text("Jugada:")
    expect(example).to_contain_text("Veredicto del comprobador: ilegal")
    expect(example.locator(".reglas-sym").first).to_be_attached()
    yaml = example.locator("details.quote")
    expect(yaml).not_to_have_attribute("open", "")
    yaml.locator("summary").click()
    expect(yaml.locator("code")).to_contain_text("expect:")


def test_scenario_lists_are_collapsed_and_link_to_each_scenario(page: Page, site_url: str) -> None:
    page.goto(site_url + "lorcana/4-acciones-de-turno/desafiar/")
    listing = page.locator("details.reglas-scenarios")
    expect(listing.locator("summary")).to_have_text(re.compile(r"^\d+ escenarios comprobados"))
    assert listing.get_attribute("open") is None
    listing.locator("summary").click()
    expect(listing.locator("th").first).to_have_text("Resultado")
    first = listing.locator("tbody a").first
    title = first.inner_text()
    first.click()
    page.wait_for_url("**/escenarios/lorcana/**")
    target = page.locator(":target")
    expect(target).to_have_text(re.compile(re.escape(title)))
    expect(page.locator("article")).to_contain_text("Veredicto:")


def test_tags_lead_to_the_pages_that_share_them(page: Page, site_url: str) -> None:
    page.goto(site_url + "lorcana/8-palabras-clave/evasivo/")
    page.locator("a.md-tag", has_text="palabra-clave").first.click()
    page.wait_for_url("**/etiquetas/**")
    expect(page.locator("article")).to_contain_text("Evasivo")


def test_glossary_terms_have_anchors(page: Page, site_url: str) -> None:
    page.goto(site_url + "malifaux/glosario-de-malifaux/#ardiente")
    row = page.locator("tr#ardiente")
    expect(row).to_be_in_viewport()
    assert row.evaluate("el => el.matches(':target')")


def test_dark_mode_keeps_the_exert_icon_visible(page: Page, site_url: str) -> None:
    page.goto(site_url + "lorcana/8-palabras-clave/evasivo/")
    icon = page.locator(".reglas-sym--exert").first
    light = icon.evaluate("el => getComputedStyle(el).color")
    page.evaluate("__md_set('__palette', {index: 1}); location.reload()")
    page.wait_for_load_state()
    page.locator(".reglas-sym--exert").first.wait_for(state="attached")
    assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == "slate"
    dark = page.locator(".reglas-sym--exert").first.evaluate("el => getComputedStyle(el).color")
    assert dark != light
    channels = [int(c) for c in re.findall(r"\d+", dark)[:3]]
    assert sum(channels) / 3 > 150, dark          # a light colour on the dark background


def test_footer_and_home_page_speak_spanish(page: Page, site_url: str) -> None:
    page.goto(site_url)
    footer = page.locator(".md-copyright")
    expect(footer).to_contain_text("Hecho con")
    expect(footer).not_to_contain_text("Made with")
    expect(page.locator("#por-donde-empezar")).to_be_attached()
    for game in ("Disney Lorcana", "Malifaux (Segunda Edición)", "Espadas de Ceniza: Choque de Leyendas"):
        expect(page.locator("article")).to_contain_text(game)
    expect(page.locator("article a[href*='id/']").first).to_be_attached()


def test_community_names_show_on_the_keyword_page(page: Page, site_url: str) -> None:
    page.goto(site_url + "lorcana/8-palabras-clave/desafiador/")
    expect(page.locator(".reglas-names")).to_contain_text("Desafiante")
