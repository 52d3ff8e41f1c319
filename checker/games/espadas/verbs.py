"""Spanish verb forms, generated from the infinitive: the grammar lists lemmas, never their forms.

Card text addresses the player (``cura``, ``colócale``, ``descártala``), describes heroes (``recibe``, ``reciban``),
and names actions (``curarse``, ``hacerlo``, ``curándolo``). :func:`forms` writes every such form of a verb —
the infinitive, the imperative for «tú», the present indicative, imperfect and subjunctive of «tú», «él» and
«ellos», and the gerund, each also with one enclitic pronoun or with «se» and a second one — with the written
accent Spanish spelling asks for. A lemma may carry its stem change after a colon: ``jugar:ue``,
``perder:ie``, ``elegir:i``, ``destruir:y``.

The grammar writes a verb class as ``@verbs(curar sanar)`` inside a terminal's pattern (``@past(…)`` for the
past forms: «jugaste», «ha jugado», «hubieras jugado»); :func:`expand_verbs` replaces it with an alternation of
all the forms, before lark reads the grammar. A long list is written once, as a comment line
``// @lexicon NAME: lemma …``, and used as ``$NAME`` inside the macros.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from checker.text import trie_regex

_VOWELS = "aeiouáéíóúü"
_STRONG = "aeoáéó"
_ACCENTED = str.maketrans("aeiou", "áéíóú")
_PLAIN = str.maketrans("áéíóú", "aeiou")

#: Pronouns written after an imperative, infinitive or gerund.
SINGLE_CLITICS = ("lo", "la", "los", "las", "le", "les", "se", "te", "me")
DOUBLE_CLITICS = ("selo", "sela", "selos", "selas", "telo", "tela", "telos", "telas")

#: Verbs whose forms do not follow from the infinitive: imperative, present (tú, él, ellos), subjunctive stem,
#: gerund.
IRREGULAR: dict[str, tuple[str, tuple[str, str, str], str, str]] = {
    "hacer": ("haz", ("haces", "hace", "hacen"), "hag", "haciendo"),
    "deshacer": ("deshaz", ("deshaces", "deshace", "deshacen"), "deshag", "deshaciendo"),
    "poner": ("pon", ("pones", "pone", "ponen"), "pong", "poniendo"),
    "reponer": ("repón", ("repones", "repone", "reponen"), "repong", "reponiendo"),
    "tener": ("ten", ("tienes", "tiene", "tienen"), "teng", "teniendo"),
    "obtener": ("obtén", ("obtienes", "obtiene", "obtienen"), "obteng", "obteniendo"),
    "retener": ("retén", ("retienes", "retiene", "retienen"), "reteng", "reteniendo"),
    "mantener": ("mantén", ("mantienes", "mantiene", "mantienen"), "manteng", "manteniendo"),
    "decir": ("di", ("dices", "dice", "dicen"), "dig", "diciendo"),
    "salir": ("sal", ("sales", "sale", "salen"), "salg", "saliendo"),
    "traer": ("trae", ("traes", "trae", "traen"), "traig", "trayendo"),
    "atraer": ("atrae", ("atraes", "atrae", "atraen"), "atraig", "atrayendo"),
    "prevenir": ("prevén", ("previenes", "previene", "previenen"), "preveng", "previniendo"),
}


@dataclass(frozen=True)
class Verb:
    lemma: str
    change: str = ""

    @property
    def ending(self) -> str:
        return self.lemma[-2:]

    @property
    def stem(self) -> str:
        return self.lemma[:-2]

    def changed_stem(self) -> str:
        """The stem with its stressed vowel changed (``jug`` → ``jueg``, ``eleg`` → ``elig``)."""
        if not self.change:
            return self.stem
        if self.change == "y":
            return self.stem + "y"
        source = {"ue": "ou", "ie": "e", "i": "e"}[self.change]
        stem = self.stem
        for index in range(len(stem) - 1, -1, -1):
            if stem[index] in source and not (index > 0 and stem[index - 1] in "gq" and stem[index] == "u"):
                return stem[:index] + self.change + stem[index + 1:]
        return stem


def _soften(stem: str, vowel: str) -> str:
    """Spelling before ``vowel``: coloc+e → coloqu, pag+e → pagu, lanz+e → lanc, eleg+a → elij, segu+a → sig."""
    if vowel in "eé":
        for end, new in (("c", "qu"), ("g", "gu"), ("z", "c")):
            if stem.endswith(end):
                return stem[:-1] + new
    else:
        for end, new in (("gu", "g"), ("g", "j"), ("c", "z")):
            if stem.endswith(end) and not stem.endswith("qu"):
                return stem[:-len(end)] + new
    return stem


def _nuclei(word: str) -> list[tuple[int, int]]:
    """Spans of the vowel nuclei of a word (diphthongs one nucleus; «qu», «gue», «gui» silent u)."""
    spans: list[tuple[int, int]] = []
    index = 0
    while index < len(word):
        char = word[index]
        silent = char == "u" and index > 0 and word[index - 1] in "gq" and index + 1 < len(word) \
            and word[index + 1] in "eiéí"
        if char not in _VOWELS or silent:
            index += 1
            continue
        end = index + 1
        while end < len(word) and word[end] in _VOWELS and not (word[end] in _STRONG and word[end - 1] in _STRONG):
            end += 1
        spans.append((index, end))
        index = end
    return spans


def _stress(word: str, from_end: int) -> str:
    """``word`` with a written accent on its ``from_end``-th nucleus from the end (1: last)."""
    if any(c in "áéíóú" for c in word):
        return word
    spans = _nuclei(word)
    if len(spans) < from_end:
        return word
    start, end = spans[-from_end]
    nucleus = word[start:end]
    strong = [i for i, c in enumerate(nucleus) if c in _STRONG]
    at = start + (strong[0] if strong else len(nucleus) - 1)
    return word[:at] + word[at].translate(_ACCENTED) + word[at + 1:]


def _plain_stress(word: str) -> int:
    """Which nucleus from the end a word without written accent stresses (Spanish default rule)."""
    return 2 if word[-1] in _VOWELS + "ns" and len(_nuclei(word)) > 1 else 1


def _with_clitics(base: str, stressed_from_end: int) -> set[str]:
    """``base`` followed by one pronoun or two, accented so the stress stays where it was (and, as cards are
    sometimes printed, without the accent)."""
    out = set()
    for clitics in SINGLE_CLITICS + DOUBLE_CLITICS:
        syllables = 2 if clitics in DOUBLE_CLITICS else 1
        word = base + clitics
        out.add(word)                                        # printed cards also drop the accent («intercambialo»)
        if stressed_from_end + syllables >= 3:
            out.add(_stress(base, stressed_from_end) + clitics)
    return out


def conjugate(verb: Verb) -> set[str]:
    """Every form card text uses of ``verb``."""
    lemma, stem, ending = verb.lemma, verb.stem, verb.ending
    if lemma in IRREGULAR:
        imperative, present, subjunctive_stem, gerund = IRREGULAR[lemma]
        subjunctive = [subjunctive_stem + end for end in ("a", "as", "an")] if ending != "ar" else \
            [subjunctive_stem + end for end in ("e", "es", "en")]
        presents = list(present)
    else:
        changed = verb.changed_stem()
        if ending == "ar":
            imperative = changed + "a"
            presents = [changed + "as", changed + "a", changed + "an"]
            subjunctive = [_soften(changed, "e") + end for end in ("e", "es", "en")]
            gerund = stem + "ando"
        else:
            imperative = changed + "e"
            presents = [changed + "es", changed + "e", changed + "en"]
            subjunctive = [_soften(changed, "a") + end for end in ("a", "as", "an")]
            gerund_stem = verb.changed_stem() if ending == "ir" and verb.change in ("i", "ie") else stem
            if ending == "ir" and verb.change == "ie":
                gerund_stem = gerund_stem.replace("ie", "i")
            gerund = gerund_stem + ("yendo" if gerund_stem[-1:] in _VOWELS else "iendo")
    past = [stem + end for end in (("aba", "abas", "aban") if ending == "ar" else ("ía", "ías", "ían"))]
    forms = {lemma, imperative, gerund, *presents, *subjunctive, *past}
    forms |= _with_clitics(imperative.translate(_PLAIN) if lemma in IRREGULAR else imperative,
                           _plain_stress(imperative) if not any(c in "áéíóú" for c in imperative) else 1)
    forms |= _with_clitics(lemma, 1)
    forms |= _with_clitics(gerund, 2)
    return forms


#: Irregular participles and preterites (tú, él, ellos).
PARTICIPLES = {"hacer": "hecho", "poner": "puesto", "devolver": "devuelto", "resolver": "resuelto", "decir": "dicho",
               "volver": "vuelto", "romper": "roto", "abrir": "abierto", "cubrir": "cubierto", "envolver": "envuelto",
               "reponer": "repuesto", "deshacer": "deshecho"}
PRETERITES = {"hacer": ("hiciste", "hizo", "hicieron"), "poner": ("pusiste", "puso", "pusieron"),
              "tener": ("tuviste", "tuvo", "tuvieron"), "obtener": ("obtuviste", "obtuvo", "obtuvieron"),
              "decir": ("dijiste", "dijo", "dijeron"), "traer": ("trajiste", "trajo", "trajeron"),
              "mantener": ("mantuviste", "mantuvo", "mantuvieron"), "retener": ("retuviste", "retuvo", "retuvieron")}
#: The auxiliary of the compound pasts («has jugado», «haya jugado», «hubieras jugado»).
AUXILIARIES = ("ha", "has", "han", "haya", "hayas", "hayan", "había", "habías", "habían", "hubiera", "hubieras",
               "hubieran")


def past(verb: Verb) -> set[str]:
    """The past forms of ``verb``: the preterite of «tú», «él» and «ellos», and the compound pasts."""
    lemma, stem, ending = verb.lemma, verb.stem, verb.ending
    if lemma in PRETERITES:
        simple = set(PRETERITES[lemma])
    elif ending == "ar":
        simple = {stem + "aste", stem + "ó", stem + "aron"}
    else:
        third = verb.changed_stem().replace("ie", "i") if ending == "ir" and verb.change in ("i", "ie") else stem
        vowel = stem[-1:] in _VOWELS
        simple = {stem + ("íste" if stem[-1:] in "aeo" else "iste"), third + ("yó" if vowel else "ió"),
                  third + ("yeron" if vowel else "ieron")}
    regular = "ado" if ending == "ar" else ("ído" if stem[-1:] in "aeo" else "ido")
    participle = PARTICIPLES.get(lemma) or stem + regular
    return simple | {f"{auxiliary} {participle}" for auxiliary in AUXILIARIES}


def _verb(spec: str) -> Verb:
    lemma, _, change = spec.partition(":")
    return Verb(lemma, change)


@cache
def forms(specs: str) -> frozenset[str]:
    """The forms of the space-separated verb specs ``specs``."""
    return frozenset(form for spec in specs.split() for form in conjugate(_verb(spec)))


@cache
def past_forms(specs: str) -> frozenset[str]:
    """The past forms of the space-separated verb specs ``specs``."""
    return frozenset(form for spec in specs.split() for form in past(_verb(spec)))


_MACRO = re.compile(r"@(verbs|past)\(([a-zñA-Z_:$ ]+)\)")
_WRITERS = {"verbs": forms, "past": past_forms}
#: A named list of lemmas, written once as a grammar comment and used as ``$NAME`` inside macros.
_LEXICON = re.compile(r"^// @lexicon ([A-Z_]+): ([a-zñ: ]+)$", re.MULTILINE)


def with_lexicons(text: str) -> str:
    """The grammar with every ``$NAME`` inside a macro replaced by the lemmas of its ``@lexicon`` line."""
    named = dict(_LEXICON.findall(text))
    return _MACRO.sub(lambda m: f"@{m.group(1)}(" + re.sub(r"\$([A-Z_]+)", lambda n: named[n.group(1)], m.group(2))
                      + ")", text)


def expand_verbs(text: str) -> str:
    """A grammar with each ``@verbs(lemma …)`` replaced by an alternation of the verbs' present forms, and each
    ``@past(lemma …)`` by one of their past forms."""
    return _MACRO.sub(lambda m: "(?:" + trie_regex(set(_WRITERS[m.group(1)](m.group(2)))) + ")", with_lexicons(text))


def verb_lemmas(text: str) -> dict[str, str]:
    """Every generated form of a grammar, with its lemma (suggestions, error messages)."""
    return {form: _verb(spec).lemma for match in _MACRO.finditer(with_lexicons(text)) for spec in match.group(2).split()
            for form in _WRITERS[match.group(1)](spec)}
