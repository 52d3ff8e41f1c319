"""How a Lorcana ability is told part by part (``reglas parse``): the grammar's roles and their Spanish names."""

READING = {
    "trigger": "Cuándo", "cost_list": "Coste", "cond": "Condición", "subject": "Quién", "predicate": "Qué pasa",
    "target": "A qué carta", "duration": "Hasta cuándo", "keyword_list": "Palabras clave",
}

#: Lines written for the «Comprobar» page to start from: some that parse and one that does not.
SAMPLES = ("When you play this character, draw a card.", "Whenever this character quests, you may draw a card.",
           "Evasive", "When you play this character, draw a cards.")
