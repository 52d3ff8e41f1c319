"""The Espadas de Ceniza card data (one ``faction_<slug>.json`` per faction), read at run time from a folder."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from checker.errors import ReglasError
from checker.inputs import ABSENT, JsonAt, read_json

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


def _spanish(value: JsonAt) -> str:
    """The Spanish side of a ``{"en": …, "es": …}`` value ("" when absent, null or an empty list)."""
    if value.value is ABSENT or value.value is None or value.value == []:
        return ""
    value.mapping()
    return value.key("es").text()


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


_FIX = "usa los archivos del corpus de Espadas de Ceniza sin modificar"


def _paragraphs(value: JsonAt) -> tuple[str, ...]:
    return tuple(strip_html(_spanish(value)))


def _optional_text(value: JsonAt) -> str | None:
    return value.text() or None


def _hero(data: JsonAt, faction: str) -> Hero:
    abilities = tuple(
        Ability(_spanish(a.key("name")), a.key("cost").text(), _optional_text(a.key("attack_type")),
                a.key("area").flag(), _paragraphs(a.key("effect")))
        for a in data.key("abilities").items(optional=True))
    attributes = data.key("attributes")
    numbers = {} if attributes.value is ABSENT or attributes.value is None else attributes.mapping()
    return Hero(_spanish(data.key("name")), faction, _spanish(data.key("class")),
                {str(k): v for k, v in numbers.items() if isinstance(v, int) and not isinstance(v, bool)},
                _spanish(data.key("passive_name")), _paragraphs(data.key("passive_description")), abilities)


def _card(data: JsonAt, faction: str) -> ActionCard:
    return ActionCard(_spanish(data.key("name")), faction, _spanish(data.key("card_type")),
                      _spanish(data.key("card_subtype")), data.key("cost").text(), data.key("is_unique").flag(),
                      _optional_text(data.key("attack_type")), data.key("area").flag(),
                      _paragraphs(data.key("restriction")), _paragraphs(data.key("effect")))


def _faction(path: Path) -> Faction:
    data = JsonAt(read_json(path, fix=_FIX), str(path), _FIX)
    if not (isinstance(data.value, dict) and isinstance(data.value.get("heroes"), list)
            and isinstance(data.value.get("cards"), list)):
        raise ReglasError("el archivo no es una facción de Espadas de Ceniza (faltan «heroes» o «cards»)",
                          where=str(path), fix="usa los archivos faction_*.json del corpus")
    slug = path.stem.removeprefix("faction_")
    name = _spanish(data.key("name")) or slug
    return Faction(slug, name, tuple(_hero(h, slug) for h in data.key("heroes").items()),
                   tuple(_card(c, slug) for c in data.key("cards").items()))


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
    path = folder / "classes.json"
    if path.exists() or path.is_symlink():
        raw = JsonAt(read_json(path, fix=_FIX), str(path), _FIX)
        classes = tuple(ClassPassive(_spanish(c.key("name")), _spanish(c.key("superclass")),
                                     _paragraphs(c.key("passive"))) for c in raw.items())
    return Corpus(folder, factions, classes)
