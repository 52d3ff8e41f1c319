"""What a game declares to the core, and the registry that finds the games."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from checker.ids import GameId

if TYPE_CHECKING:
    from checker.grammar.corpus import AbilityLine
    from checker.grammar.frontend import CardGrammar
    from checker.scenario.model import Outcome

CorpusReader = Callable[[Path], "tuple[int, list[AbilityLine]]"]


@dataclass(frozen=True)
class Game:
    """A game's declaration; each subpackage of ``checker.games`` exports one as ``GAME``."""

    id: GameId
    name: str
    #: Folder of the vault that holds the game's rule documents.
    folder: str
    #: The name a search result shows next to its title (the game's usual name).
    short_name: str = ""
    summary: str = ""
    #: Order of the game in the site's navigation.
    position: int = 100
    #: The card-text grammar, if the game has one.
    grammar: CardGrammar | None = None
    #: Reads the game's card data file into ability lines (``reglas validate``).
    read_cards: CorpusReader | None = None
    #: Extra checks of a parsed ability (reminder text against its keyword…): Spanish messages.
    check: Callable[[dict[str, object]], list[str]] | None = None
    #: JSON Schema of the game's scenarios (the envelope is shared: id, game, title, state, action(s), expect).
    scenario_schema: Path | None = None
    #: Runs a scenario's actions on its state; raises ReglasError for an invalid scenario.
    run_scenario: Callable[[dict[str, object]], Outcome] | None = None
    #: A scenario told in Spanish for a reader (Markdown lines: the cards, the table, the play), for the site.
    describe_scenario: Callable[[dict[str, Any]], list[str]] | None = None
    #: Node types of a parsed ability (and its kind in the card data) the game's engine cannot execute yet; empty when
    #: every part of it has a handler (``reglas validate --engine``).
    engine_gaps: Callable[[dict[str, Any], str], list[str]] | None = None
    #: Groups of words and phrases players use for the same thing (``checker.search.synonyms``), for the site's search.
    search_synonyms: Path | None = None
    #: The roles of the grammar's structure a reader is told, and how they read in Spanish (``reglas parse``:
    #: ``checker.grammar.reading``).
    reading: Mapping[str, str] = field(default_factory=dict)
    #: Card text to start from on the game's «Comprobar» page: a few lines that parse and one that does not; a game
    #: without them gets no page.
    samples: tuple[str, ...] = ()
    #: Adds the game's own subcommands (``reglas <game> …``) to the argparse sub-parsers it is given.
    commands: Callable[[Any], None] | None = None


def find_game(game_id: str) -> Game:
    """The game with this ID, or a clear error listing the known ones."""
    from checker.errors import ReglasError

    found = games().get(game_id)
    if found is None:
        known = ", ".join(sorted(games()))
        raise ReglasError(f"no hay ningún juego «{game_id}»", fix=f"usa uno de: {known}")
    return found


@cache
def games() -> dict[GameId, Game]:
    """Every game found under ``checker.games``, by ID (adding a game touches no core file)."""
    import checker.games as package

    found: dict[GameId, Game] = {}
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            found[game.id] = game
    return found
