"""How an Espadas de Ceniza ability is told part by part (``reglas parse``): the grammar's roles, in Spanish."""

READING = {
    "prefix": "Cuándo", "condition": "Condición", "subject": "Quién", "clause": "Qué pasa",
    "targets": "A quién", "duration": "Hasta cuándo", "for_each": "Por cada",
}
