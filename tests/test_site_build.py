"""The real mkdocs-material build: strict, offline, with anchors, symbols, permalinks and backlinks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from checker.errors import ReglasError
from checker.sitegen.build import build_site
from checker.vault.vault import Vault
from tests.conftest import MakeVault

KEYWORD_PAGES = ("alerta", "guardaespaldas", "impulso", "desafiador", "evasivo", "temerario", "resistencia", "prisa",
                 "cambio", "cantante", "cantar-juntos", "apoyo", "desvanecer", "resguardo")
TOPICS = [
    "lorcana/1-conceptos/verificacion-del-estado-del-juego",
    "lorcana/1-conceptos/dano",
    "lorcana/2-desarrollo-de-la-partida/preparacion-de-la-partida",
    "lorcana/3-estructura-del-turno/fase-de-inicio-del-turno",
    "lorcana/3-estructura-del-turno/fase-final-del-turno",
    "lorcana/4-acciones-de-turno/jugar-una-carta",
    "lorcana/4-acciones-de-turno/entintar",
    "lorcana/4-acciones-de-turno/mision",
    "lorcana/4-acciones-de-turno/desafiar",
    "lorcana/4-acciones-de-turno/mover-a-una-ubicacion",
    "lorcana/5-cartas-y-tipos-de-carta/personajes",
    "lorcana/5-cartas-y-tipos-de-carta/acciones-y-canciones",
    "lorcana/5-cartas-y-tipos-de-carta/objetos",
    "lorcana/5-cartas-y-tipos-de-carta/ubicaciones",
    "lorcana/6-habilidades-efectos-y-resolucion/efectos-de-reemplazo",
    "lorcana/6-habilidades-efectos-y-resolucion/resolver-cartas-y-efectos",
    "lorcana/7-zonas/zonas",
    "lorcana/7-zonas/bolsa",
    "lorcana/9-multijugador/multijugador",
    "lorcana/10-variantes-informales/pack-rush",
    *(f"lorcana/8-palabras-clave/{k}" for k in KEYWORD_PAGES),
    "malifaux/modificadores-del-destino", "malifaux/comodines", "malifaux/burlar-al-destino",
    "malifaux/piedras-de-alma", "espadas-de-ceniza/dados-de-accion", "espadas-de-ceniza/pila-de-resolucion",
]


def page(site: Path, url: str) -> str:
    return (site / url / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("url", TOPICS)
def test_topic_pages_exist(built_site: Path, url: str) -> None:
    assert "reglas-id" in page(built_site, url)


def test_every_rule_has_an_anchor_and_a_permalink(built_site: Path) -> None:
    vault = Vault.load(Path("rules"))
    assert len(vault.rules) > 300
    for rule in vault.rules.values():
        redirect = (built_site / "id" / rule.id.game / rule.id.number / "index.html").read_text(encoding="utf-8")
        target = re.search(r'url=([^"]+)"', redirect) or re.search(r'<strong>Hoy</strong>[^<]*<a href="([^"]+)"',
                                                                   redirect)
        assert target, rule.id
        resolved = (built_site / "id" / rule.id.game / rule.id.number / target.group(1).split("#")[0]).resolve()
        html = (resolved / "index.html").read_text(encoding="utf-8")
        anchor = vault.anchor(rule)
        if anchor:
            assert f'id="{anchor}"' in html, rule.id


def test_challenge_has_its_steps_in_order(built_site: Path) -> None:
    html = page(built_site, "lorcana/4-acciones-de-turno/desafiar")
    steps = ["4-6-4-1", "4-6-4-2", "4-6-4-3", "4-6-4-4", "4-6-4-5", "4-6-5", "4-6-6-1", "4-6-6-2", "4-6-6-3", "4-6-7",
             "4-6-8", "4-6-9"]
    positions = [html.find(f'id="lorcana-{n}"') for n in steps]
    assert all(p > 0 for p in positions) and positions == sorted(positions)


def test_symbols_render_as_icons_with_text(built_site: Path) -> None:
    html = page(built_site, "lorcana/8-palabras-clave/desafiador")
    assert 'class="reglas-sym reglas-sym--strength" role="img" aria-label="Fuerza"' in html
    assert "{S}" not in re.sub(r"<code>.*?</code>", "", html, flags=re.S)


def test_old_numbers_have_their_own_permalinks(built_site: Path) -> None:
    vault = Vault.load(Path("rules"))
    old = vault.numberings["lorcana-1x"]
    assert len(old.numbers) > 250
    for number in old.numbers.values():
        html = (built_site / "id" / "lorcana-1x" / number.id.number / "index.html").read_text(encoding="utf-8")
        assert 'http-equiv="refresh"' in html and f"es hoy <code>{number.current}</code>" in html
    choice = (built_site / "id" / "lorcana" / "4.3.6" / "index.html").read_text(encoding="utf-8")
    assert 'http-equiv="refresh"' not in choice and "lorcana:4.6 — Desafiar" in choice


def test_every_lorcana_page_states_its_edition(built_site: Path) -> None:
    pages = list((built_site / "lorcana").rglob("index.html"))
    assert len(pages) > 60
    for html_file in pages:
        assert "Edición: Reglas Integrales 2.1.0" in html_file.read_text(encoding="utf-8"), html_file


def test_page_shows_id_tags_related_and_backlinks(built_site: Path) -> None:
    html = page(built_site, "lorcana/8-palabras-clave/evasivo")
    assert ">lorcana:8.6</code>" in html
    assert "md-tag" in html
    assert "Relacionadas" in html and "Enlazado desde" in html
    assert 'href="../alerta/"' in html


def test_wikilink_to_heading_points_to_its_anchor(built_site: Path) -> None:
    assert 'href="lorcana/8-palabras-clave/evasivo/#lorcana-8-6-1"' in page(built_site, ".")


def test_nothing_is_fetched_from_the_network(built_site: Path) -> None:
    html = page(built_site, ".")
    assert "fonts.googleapis" not in html and "fonts.gstatic" not in html
    assert '<html lang="es"' in html


def test_broken_link_fails_strict_build_with_file_and_line(make_vault: MakeVault, tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    root = make_vault({"index.md": "# Inicio\n\nVer [[Otra]].\n\nY [[Nada]] y [[Otra#No hay]].\n",
                       "Otra.md": "# Otra\n"})
    with pytest.raises(ReglasError, match="modo estricto"):
        build_site(root, tmp_path / "out", strict=True)
    err = capsys.readouterr().err
    assert "index.md:5:3: enlace roto [[Nada]]" in err
    assert "index.md:5:14: el encabezado «No hay» no existe" in err


def test_foreign_vault_with_embeds_builds(make_vault: MakeVault, tmp_path: Path) -> None:
    root = make_vault({
        "index.md": "# Inicio\n\n![[Logo final.svg|20]]\n\n[[Notas (2024)/Plan v1.2#Sección Única|plan]]\n",
        "Notas (2024)/Plan v1.2.md": "# Plan\n\n## Sección Única\n\nVuelve a [[#Sección Única]].\n",
        "img/Logo final.svg": '<svg xmlns="http://www.w3.org/2000/svg"/>',
    })
    out = build_site(root, tmp_path / "out", strict=True)
    html = (out / "index.html").read_text(encoding="utf-8")
    assert 'src="img/Logo%20final.svg"' in html and 'width="20"' in html
    assert 'href="notas-2024/plan-v1-2/#seccion-unica"' in html


#: A row of a page's scenario list whose scenario passes.
_PASSED = '<tr><td><span title="se cumple">✓</span></td>'


@pytest.mark.parametrize("page", KEYWORD_PAGES)
def test_every_keyword_page_shows_its_scenarios(built_site: Path, page: str) -> None:
    html = (built_site / "lorcana" / "8-palabras-clave" / page / "index.html").read_text(encoding="utf-8")
    table = html.split('<details class="reglas-scenarios"', 1)
    assert len(table) == 2, page
    assert table[1].count(_PASSED) >= 2, page


@pytest.mark.parametrize("page", ["modificadores-del-destino", "comodines", "burlar-al-destino", "piedras-de-alma",
                                  "duelos", "disparadores", "matematicas", "determinacion-aleatoria",
                                  "baraja-del-destino"])
def test_malifaux_pages_show_their_scenarios(built_site: Path, page: str) -> None:
    html = (built_site / "malifaux" / page / "index.html").read_text(encoding="utf-8")
    assert '<details class="reglas-scenarios"' in html and _PASSED in html, page


@pytest.mark.parametrize("page", ["preparacion-de-la-escaramuza", "draft-de-heroes", "mano-inicial-y-cementerio",
                                  "rondas-de-batalla", "emparejamientos", "dados-de-accion", "iniciativa-del-choque",
                                  "limpieza-de-contadores", "resolucion-de-acciones", "pila-de-resolucion",
                                  "ataques-y-dano"])
def test_espadas_pages_show_their_scenarios(built_site: Path, page: str) -> None:
    html = (built_site / "espadas-de-ceniza" / page / "index.html").read_text(encoding="utf-8")
    assert '<details class="reglas-scenarios"' in html and _PASSED in html, page
