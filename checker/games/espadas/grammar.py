"""The Espadas de Ceniza card-text grammar (grammar/espadas.lark) with its front end."""

from __future__ import annotations

import re

from checker.games.espadas.verbs import expand_verbs, verb_lemmas, with_lexicons
from checker.grammar.frontend import CardGrammar
from checker.paths import GRAMMAR_DIR

_SPACE = re.compile(r"\s+")
_BEFORE_STOP = re.compile(r"\s+(?=[,.;:])")
_DASHES = str.maketrans({"−": "-", "–": "-", "\u00a0": " ", "’": "'"})
#: A die icon written out in quotes, as some sources copy the cards' icons: «Dados «Dado Rojo» Preparados» reads as
#: the cards read aloud, «Dados Rojo Preparados»; a quoted die alone, «Dado Rojo», loses its quotes.
_QUOTED_DIE = re.compile(r"\b(Dados?) [«\"“]Dados? (Rojo|Verde|Azul|Rojos|Verdes|Azules)[»\"”]")
#: A bullet before each option of a choice written on one line («Elige 1: • Roba 1 Carta. • Cura …»): the options
#: read as the sentences after the choice, as when each is a paragraph of its own.
_BULLET = re.compile(r"(?:^|(?<=[:.;]))\s*[•●▪◦·]\s*")
_QUOTED_DIE_ALONE = re.compile(r"[«\"“](Dados? (?:Rojo|Verde|Azul|Rojos|Verdes|Azules))[»\"”]")
_LITERAL = re.compile(r'"([^"\s]+)"i')
_WHOLE_WORD = re.compile(r"(?<=[(|:?])[a-záéíóúñü]{3,}(?=[|)\\])")

_TERMINAL = re.compile(r"^([A-Z_]+)(?:\.-?\d+)?: /(.*)/i?$", re.MULTILINE)
_LOOKAROUND = re.compile(r"\(\?[=!][^)]*\)|\\b")
_VERB_MACRO = re.compile(r"@(?:verbs|past)\(([a-zñA-Z_:$ ]+)\)")
_WORDS = re.compile(r"^\(\?:([a-záéíóúñü ]+(?:\|[a-záéíóúñü ]+)*)\)$|^([a-záéíóúñü ]+)$", re.IGNORECASE)

