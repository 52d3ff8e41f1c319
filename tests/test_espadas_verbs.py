"""Spanish verb forms generated from lemmas (checker/games/espadas/verbs.py): one case per line."""

from __future__ import annotations

import re

import pytest

from checker.games.espadas.grammar import GRAMMAR
from checker.games.espadas.verbs import Verb, conjugate, expand_verbs, forms, verb_lemmas
from checker.paths import GRAMMAR_DIR

# lemma[:change]  →  forms that must be generated
EXPECTED = """
curar           cura curas curan cure cures curen curando cúralo cúrale cúrate curarse curárselo curándolo cúraselo
colocar         coloca coloque coloquen colócale colócaselo colocarlo colocándolos
pagar           paga pague paguen págalo pagarlo
lanzar          lanza lance lancen lánzalo
jugar:ue        juega juegas juegan juegue jueguen juégala jugarla jugando
mover:ue        mueve mueva muevan muévelo moverlo moviendo
devolver:ue     devuelve devuelva devuélvelo devolverlo devolviendo
elegir:i        elige elija elijan elígelo eligiendo elegirlo
repetir:i       repite repita repítelo repitiendo
perder:ie       pierde pierda pierdan perdiendo
destruir:y      destruye destruya destruyen destruyendo destrúyelo
recibir         recibe reciba reciban recibiendo
guardar         guarda guárdalo guardarlo guárdaselo
quitar          quita quítalo quítaselo quitarle
intercambiar    intercambia intercámbialo intercambialo
hacer           haz hace hacen haga hagan hazle hazlo haciendo hacerle
poner           pon pone ponga ponlo pónselo poniendo
"""

CASES = [(line.split()[0], line.split()[1:]) for line in EXPECTED.strip().splitlines()]


@pytest.mark.parametrize(("spec", "expected"), CASES, ids=[spec for spec, _ in CASES])
def test_forms(spec: str, expected: list[str]) -> None:
    assert set(expected) <= forms(spec)


def test_no_verb_form_is_a_function_word() -> None:
    # every form the grammar's lexicon generates; a preposition or article among them would break every sentence
    generated = set(verb_lemmas((GRAMMAR_DIR / "espadas.lark").read_text(encoding="utf-8")))
    assert len(generated) > 5000
    assert not {"de", "del", "el", "la", "las", "los", "a", "al", "en", "y", "o", "que", "se", "si"} & generated


def test_stem_change_leaves_unstressed_forms() -> None:
    assert "juegar" not in conjugate(Verb("jugar", "ue"))
    assert "jugar" in conjugate(Verb("jugar", "ue"))


def test_macro_expands_to_an_alternation() -> None:
    pattern = re.compile(expand_verbs("(?:@verbs(curar robar))"))
    assert all(pattern.fullmatch(word) for word in ("cura", "róbala", "robarle"))
    assert not any(pattern.fullmatch(word) for word in ("curación", "rob", "@verbs(curar robar)"))


@pytest.mark.parametrize("line", [
    "Cúrate 2 de vida.",
    "Puedes descartarla para robar 1 Carta.",
    "Si ya lo tenía, roba 1 Carta.",
])
def test_generated_forms_parse(line: str) -> None:
    assert GRAMMAR.parses(line)


def test_generic_action_verb_with_typed_objects() -> None:
    tree = GRAMMAR.parse("Consume todos los contadores de perjuicio del héroe rival emparejado.")
    assert "action" in str(tree) and "counter" in str(tree)


def test_capitalised_name_is_not_a_verb() -> None:
    # «Marea» names a card here; only at the start of a sentence is a capitalised word read as a verb
    assert GRAMMAR.parses("Si ya jugaste un Hechizo Marea en este Choque, roba 1 Carta.")
