"""Ability lines of the Espadas de Ceniza corpus (``reglas validate``): one line per paragraph of card text."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from checker.errors import ReglasError
from checker.games.espadas.corpus import Corpus, Faction, read_corpus
from checker.games.espadas.grammar import normalise
from checker.grammar.corpus import AbilityLine


def _faction_lines(faction: Faction) -> Iterator[AbilityLine]:
    for hero in faction.heroes:
        yield from (AbilityLine(hero.name, "pasiva", normalise(p)) for p in hero.passive)
        for ability in hero.abilities:
            yield from (AbilityLine(hero.name, "habilidad", normalise(p)) for p in ability.effect)
    for card in faction.cards:
        yield from (AbilityLine(card.name, "restricción", normalise(p)) for p in card.restriction)
        yield from (AbilityLine(card.name, "efecto", normalise(p)) for p in card.effect)


def corpus_lines(corpus: Corpus, factions: list[str] | None = None) -> tuple[int, list[AbilityLine]]:
    """Cards and lines of some factions (all, and the class passives, when ``factions`` is ``None``)."""
    chosen = [f for slug, f in corpus.factions.items() if factions is None or slug in factions]
    lines = [line for faction in chosen for line in _faction_lines(faction)]
    cards = sum(len(f.heroes) + len(f.cards) for f in chosen)
    if factions is None:
        lines += [AbilityLine(c.name, "clase", normalise(p)) for c in corpus.classes for p in c.passive]
        cards += len(corpus.classes)
    return cards, lines


def read_cards(path: Path) -> tuple[int, list[AbilityLine]]:
    """A corpus folder (every faction and the classes) or one ``faction_<slug>.json`` of it."""
    if path.is_dir():
        return corpus_lines(read_corpus(path))
    if not path.name.startswith("faction_"):
        raise ReglasError("no es un archivo de facción del corpus (faction_<nombre>.json)", where=str(path),
                          fix="indica la carpeta del corpus o uno de sus archivos faction_*.json")
    return corpus_lines(read_corpus(path.parent), [path.stem.removeprefix("faction_")])