#: Terminals whose pattern does not read well as a list of words.
NAMED = {
    "TITLE": "un nombre con mayúscula (como Luz o Inspirado)",
    "PROPER_NAME": "el nombre de una fase o ronda (como Resolución de Acciones)",
    "ATTRIBUTE": "un atributo (Fuerza, Mente, Agilidad, Voluntad, Armadura o Vida)",
    "CARD_TYPE": "un tipo de carta (Carta, Acción, Ataque, Apoyo, Técnica…)",
    "HERO_WORD": "«héroe»",
    "DET": "un determinante (el, la, este, cada, un…)",
    "POSS": "un posesivo (tu, su…)",
    "CLITIC": "un pronombre (le, les, la, lo…)",
    "AND": "«y»",
    "CONJ_TITLE": "«y» u «o» entre nombres",
    "AND_PREP": "«y» u «o» antes de otro objetivo",
    "AND_HERO": "«y» antes de otro héroe",
    "AND_AMOUNT": "«y» antes de otra cantidad",
    "OR_AMOUNT": "«o» antes de otra cantidad",
    "OR_EFFECT": "«o» antes de otro efecto",
    "OR_VERB": "«o» antes de otro verbo",
    "PARTITIVE": "una parte (como «1 de» o «uno de»)",
    "ONE": "«uno» o «una»",
    "IN_SCOPE": "«en» o «de» antes del choque o la ronda",
    "UP_TO": "«hasta» antes de un número",
    "KEYWORD": "una palabra clave (Persistente o Reacción)",
    "ROUND_DOWN": "«(redondeando hacia abajo)»",
    "BUT_NOT": "«pero no»",
    "FACTION": "«Facción»",
    "VALUE_WORD": "«valor»",
    "TO_HALF": "«a la mitad»",
    "GAINS_WITH": "«gana» antes de una palabra clave con su efecto",
    "THE_OTHER": "«la otra» o «el otro»",
    "ENOUGH_TO": "«suficiente para»",
    "IN_NTH": "«en el» antes de un ordinal",
    "ANY_FACTION": "«cualquier» antes de «Facción»",
    "OTHER_ONE": "«otra» antes de «Facción»",
    "RESOURCE_NAME": "un recurso propio de una facción (como «Monedas de Oro»)",
    "COUNTER_OF_KIND": "el tipo de un contador propio de una facción (como «de runa»)",
    "EFFECT": "«efecto»",
    "DIE": "«dado»",
    "DIE_STATE": "un estado de dado (preparado, gastado, guardado)",
    "PASSIVE_PART": "un participio pasivo (reducido, prevenido, afectado…)",
    "NOR_PART": "«ni» antes de otro participio",
    "PRONOUN": "un pronombre (él, ella…)",
    "KIND": "«rango», «tipo», «subtipo» o «coste»",
    "OR_IF": "«, o si»",
    "TIMES": "«dos veces»",
    "WHOM_DAMAGED": "«al que haga daño»",
    "OR_LESS": "«o menor» u «o mayor»",
    "IN_ANY_ORDER": "«en cualquier orden»",
    "ORDINAL": "un ordinal (primer, primera, siguiente…)",
    "SIDE": "«aliado» o «rival»",
    "HERO_ADJ": "un adjetivo de héroe (activo, emparejado, adyacente…)",
    "PAIRING_WORD": "«emparejamiento»",
    "PAIRING_ADJ": "«anterior» o «posterior»",
    "COUNTER_WORD": "«contador»",
    "POLARITY": "«de beneficio» o «de perjuicio»",
    "RANDOM": "«aleatorio»",
    "DISTINCT": "«distinto»",
    "TARGET_WORD": "«objetivo»",
    "ATTACHED_WORD": "«anexado»",
    "AND_ACTIVE": "«y activo»",
    "PARTICIPLE": "un participio (descartada, removida, revelada…)",
    "AT_EDGE": "«al inicio» o «al final»",
    "DAMAGE": "«daño»",
    "ADDITIONAL": "«adicional»",
    "INSTEAD_WORDS": "«en vez de eso»",
    "BESIDES_WORDS": "«además de su efecto»",
    "MAY": "«puedes» o «puede»",
    "V_PLACE": "«coloca»",
    "V_CARDS": "un verbo de cartas (revela, mira, devuelve, busca…)",
    "V_DISCARD": "«descarta»",
    "V_REMOVE": "«remueve» o «retira»",
    "V_PAY_COST": "«pagar el coste de»",
    "V_MUST": "«tiene que»",
    "ONE_OPTION": "«uno» o «una» antes de «:»",
    "RESULT_WORD": "«resultado»",
    "GREATER": "«mayor» o «menor»",
    "ATTACK_KIND": "un tipo de ataque (mágico, físico)",
    "V_COST": "«cuesta» o «cuestan»",
    "MORE_THAN": "«más de» o «menos de»",
    "AS_MUCH": "«tanto», «tanta», «tantos» o «tantas»",
    "FINAL_ADJ": "«final»",
    "DIFFERENCE": "«diferencia»",
    "TIE": "«empate»",
    "AND_ANOTHER": "«y» antes de «otro»",
    "BEGINS_TO": "«pasa a» antes de un verbo",
    "WITH_WHOM": "«con el que»",
    "BONUS_SEP": "una coma antes de un bono (como «, +1 por cada…»)",
    "OR_LATER": "«o posterior»",
    "INITIAL": "«inicial»",
    "FACE_DOWN": "«boca abajo» o «boca arriba»",
    "BESIDE": "«junto a»",
    "DICE_NOTATION": "una tirada de dados (como 1d6)",
    "GOING_TO": "«va a», «vaya a» o «fuera a» antes de un verbo",
    "HALF_OR": "«la mitad o menos de»",
    "OTHERS": "«otros» u «otras»",
    "AGAIN": "«vuelve a» antes de un verbo",
    "INCLUDING_THIS": "«, incluido este»",
    "POSS_PRONOUN": "un posesivo (el tuyo, la suya…)",
    "IN_PHASE": "«en la fase»",
    "SAME_AS": "«que» antes de una carta",
    "CHOICE_OF": "«a tu elección»",
    "OF_SAME": "«del mismo» antes de rango, tipo, subtipo, coste o nombre",
    "V_BEEN": "«haya sido», «ha sido»…",
    "OPPOSED_ADJ": "«enfrentada»",
    "PLUS_MORE": "«, más» antes de un número",
    "OPEN_VERB": "un verbo (como «sumerge», «fúndelo» o «fundas»)",
    "INFINITIVE": "un infinitivo (como «sumergir»)",
    "AT_MOST": "«como máximo»",
    "KEYWORD_VERB": "una acción clave con su valor (como «Exhumar 1»)",
    "KEYWORD_BARE": "una acción clave sin objeto (como «Saquea.»)",
    "OF_THIS": "«de este» (ante un periodo)",
    "UNLESS": "«a menos que»",
    "EVEN_IF": "«aunque»",
    "DIE_SEP": "una coma entre dados que se eligen (como «Dado Rojo, Dado Verde o …»)",
    "DIE_OR": "«o» antes del último dado que se elige",
    "ABLE_ADJ": "un adjetivo en «-ble» (como «acumulable»)",
    "AND_KEYWORD": "«y» antes de una acción clave (como «y Saquea.»)",
    "NOR_VERB": "«ni» antes de un infinitivo",
    "IMPERSONAL_MAY": "«se puede» o «se pueden»",
    "ANY_OF": "«cualquiera de» o «cada una de» (ante tus o sus)",
    "PERIODS": "un periodo en plural (como «activaciones»)",
    "BUT_AMOUNT": "«, pero» antes de un valor (como «, pero -1 de Agilidad»)",
    "DISTRIBUTED": "«repartidos como quieras»",
    "ACCORDING_COMMA": "«, según»",
    "NOTE_OPEN": "un paréntesis que explica el efecto",
    "COMMA_OR_AMOUNT": "«, o» antes de otra cantidad",
    "OR_COMMA": "«o,» antes de una condición",
    "ADJACENT_TO_THE": "«adyacente al» antes de atacante, defensor u objetivo",
    "THAN": "«que» antes de un pronombre en una comparación (como «que tú»)",
    "HEADING": "el nombre de una parte de la habilidad antes de «:» (como «Pleamar:» o «Martirio (solo si …):»)",
    "KEYWORD_FORM": "una acción clave de la facción en cualquier forma (como «Exhumes» o «Sepulta 2»)",
    "ELIDED_NUMBER": "un número cuyo nombre ya se dijo (como «colócale 1.»)",
    "OF_KEYWORD": "«de» antes del nombre de una palabra clave (como «efecto de Formación»)",
    "NONE_ONE": "«ninguno» o «ninguna» (sin nombre detrás)",
    "DURING_NO_COMMA": "«durante» antes de una fase o periodo, sin coma detrás",
    "FOR_DAMAGE": "«para calcular el daño»",
    "V_LEFT": "«queda» o «quedan» (lo que aún hay)",
    "ANY_DIE": "«ningún» antes de un dado",
    "NOTING_THAT": "«, teniendo en cuenta que»",
}


