"""Malifaux, Second Edition."""

from pathlib import Path

from checker.game import Game
from checker.games.malifaux.commands import register
from checker.games.malifaux.grammar import GRAMMAR
from checker.games.malifaux.reading import READING, SAMPLES
from checker.games.malifaux.scenario import run_scenario

GAME = Game(
    id="malifaux",
    name="Malifaux (Segunda Edición)",
    short_name="Malifaux",
    folder="Malifaux",
    summary="Escaramuzas con miniaturas resueltas con duelos contra la Baraja del Destino.",
    position=2,
    grammar=GRAMMAR,
    reading=READING,
    samples=SAMPLES,
    commands=register,
    scenario_schema=Path(__file__).with_name("scenario.schema.json"),
    search_synonyms=Path(__file__).with_name("search_synonyms.txt"),
    run_scenario=run_scenario,
)
