"""List validation (espadas:1.2–1.4): one faction plus Mercenarios, 5 heroes, an action deck of 30+ with ≤ 2 copies."""

from __future__ import annotations

import difflib
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from checker.errors import ReglasError
from checker.games.espadas.corpus import MERCENARIES, Corpus

HEROES = 5
MIN_DECK = 30
MAX_COPIES = 2


@dataclass(frozen=True)
class FactionEntry:
    """What a faction offers a list: its name and the names of its heroes and action cards."""

    slug: str
    name: str
    heroes: frozenset[str]
    cards: frozenset[str]


@dataclass(frozen=True)
class Catalog:
    """Every faction a list may choose from (from the corpus, or written in a scenario)."""

    factions: dict[str, FactionEntry]

    @classmethod
    def from_corpus(cls, corpus: Corpus) -> Catalog:
        return cls({f.slug: FactionEntry(f.slug, f.name, frozenset(h.name for h in f.heroes),
                                         frozenset(c.name for c in f.cards)) for f in corpus.factions.values()})

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Catalog:
        """``{slug: {name, heroes: [...], cards: [...]}}`` as written in a scenario's state."""
        return cls({slug: FactionEntry(slug, str(v.get("name", slug)), frozenset(map(str, v.get("heroes") or [])),
                                       frozenset(map(str, v.get("cards") or []))) for slug, v in data.items()})

    def faction(self, name: str) -> FactionEntry | None:
        wanted = name.strip().casefold()
        return next((f for f in self.factions.values() if wanted in (f.slug.casefold(), f.name.casefold())), None)

    def owner(self, name: str, kind: str) -> FactionEntry | None:
        """The faction that has a hero (``kind="heroes"``) or an action card (``"cards"``) of this name."""
        return next((f for f in self.factions.values() if name in getattr(f, kind)), None)

    def names(self, kind: str) -> list[str]:
        return sorted({n for f in self.factions.values() for n in getattr(f, kind)})


@dataclass(frozen=True)
class Problem:
    """One way the list breaks the rules: the rule it breaks, where (a key path of the list) and what."""

    rule: str
    where: tuple[str | int, ...]
    message: str


@dataclass
class Report:
    """The verdict on a list."""

    faction: str = ""
    heroes: int = 0
    deck: int = 0
    problems: list[Problem] = field(default_factory=list)

    @property
    def valid(self) -> bool:
        return not self.problems


def _suggest(name: str, known: list[str]) -> str:
    close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
    return f" (¿quisiste decir «{close[0]}»?)" if close else ""


def deck_entries(deck: Any) -> list[tuple[str, int, tuple[str | int, ...]]]:
    """The deck as (card, copies, key path): a mapping ``carta: copias`` or a list of names (repeats count)."""
    if isinstance(deck, dict):
        entries: list[tuple[str, int, tuple[str | int, ...]]] = []
        for name, copies in deck.items():
            if not isinstance(copies, int) or isinstance(copies, bool) or copies < 1:
                raise ReglasError(f"mazo.{name}: «{copies}» no es un número de copias",
                                  fix="escribe «Nombre de la carta: 2» con un entero positivo")
            entries.append((str(name), copies, ("mazo", str(name))))
        return entries
    if isinstance(deck, list):
        return [(str(name), 1, ("mazo", index)) for index, name in enumerate(deck)]
    raise ReglasError("«mazo» debe ser un diccionario «carta: copias» o una lista de cartas",
                      fix="por ejemplo:  mazo: {Mi Carta: 2, Otra Carta: 1}")


def _allowed(catalog: Catalog, chosen: FactionEntry | None) -> set[str]:
    return {chosen.slug, MERCENARIES} if chosen else set(catalog.factions)


def _check_member(catalog: Catalog, chosen: FactionEntry | None, name: str, kind: str,
                  where: tuple[str | int, ...]) -> Problem | None:
    noun = "ningún héroe" if kind == "heroes" else "ninguna carta de acción"
    owner = catalog.owner(name, kind)
    if owner is None:
        return Problem("espadas:1.3" if kind == "heroes" else "espadas:1.4", where,
                       f"no hay {noun} «{name}» en el corpus{_suggest(name, catalog.names(kind))}")
    if chosen and owner.slug not in _allowed(catalog, chosen):
        return Problem("espadas:1.2", where, f"«{name}» es de {owner.name}: solo valen {chosen.name} y Mercenarios")
    return None


def validate_list(data: Any, catalog: Catalog) -> Report:
    """Every problem of a list ``{faccion, heroes, mazo}``; bad shapes raise a clear ReglasError."""
    if not isinstance(data, dict):
        raise ReglasError("la lista debe ser un diccionario con «faccion», «heroes» y «mazo»",
                          fix="mira el ejemplo de «reglas espadas validar --help»")
    report = Report()
    faction_name = data.get("faccion", data.get("facción"))
    chosen = catalog.faction(str(faction_name)) if faction_name is not None else None
    if faction_name is None:
        report.problems.append(Problem("espadas:1.2", (), "la lista no indica su facción («faccion: …»)"))
    elif chosen is None:
        known = [f.name for f in catalog.factions.values()]
        report.problems.append(Problem("espadas:1.2", ("faccion",),
                                       f"no hay ninguna facción «{faction_name}»{_suggest(str(faction_name), known)}"))
    report.faction = chosen.slug if chosen else ""
    heroes = data.get("heroes", data.get("héroes")) or []
    if not isinstance(heroes, list):
        raise ReglasError("«heroes» debe ser una lista de nombres de héroe", fix="escribe  heroes: [A, B, C, D, E]")
    report.heroes = len(heroes)
    for index, hero in enumerate(heroes):
        problem = _check_member(catalog, chosen, str(hero), "heroes", ("heroes", index))
        if problem:
            report.problems.append(problem)
    for hero, count in Counter(map(str, heroes)).items():
        if count > 1:
            report.problems.append(Problem("espadas:1.3", ("heroes",), f"el héroe «{hero}» está {count} veces"))
    if len(heroes) != HEROES:
        report.problems.append(Problem("espadas:1.3", ("heroes",),
                                       f"la lista tiene {len(heroes)} héroes y debe tener exactamente {HEROES}"))
    entries = deck_entries(data.get("mazo") or [])
    copies: Counter[str] = Counter()
    first: dict[str, tuple[str | int, ...]] = {}
    for name, count, where in entries:
        copies[name] += count
        first.setdefault(name, where)
        problem = _check_member(catalog, chosen, name, "cards", where)
        if problem:
            report.problems.append(problem)
    report.deck = sum(copies.values())
    for name, count in copies.items():
        if count > MAX_COPIES:
            report.problems.append(Problem("espadas:1.4.2", first[name],
                                           f"hay {count} copias de «{name}» y el máximo es {MAX_COPIES}"))
    if report.deck < MIN_DECK:
        report.problems.append(Problem("espadas:1.4.1", ("mazo",),
                                       f"el mazo tiene {report.deck} cartas y debe tener al menos {MIN_DECK}"))
    return report
