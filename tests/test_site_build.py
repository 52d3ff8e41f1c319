"""The real mkdocs-material build: strict, offline, with anchors, symbols, permalinks and backlinks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from checker.errors import ReglasError
from checker.sitegen.build import build_site
from checker.vault.vault import Vault
from tests.conftest import MakeVault

TOPICS = [
    "lorcana/turno/fase-de-inicio", "lorcana/zonas/zonas", "lorcana/zonas/bolsa",
    "lorcana/conceptos/verificacion-del-estado-del-juego", "lorcana/conceptos/ganar-la-partida",
    "lorcana/cartas/personajes", "lorcana/cartas/acciones-y-canciones", "lorcana/cartas/objetos",
    "lorcana/cartas/ubicaciones", "lorcana/acciones/jugar-una-carta", "lorcana/acciones/entintar",
    "lorcana/acciones/mision", "lorcana/acciones/desafiar", "lorcana/acciones/mover-a-una-ubicacion",
    "lorcana/dano/dano-y-destierro", "lorcana/turno/fin-del-turno",
    *(f"lorcana/palabras-clave/{k}" for k in (
        "alerta", "guardaespaldas", "impulso", "desafiador", "evasivo", "temerario", "resistencia", "prisa",
        "cambio", "cantante", "cantar-juntos", "apoyo", "desvanecer", "resguardo")),
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
        target = re.search(r'url=([^"]+)"', redirect)
        assert target, rule.id
        resolved = (built_site / "id" / rule.id.game / rule.id.number / target.group(1).split("#")[0]).resolve()
        html = (resolved / "index.html").read_text(encoding="utf-8")
        anchor = vault.anchor(rule)
        if anchor:
            assert f'id="{anchor}"' in html, rule.id


def test_challenge_has_twelve_steps_in_order(built_site: Path) -> None:
    html = page(built_site, "lorcana/acciones/desafiar")
    positions = [html.find(f'id="lorcana-4-3-6-{n}"') for n in range(1, 13)]
    assert all(p > 0 for p in positions) and positions == sorted(positions)


def test_symbols_render_as_icons_with_text(built_site: Path) -> None:
    html = page(built_site, "lorcana/palabras-clave/desafiador")
    assert 'class="reglas-sym reglas-sym--strength" role="img" aria-label="Fuerza"' in html
    assert "{S}" not in re.sub(r"<code>.*?</code>", "", html, flags=re.S)


def test_page_shows_id_tags_related_and_backlinks(built_site: Path) -> None:
    html = page(built_site, "lorcana/palabras-clave/evasivo")
    assert ">lorcana:10.6</code>" in html
    assert "md-tag" in html
    assert "Relacionadas" in html and "Enlazado desde" in html
    assert 'href="../alerta/"' in html


def test_wikilink_to_heading_points_to_its_anchor(built_site: Path) -> None:
    assert 'href="lorcana/palabras-clave/evasivo/#lorcana-10-6-2"' in page(built_site, ".")


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


@pytest.mark.parametrize("page", ["alerta", "guardaespaldas", "desafiador", "evasivo", "temerario", "resistencia",
                                  "prisa", "cantante", "cambio", "cantar-juntos", "apoyo", "impulso", "desvanecer",
                                  "resguardo"])
def test_every_keyword_page_shows_its_scenarios(built_site: Path, page: str) -> None:
    html = (built_site / "lorcana" / "palabras-clave" / page / "index.html").read_text(encoding="utf-8")
    table = html.split("Escenarios comprobados", 1)
    assert len(table) == 2, page
    assert table[1].count("<tr><td>✓</td>") >= 2, page


@pytest.mark.parametrize("page", ["modificadores-del-destino", "comodines", "burlar-al-destino", "piedras-de-alma",
                                  "duelos", "disparadores", "matematicas", "determinacion-aleatoria",
                                  "baraja-del-destino"])
def test_malifaux_pages_show_their_scenarios(built_site: Path, page: str) -> None:
    html = (built_site / "malifaux" / page / "index.html").read_text(encoding="utf-8")
    assert "Escenarios comprobados" in html and "<tr><td>✓</td>" in html, page


@pytest.mark.parametrize("page", ["preparacion-de-la-escaramuza", "draft-de-heroes", "mano-inicial-y-cementerio",
                                  "rondas-de-batalla", "emparejamientos", "dados-de-accion", "iniciativa-del-choque",
                                  "limpieza-de-contadores", "resolucion-de-acciones", "pila-de-resolucion",
                                  "ataques-y-dano"])
def test_espadas_pages_show_their_scenarios(built_site: Path, page: str) -> None:
    html = (built_site / "espadas-de-ceniza" / page / "index.html").read_text(encoding="utf-8")
    assert "Escenarios comprobados" in html and "<tr><td>✓</td>" in html, page