def _describe(pattern: str) -> str | None:
    """A terminal whose pattern is a plain list of words, as «word», «word» o «word»."""
    match = _WORDS.match(_LOOKAROUND.sub("", pattern))
    if not match:
        return None
    words = [w for w in (match.group(1) or match.group(2)).split("|") if w]
    shown = [f"«{w}»" for w in words[:3]]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " o " + shown[-1] + ("…" if len(words) > 3 else "")


def normalise(text: str) -> str:
    """One space between words, none before punctuation; a plain hyphen for the minus sign."""
    text = _QUOTED_DIE_ALONE.sub(r"\1", _QUOTED_DIE.sub(r"\1 \2", text.translate(_DASHES)))
    text = _BULLET.sub(" ", text)
    return _BEFORE_STOP.sub("", _SPACE.sub(" ", text)).strip()


def spanish_join(words: list[str]) -> str:
    """Words joined with punctuation attached; capitals at the start, after a full stop, after the heading word
    that opens a line («Avivar: Hace …») and after a card keyword's heading anywhere («… Persistente: Hasta …»).
    Linear: the pieces are joined once."""
    pieces: list[str] = []
    spaced = False  # a space has been written
    empty = True  # nothing has been written
    capital = True
    previous = ""
    for word in words:
        if capital:
            word = word[:1].upper() + word[1:]
        attach = empty or word[:1] in ",.:;)"
        spaced = spaced or " " in word or not attach
        empty = empty and not word
        pieces.append(word if attach else " " + word)
        capital = word == "." or (word == ":" and (not spaced or previous in HEADINGS))
        previous = word
    return "".join(pieces)


def _verb_class(pattern: str) -> str | None:
    """A terminal written with ``@verbs(…)``, as its lemmas («curar» o «sanar», en cualquier forma)."""
    lemmas = [spec.partition(":")[0] for match in _VERB_MACRO.findall(pattern) for spec in match.split()]
    if not lemmas:
        return None
    shown = [f"«{lemma}»" for lemma in lemmas[:3]]
    listed = shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " o " + shown[-1]
    return f"{listed}{'…' if len(lemmas) > 3 else ''} (en cualquier forma)"


def _headings() -> frozenset[str]:
    """The card keywords that head a paragraph («Persistente: Hasta …»): the words of the grammar's KEYWORD."""
    patterns = dict(_TERMINAL.findall((GRAMMAR_DIR / "espadas.lark").read_text(encoding="utf-8")))
    return frozenset(re.findall(r"[A-ZÁÉÍÓÚ][a-záéíóúñ]+", patterns["KEYWORD"]))


HEADINGS = _headings()


def _terminals() -> dict[str, str]:
    """How every named terminal of the grammar reads in error messages."""
    text = with_lexicons((GRAMMAR_DIR / "espadas.lark").read_text(encoding="utf-8"))
    found = {name: described for name, pattern in _TERMINAL.findall(text)
             if (described := _describe(pattern) or _verb_class(pattern))}
    return found | NAMED


def _vocabulary() -> tuple[str, ...]:
    """Every literal word of the grammar and the whole words of its terminals, accents included (suggestions)."""
    text = (GRAMMAR_DIR / "espadas.lark").read_text(encoding="utf-8")
    words = {w for w in _LITERAL.findall(text) if w[:1].isalpha()}
    words |= {w for _, pattern in _TERMINAL.findall(text) for w in _WHOLE_WORD.findall(pattern)}
    words |= set(verb_lemmas(text))
    return tuple(sorted(words))


GRAMMAR = CardGrammar(name="espadas", normalise=normalise, join=spanish_join, vocabulary=_vocabulary(),
                      terminals=_terminals(), expand=expand_verbs)
