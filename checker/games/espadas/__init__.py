"""Espadas de Ceniza: Choque de Leyendas."""

from checker.game import Game

GAME = Game(
    id="espadas",
    name="Espadas de Ceniza: Choque de Leyendas",
    folder="Espadas de Ceniza",
    summary="Escaramuzas de cartas y dados entre héroes emparejados.",
    position=3,
)
