"""The «Comprobar» pages the build writes: card text of each game and a scenario, checked in the browser by the
project's own ``reglas`` (Pyodide; :mod:`checker.sitegen.pyodide`). Each page loads ``comprobar.js`` itself, so
no other page pays for Python."""

from __future__ import annotations

import html
from pathlib import Path

from checker.game import Game, games

INDEX = "comprobar/index.md"
PLAY = "comprobar/jugada/index.md"
PLAYS = Path(__file__).resolve().parent / "plays"
_FRONT = "---\nsearch:\n  exclude: true\n---\n"
_SCRIPT = '<script type="module" src="{root}assets/javascripts/comprobar.js"></script>\n'



def text_uri(game: str) -> str:
    return f"comprobar/{game}/index.md"


def _checkable() -> list[Game]:
    return sorted((g for g in games().values() if g.grammar is not None and g.samples),
                  key=lambda g: g.position)


def _box(mode: str, root: str, game: str, label: str, placeholder: str, examples: str) -> str:
    return (f'<div class="reglas-comprobar" data-mode="{mode}" data-game="{game}" data-root="{root}">\n'
            f'<textarea rows="{4 if mode == "texto" else 16}" spellcheck="false" aria-label="{label}" '
            f'placeholder="{html.escape(placeholder)}"></textarea>\n'
            '<p><button class="md-button md-button--primary reglas-comprobar-go" type="button">Comprobar</button> '
            '<span class="reglas-comprobar-estado" role="status"></span></p>\n'
            f'<p class="reglas-ejemplos">Ejemplos: {examples}</p>\n'
            '<pre class="reglas-salida" aria-live="polite"></pre>\n</div>\n')


def text_page(game: Game) -> str:
    examples = " ".join(f'<button class="md-button reglas-ejemplo" type="button" data-text="{html.escape(line)}">'
                        f"{html.escape(line if len(line) < 40 else line[:38] + '…')}</button>"
                        for line in game.samples)
    return (f"{_FRONT}# Comprobar texto: {game.name}\n\n"
            "Pega el texto de una habilidad y pulsa **Comprobar**: sale su estructura y su texto canónico, y la "
            "habilidad contada en partes (cuándo, el coste, la condición, quién, qué pasa, a quién), como lo da "
            "`reglas parse`; o el error con la frase que falla, dónde y la forma conocida más parecida. Todo se "
            "ejecuta en tu navegador con el mismo código que la línea de órdenes; no se "
            "envía nada a ningún servidor.\n\n"
            + _box("texto", "../../", game.id, "Texto de la carta", game.samples[0], examples)
            + _SCRIPT.format(root="../../"))


def play_page() -> str:
    files = sorted(PLAYS.glob("*.yaml"))
    examples = " ".join(f'<button class="md-button reglas-ejemplo" type="button" data-source="jugada-{n}">'
                        f"{html.escape(path.read_text(encoding='utf-8').splitlines()[0].lstrip('# '))}</button>"
                        for n, path in enumerate(files, 1))
    sources = "".join(f'<pre hidden id="jugada-{n}">{html.escape(path.read_text(encoding="utf-8"))}</pre>\n'
                      for n, path in enumerate(files, 1))
    return (f"{_FRONT}# Comprobar jugada\n\n"
            "Escribe la situación en YAML, como los escenarios del proyecto (`tests/scenarios/`): las cartas, la "
            "mesa (`state`), la jugada (`action`) y lo que esperas (`expect`). **Comprobar** da el veredicto "
            "(legal o ilegal), la explicación, las reglas que lo deciden, enlazadas, y el estado final de la mesa, "
            "como `reglas check -v`. Empieza por un ejemplo.\n\n"
            + _box("jugada", "../../", "", "Escenario en YAML", "scenarios:\n  - id: …", examples) + sources
            + _SCRIPT.format(root="../../"))


def index_page() -> str:
    lines = [_FRONT, "# Comprobar", "",
             "Comprueba en el navegador, sin instalar nada, lo mismo que la línea de órdenes `reglas`:", ""]
    for game in _checkable():
        lines.append(f"- [Texto de cartas de {game.name}]({game.id}/index.md): la estructura de una habilidad, "
                     "o por qué no se entiende.")
    lines += ["- [Una jugada](jugada/index.md): el veredicto de un escenario, con las reglas que lo deciden.", "",
              "La primera comprobación carga Python en la página (unos segundos); las siguientes son inmediatas.",
              ""]
    return "\n".join(lines)


def playground_pages() -> dict[str, str]:
    """Source URI → Markdown of the «Comprobar» pages."""
    pages = {INDEX: index_page(), PLAY: play_page()}
    for game in _checkable():
        pages[text_uri(game.id)] = text_page(game)
    return pages


def playground_nav() -> list[object]:
    items: list[object] = [INDEX]
    items += [{game.short_name or game.name: text_uri(game.id)} for game in _checkable()]
    items.append({"Jugada": PLAY})
    return [{"Comprobar": items}]
