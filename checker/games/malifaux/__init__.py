"""Malifaux, Second Edition."""

from checker.game import Game
from checker.games.malifaux.commands import register

GAME = Game(
    id="malifaux",
    name="Malifaux (Segunda Edición)",
    folder="Malifaux",
    summary="Escaramuzas con miniaturas resueltas con duelos contra la Baraja del Destino.",
    position=2,
    commands=register,
)
