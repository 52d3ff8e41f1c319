"""The built site in a real browser: follow a wikilink to a keyword heading, find a page by searching."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser import chromium


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as browser:
        yield browser


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(locale="es-ES", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    yield page
    context.close()


def test_home_wikilink_lands_on_keyword_heading(page: Page, site_url: str) -> None:
    page.goto(site_url)
    expect(page.locator(".md-content h1")).to_contain_text("Reglas")
    page.get_by_role("link", name="regla de Evasivo").click()
    page.wait_for_url("**/lorcana/8-palabras-clave/evasivo/#lorcana-8-6-1")
    heading = page.locator("#lorcana-8-6-1")
    expect(heading).to_contain_text("8.6.1")
    expect(heading).to_be_in_viewport()
    expect(page.locator(".md-content h1")).to_contain_text("Evasivo")
    expect(page.locator(".reglas-id")).to_contain_text("lorcana:8.6")


def test_search_box_finds_evasivo(page: Page, site_url: str) -> None:
    page.goto(site_url)
    box = page.locator("input.md-search__input")
    box.click()
    box.press_sequentially("Evasivo", delay=30)
    first = page.locator(".md-search-result__item").first
    expect(first).to_be_visible(timeout=10_000)
    href = first.locator("a").first.get_attribute("href") or ""
    assert href.startswith(site_url + "lorcana/8-palabras-clave/evasivo/"), href
    first.locator("a").first.click()
    expect(page.locator(".md-content h1")).to_contain_text("Evasivo")


def test_permalink_redirects_to_rule(page: Page, site_url: str) -> None:
    page.goto(site_url + "id/lorcana/4.6.6.1/")
    page.wait_for_url("**/lorcana/4-acciones-de-turno/desafiar/#lorcana-4-6-6-1")
    expect(page.locator("#lorcana-4-6-6-1")).to_be_in_viewport()


def test_an_old_number_redirects_to_the_current_rule(page: Page, site_url: str) -> None:
    page.goto(site_url + "id/lorcana-1x/10.6/")
    page.wait_for_url("**/lorcana/8-palabras-clave/evasivo/#evasivo-evasive")
    expect(page.locator(".md-content h1")).to_contain_text("Evasivo")
    expect(page.locator(".reglas-edition")).to_contain_text("2.1.0")
