"""Pages the build writes (never files of the vault), in the navigation and left out of search: the numbered index
(a page per game at ``id/<game>/`` listing every rule ID with its title and page, and ``id/`` listing the games) and
the tags page (``etiquetas/``), which makes every tag of a page a link to the pages that share it."""

from __future__ import annotations

import posixpath
from collections import defaultdict
from urllib.parse import quote

from checker.game import games
from checker.vault.vault import Rule, Vault

INDEX = "id/index.md"
TAGS = "etiquetas/index.md"
_FRONT = "---\nsearch:\n  exclude: true\n---\n"


def game_index_uri(game: str) -> str:
    return f"id/{game}/index.md"


def _link(rule: Rule, vault: Vault, source: str) -> str:
    anchor = vault.anchor(rule)
    relative = posixpath.relpath(rule.path, posixpath.dirname(source))
    return quote(relative) + (f"#{anchor}" if anchor else "")


def _section_title(number: str, rules: list[Rule]) -> str:
    """«1 Conceptos»: the folder of the section's notes when it is named by the number, else the number."""
    folder = posixpath.basename(posixpath.dirname(rules[0].path))
    return folder if folder.split(" ")[0] == number else number


def game_index(vault: Vault, game: str) -> str:
    """The Markdown of ``id/<game>/``: one table per top-level number."""
    source = game_index_uri(game)
    name = games()[game].name if game in games() else game
    by_section: dict[str, list[Rule]] = defaultdict(list)
    for rule in sorted((r for r in vault.rules.values() if r.id.game == game), key=lambda r: r.id.parts):
        by_section[rule.id.number.split(".")[0]].append(rule)
    lines = [_FRONT, f"# Índice por número: {name}", "",
             f"Todas las reglas de {name} por su número. El número lleva a su enlace permanente "
             f"(`id/{game}/<número>/`, el que se cita); el título, a la regla en su página.", ""]
    for number, rules in by_section.items():
        lines += [f"## {_section_title(number, rules)}", "", "| Regla | Título |", "|---|---|"]
        for rule in rules:
            depth = "&nbsp;&nbsp;&nbsp;" * (len(rule.id.parts) - 2)
            title = f"[{rule.title.replace('|', '/')}]({_link(rule, vault, source)})"
            shown = f"**{title}**" if rule.heading is None else depth + title       # a note, or a rule inside it
            lines.append(f'| <a class="reglas-ref" href="{rule.id.number}/"><code>{rule.id}</code></a> | {shown} |')
        lines.append("")
    return "\n".join(lines)


def root_index(vault: Vault) -> str:
    """The Markdown of ``id/``: each game's index and how many rules it has."""
    counts: dict[str, int] = defaultdict(int)
    for rule in vault.rules.values():
        counts[rule.id.game] += 1
    lines = [_FRONT, "# Índice por número", "",
             "Cada regla tiene un ID `juego:número` y un enlace permanente `id/<juego>/<número>/` que no cambia "
             "aunque la regla cambie de página. Elige un juego:", ""]
    for game in sorted(counts, key=lambda g: games()[g].position if g in games() else 1000):
        name = games()[game].name if game in games() else game
        target = posixpath.relpath(game_index_uri(game), posixpath.dirname(INDEX))
        lines.append(f"- [{name}]({quote(target)}): {counts[game]} reglas")
    return "\n".join(lines) + "\n"


def tags_page() -> str:
    """The Markdown of ``etiquetas/``: Material's tags plugin lists there every tag and its pages."""
    return (f"{_FRONT}# Etiquetas\n\nCada etiqueta reúne las páginas de un mismo tema, de cualquier juego.\n\n"
            "<!-- material/tags -->\n")


def index_pages(vault: Vault) -> dict[str, str]:
    """Source URI → Markdown of every page the build writes."""
    pages = {INDEX: root_index(vault), TAGS: tags_page()}
    for game in sorted({rule.id.game for rule in vault.rules.values()}):
        pages[game_index_uri(game)] = game_index(vault, game)
    return pages


def index_nav(vault: Vault) -> list[object]:
    """The navigation entries of the pages the build writes."""
    items: list[object] = [INDEX]
    for game in sorted({rule.id.game for rule in vault.rules.values()},
                       key=lambda g: games()[g].position if g in games() else 1000):
        items.append({games()[game].short_name or games()[game].name if game in games() else game:
                      game_index_uri(game)})
    return [{"Índice por número": items}, {"Etiquetas": TAGS}]
