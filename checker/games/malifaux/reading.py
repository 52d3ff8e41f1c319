"""How a Malifaux action or trigger is told part by part (``reglas parse``): the grammar's roles, in Spanish."""

READING = {
    "stat_block": "Atributos", "duel_test": "Duelo", "moment": "Cuándo", "effect": "Efecto", "target": "Objetivo",
    "condition": "Condición que gana", "duration": "Hasta cuándo",
}
