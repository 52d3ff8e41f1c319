"""How a Malifaux action or trigger is told part by part (``reglas parse``): the grammar's roles, in Spanish."""

READING = {
    "stat_block": "Atributos", "duel_test": "Duelo", "moment": "Cuándo", "effect": "Efecto", "target": "Objetivo",
    "condition": "Condición que gana", "duration": "Hasta cuándo",
}

#: Lines written for the «Comprobar» page to start from: some that parse and one that does not.
SAMPLES = ("c Sangría: Al dañar al objetivo, el objetivo gana la Condición Veneno 2.",
           "m Chispa: Al dañar al objetivo, el objetivo gana la Condicion Quemado.")
