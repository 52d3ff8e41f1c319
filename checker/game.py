"""What a game declares to the core, and the registry that finds the games."""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from functools import cache

from checker.ids import GameId


@dataclass(frozen=True)
class Game:
    """A game's declaration; each subpackage of ``checker.games`` exports one as ``GAME``."""

    id: GameId
    name: str
    #: Folder of the vault that holds the game's rule documents.
    folder: str
    summary: str = ""
    #: Order of the game in the site's navigation.
    position: int = 100


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
