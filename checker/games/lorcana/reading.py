"""How a Lorcana ability is told part by part (``reglas parse``): the grammar's roles and their Spanish names."""

READING = {
    "trigger": "Cuándo", "cost_list": "Coste", "cond": "Condición", "subject": "Quién", "predicate": "Qué pasa",
    "target": "A qué carta", "duration": "Hasta cuándo", "keyword_list": "Palabras clave",
}
