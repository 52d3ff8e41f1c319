"""Disney Lorcana."""

from checker.game import Game

GAME = Game(
    id="lorcana",
    name="Disney Lorcana",
    folder="Lorcana",
    summary="Juego de cartas coleccionables: tinta, misiones, desafíos y palabras clave.",
    position=1,
)
