"""MkDocs hooks (loaded through site/hooks.py): the vault rendered as the site."""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File

from checker.paths import DEFAULT_VAULT
from checker.search.enrich import enrich_file
from checker.sitegen.examples import render_examples
from checker.sitegen.glossary import anchor_terms, is_glossary
from checker.sitegen.headerlinks import permalink_headerlinks, rule_anchors
from checker.sitegen.nav import build_nav
from checker.sitegen.pagemeta import edition_badge, insert_after_h1, link_lists, names_badge, rule_badge
from checker.sitegen.permalinks import write_permalinks
from checker.sitegen.playground import playground_nav, playground_pages
from checker.sitegen.pyodide.runtime import install_runtime, wanted
from checker.sitegen.readable import publish_as_nfc, skipped_files
from checker.sitegen.render import PageRenderer
from checker.sitegen.ruleindex import index_nav, index_pages
from checker.sitegen.scenarios import Checked, check_all, scenario_index, scenario_nav, scenario_pages, scenarios_html
from checker.sitegen.searchprebuild import node, prebuild_search
from checker.sitegen.searchterms import game_pages, vocabulary
from checker.sitegen.worker import scoped_search_worker, with_page_data
from checker.text import nfc
from checker.vault.urls import dest_uri
from checker.vault.vault import Vault

log = logging.getLogger("mkdocs.plugins.reglas")


class _State:
    vault: Vault | None = None
    files: dict[str, Any] = {}  # noqa: RUF012 - one build at a time
    scenarios: dict[str, Any] = {}  # noqa: RUF012
    checked: list[Checked] = []  # noqa: RUF012
    #: The «Comprobar» pages and their Python runtime (the project's own vault, unless REGLAS_SIN_COMPROBADOR).
    playground = False


def _vault() -> Vault:
    assert _State.vault is not None, "on_config runs first"
    return _State.vault


def on_config(config: Any) -> Any:
    """Read the vault once per build, and derive the navigation when mkdocs.yml has none."""
    _State.vault = Vault.load(config["docs_dir"])
    # The project's scenarios cite this vault's rule IDs; another vault gets no scenario tables.
    own_vault = Path(config["docs_dir"]).resolve() == DEFAULT_VAULT.resolve()
    _State.checked = check_all() if own_vault else []
    _State.scenarios = scenario_index(_State.checked)
    _State.playground = own_vault and wanted()
    if not config["nav"]:
        config["nav"] = [*build_nav(_State.vault), *index_nav(_State.vault), *scenario_nav(_State.checked),
                         *(playground_nav() if _State.playground else [])]
    return config


def on_files(files: Any, config: Any) -> Any:
    """Leave out the files the vault could not read, and publish notes at slugged, accent-free URLs."""
    skipped, warnings = skipped_files(_vault(), files, config["docs_dir"])
    for warning in warnings:
        log.warning(warning)
    for file in skipped:
        files.remove(file)
    publish_as_nfc(files, config["docs_dir"])
    generated = {**index_pages(_vault()), **scenario_pages(_State.checked),
                 **(playground_pages() if _State.playground else {})}
    for uri, content in generated.items():
        files.append(File.generated(config, uri, content=content))
    taken: set[str] = set()
    _State.files = {}
    for file in files:
        if file.is_documentation_page():
            wanted = dest_uri(file.src_uri)
            if wanted not in taken:
                file.dest_uri = wanted
                for stale in ("url", "abs_dest_path"):  # cached from the old dest_uri
                    file.__dict__.pop(stale, None)
            taken.add(file.dest_uri)
        _State.files[nfc(file.src_uri)] = file
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    vault = _vault()
    note = vault.notes.get(nfc(page.file.src_uri))
    if note is None:
        return markdown
    shown = _shown(Path(config["docs_dir"]) / note.path)
    for problem in note.meta_problems:
        log.warning("%s:%d: %s — cómo arreglarlo: %s", shown, problem.line, problem.what, problem.fix)
    rendered = PageRenderer(vault, note, log.warning, shown).render(markdown)
    first = note.text.count("\n") - markdown.count("\n") + 1
    return render_examples(rendered, shown, first, "../" * page.url.count("/"), log.warning)


def _shown(path: Path) -> str:
    """A path as the user knows it: relative to the working folder when inside it."""
    return os.path.relpath(path) if path.resolve().is_relative_to(Path.cwd()) else str(path)


def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    vault = _vault()
    note = vault.notes.get(nfc(page.file.src_uri))
    if note is None:
        return html

    def href(path: str) -> str | None:
        target = _State.files.get(path)
        return target.url_relative_to(page.file) if target is not None else None

    to_root = "../" * page.url.count("/")
    html = permalink_headerlinks(html, rule_anchors(vault, note), to_root)
    if is_glossary(note):
        html = anchor_terms(html)
    badges = rule_badge(note, to_root) + names_badge(note) + edition_badge(vault.edition(note.path))
    html = insert_after_h1(html, badges)
    return html + scenarios_html(note, _State.scenarios, to_root) + link_lists(vault, note, href)


def on_post_page(output: str, page: Any, config: Any) -> str:
    return with_page_data(scoped_search_worker(output), game_pages(_vault()))


def on_post_build(config: Any) -> None:
    vault = _vault()
    site = Path(config["site_dir"])
    count = write_permalinks(vault, site)
    if _State.playground:
        install_runtime(site, Path(config["docs_dir"]))
        log.info("reglas: comprobador en el navegador (Pyodide) escrito en assets/reglas-py/")
    log.info("reglas: %d enlaces permanentes de reglas escritos en id/", count)
    index = site / "search" / "search_index.json"
    if index.is_file():
        docs = enrich_file(index, vocabulary(vault))
        log.info("reglas: índice de búsqueda en español enriquecido (%d documentos)", docs)
        if node() is None:
            log.info("reglas: sin Node.js no se precompila el índice de búsqueda: cada página lo construirá "
                        "al abrirse (instala nodejs)")
        else:
            log.info("reglas: índice de búsqueda precompilado (%d documentos)", prebuild_search(site))
