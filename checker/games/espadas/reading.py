"""How an Espadas de Ceniza ability is told part by part (``reglas parse``): the grammar's roles, in Spanish."""

READING = {
    "prefix": "Cuándo", "condition": "Condición", "subject": "Quién", "clause": "Qué pasa",
    "targets": "A quién", "duration": "Hasta cuándo", "for_each": "Por cada",
}

#: Lines written for the «Comprobar» page to start from: some that parse and one that does not.
SAMPLES = ("Roba 1 Carta.", "Cura 2 de vida al héroe aliado activo.", "Roba 1 Carta al final.")
