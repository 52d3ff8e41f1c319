"""Espadas de Ceniza: Choque de Leyendas."""

from pathlib import Path

from checker.game import Game
from checker.games.espadas.cardtext import read_cards
from checker.games.espadas.commands import register
from checker.games.espadas.grammar import GRAMMAR
from checker.games.espadas.reading import READING, SAMPLES
from checker.games.espadas.scenario import run_scenario

GAME = Game(
    id="espadas",
    name="Espadas de Ceniza: Choque de Leyendas",
    short_name="Espadas de Ceniza",
    folder="Espadas de Ceniza",
    summary="Escaramuzas de cartas y dados entre héroes emparejados.",
    position=3,
    grammar=GRAMMAR,
    reading=READING,
    samples=SAMPLES,
    read_cards=read_cards,
    commands=register,
    scenario_schema=Path(__file__).with_name("scenario.schema.json"),
    search_synonyms=Path(__file__).with_name("search_synonyms.txt"),
    run_scenario=run_scenario,
)
