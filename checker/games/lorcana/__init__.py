"""Disney Lorcana."""

from pathlib import Path

from checker.game import Game
from checker.games.lorcana.commands import register
from checker.games.lorcana.corpus import read_lorcana_json
from checker.games.lorcana.describe import describe
from checker.games.lorcana.engine.coverage import missing
from checker.games.lorcana.engine.scenario import run_scenario
from checker.games.lorcana.grammar import GRAMMAR
from checker.games.lorcana.reading import READING, SAMPLES
from checker.games.lorcana.reminders import check_reminders

GAME = Game(
    id="lorcana",
    name="Disney Lorcana",
    short_name="Lorcana",
    folder="Lorcana",
    summary="Juego de cartas coleccionables: tinta, misiones, desafíos y palabras clave.",
    position=1,
    grammar=GRAMMAR,
    reading=READING,
    samples=SAMPLES,
    read_cards=read_lorcana_json,
    check=check_reminders,
    scenario_schema=Path(__file__).with_name("scenario.schema.json"),
    search_synonyms=Path(__file__).with_name("search_synonyms.txt"),
    run_scenario=run_scenario,
    engine_gaps=missing,
    describe_scenario=describe,
    commands=register,
)
