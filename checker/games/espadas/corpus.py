"""The Espadas de Ceniza card data (one ``faction_<slug>.json`` per faction), read at run time from a folder."""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from checker.errors import ReglasError

#: The faction every list may add to its own.
MERCENARIES = "mercenarios"

_TAG = re.compile(r"<[^>]+>")
#: A die icon (``<img … alt="Dado Azul">``): the text keeps its colour, as the cards read aloud («Dado Azul»).
_DIE_ICON = re.compile(r"""<img\b[^>]*\balt=["'](?:Dado\s+)?([^"']+)["'][^>]*>""", re.IGNORECASE)
_SPACE = re.compile(r"[ \t\u00a0]+")


def strip_html(text: str) -> list[str]:
    """The paragraphs of an HTML fragment, as plain text (entities decoded, tags dropped, spaces collapsed)."""
    text = re.sub(r"</p>|<br\s*/?>", "\n", text, flags=re.IGNORECASE)
    text = html.unescape(_TAG.sub("", _DIE_ICON.sub(r" \1 ", text)))
    return [_SPACE.sub(" ", line).strip() for line in text.splitlines() if line.strip()]


def _spanish(value: Any) -> str:
    """The Spanish side of a ``{"en": …, "es": …}`` value ("" when absent)."""
    if isinstance(value, dict):
        return str(value.get("es") or "")
    return ""


@dataclass(frozen=True)
class Ability:
    """An active ability of a hero: its cost in die colours and its effect paragraphs."""

    name: str
    cost: str
    attack_type: str | None
    area: bool
    effect: tuple[str, ...]


@dataclass(frozen=True)
class Hero:
    """A hero card."""

    name: str
    faction: str
    hero_class: str
    attributes: dict[str, int]
    passive_name: str
    passive: tuple[str, ...]
    abilities: tuple[Ability, ...]


@dataclass(frozen=True)
class ActionCard:
    """An action card: type (Apoyo, Técnica, Hechizo, Letanía, Equipo…), cost, restriction and effect paragraphs."""

    name: str
    faction: str
    card_type: str
    subtype: str
    cost: str
    unique: bool
    attack_type: str | None
    area: bool
    restriction: tuple[str, ...]
    effect: tuple[str, ...]


@dataclass(frozen=True)
class Faction:
    """A faction: its slug (from the file name), Spanish name, heroes and action cards."""

    slug: str
    name: str
    heroes: tuple[Hero, ...] = ()
    cards: tuple[ActionCard, ...] = ()


@dataclass(frozen=True)
class ClassPassive:
    """The passive every hero of a class has."""

    name: str
    superclass: str
    passive: tuple[str, ...]


@dataclass(frozen=True)
class Corpus:
    """Every faction of a corpus folder, and the class passives (``classes.json``) when present."""

    folder: Path
    factions: dict[str, Faction]
    classes: tuple[ClassPassive, ...] = field(default=())

    def hero(self, name: str) -> Hero | None:
        """The hero with this name (case and accents as written), in any faction."""
        return next((h for f in self.factions.values() for h in f.heroes if h.name == name), None)

    def card(self, name: str) -> ActionCard | None:
        """The action card with this name, in any faction."""
        return next((c for f in self.factions.values() for c in f.cards if c.name == name), None)

    def faction_named(self, name: str) -> Faction | None:
        """The faction with this slug or Spanish name (case-insensitive)."""
        wanted = name.strip().casefold()
        return next((f for f in self.factions.values() if wanted in (f.slug.casefold(), f.name.casefold())), None)


def _load_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise ReglasError(f"no se pudo leer «{path}»: {error}", fix="comprueba la ruta del corpus") from None
    except json.JSONDecodeError as error:
        raise ReglasError(f"JSON no válido ({error.msg})", where=f"{path}:{error.lineno}:{error.colno}",
                          fix="comprueba que el archivo del corpus está completo") from None


def _paragraphs(value: Any) -> tuple[str, ...]:
    return tuple(strip_html(_spanish(value)))


def _hero(data: dict[str, Any], faction: str) -> Hero:
    abilities = tuple(
        Ability(_spanish(a.get("name")), str(a.get("cost") or ""), a.get("attack_type"), bool(a.get("area")),
                _paragraphs(a.get("effect")))
        for a in data.get("abilities") or [])
    attributes = {str(k): int(v) for k, v in (data.get("attributes") or {}).items() if isinstance(v, int)}
    return Hero(_spanish(data.get("name")), faction, _spanish(data.get("class")), attributes,
                _spanish(data.get("passive_name")), _paragraphs(data.get("passive_description")), abilities)


def _card(data: dict[str, Any], faction: str) -> ActionCard:
    return ActionCard(_spanish(data.get("name")), faction, _spanish(data.get("card_type")),
                      _spanish(data.get("card_subtype")), str(data.get("cost") or ""), bool(data.get("is_unique")),
                      data.get("attack_type"), bool(data.get("area")),
                      _paragraphs(data.get("restriction")), _paragraphs(data.get("effect")))


def _faction(path: Path) -> Faction:
    data = _load_json(path)
    if not (isinstance(data, dict) and isinstance(data.get("heroes"), list) and isinstance(data.get("cards"), list)):
        raise ReglasError("el archivo no es una facción de Espadas de Ceniza (faltan «heroes» o «cards»)",
                          where=str(path), fix="usa los archivos faction_*.json del corpus")
    slug = path.stem.removeprefix("faction_")
    name = _spanish(data.get("name")) or slug
    return Faction(slug, name, tuple(_hero(h, slug) for h in data["heroes"]),
                   tuple(_card(c, slug) for c in data["cards"]))


def read_corpus(folder: Path) -> Corpus:
    """Every ``faction_*.json`` of ``folder`` (and ``classes.json``), or a clear error."""
    return _read_corpus(folder.resolve())


@cache
def _read_corpus(folder: Path) -> Corpus:
    if not folder.is_dir():
        raise ReglasError(f"no existe la carpeta del corpus «{folder}»",
                          fix="indica con --corpus la carpeta que contiene los faction_*.json")
    files = sorted(folder.glob("faction_*.json"))
    if not files:
        raise ReglasError(f"la carpeta «{folder}» no tiene archivos faction_*.json",
                          fix="indica con --corpus la carpeta del corpus de Espadas de Ceniza")
    factions = {f.slug: f for f in map(_faction, files)}
    classes: tuple[ClassPassive, ...] = ()
    if (folder / "classes.json").is_file():
        raw = _load_json(folder / "classes.json")
        classes = tuple(ClassPassive(_spanish(c.get("name")), _spanish(c.get("superclass")),
                                     _paragraphs(c.get("passive"))) for c in raw if isinstance(c, dict))
    return Corpus(folder, factions, classes)
