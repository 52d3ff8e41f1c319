"""Parse errors in plain Spanish: where (line:column and a caret), what was expected, and a suggestion."""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.lexer import PatternStr

from checker.grammar.phrases import SentenceContext

#: How a few terminal kinds read in Spanish; literal words are quoted as they are.
TERMINAL_NAMES = {
    "NUMBER": "un número",
    "SIGNED": "un valor con signo (como +2)",
    "INK": "el símbolo de tinta ⬡",
    "EXERT": "el símbolo de agotar ⟳",
    "LORE": "el símbolo de leyenda ◊",
    "STRENGTH": "el símbolo de fuerza ¤",
    "WILLPOWER": "el símbolo de voluntad ⛉",
    "PROPER": "un nombre propio",
    "CLASS": "una clasificación (como Villain o Hero)",
    "NAME": "el nombre de la habilidad en mayúsculas",
    "SIMPLE_KEYWORD": "una palabra clave (como Evasive)",
    "PLUS_KEYWORD": "una palabra clave con valor (como Challenger +2)",
    "NUMBER_KEYWORD": "una palabra clave con número (como Singer 5)",
    "PRONOUN": "un pronombre (they, them, he, she, it)",
    "DOT": "un punto «.»",
    "DASH": "una raya «—» entre el coste y el efecto",
    "QUOTE": "unas comillas «\"»",
    "BULLET": "una viñeta «•»",
    "LPAR": "un paréntesis «(»",
    "RPAR": "un paréntesis «)»",
    "COMMA": "una coma «,»",
    "$END": "el final del texto",
}

_WORD = re.compile(r"[^\s,.:()\"]+")


@dataclass
class ParseError(Exception):
    """Bad card text: 1-based line and column, what was found and expected, and a suggestion (computed lazily)."""

    text: str
    line: int
    column: int
    found: str
    expected: tuple[str, ...]
    suggest: Callable[[], str | None] | None = None
    #: A problem other than an unexpected word (the text nests too deep), and how to fix it.
    problem: str | None = None
    fix: str | None = None
    #: The sentence that failed, those before it, and the nearest known phrasing (computed lazily).
    locate: Callable[[], SentenceContext | None] | None = None

    @cached_property
    def context(self) -> SentenceContext | None:
        return self.locate() if self.locate else None

    @cached_property
    def suggestion(self) -> str | None:
        """The nearest well-formed text, if one word away."""
        return self.suggest() if self.suggest else None

    @property
    def offset(self) -> int:
        """The error's position as a character offset into the text."""
        return _offset(self.text, self.line, self.column)

    def caret(self) -> str:
        source = self.text.splitlines()[self.line - 1] if self.text else ""
        return f"{source}\n{' ' * (self.column - 1)}^"

    def summary(self) -> str:
        """The error in one line (``reglas validate`` lists one per failing ability)."""
        if self.problem:
            return f"{self.line}:{self.column}: {self.problem}"
        where = ""
        if self.context is not None and self.context.total > 1:
            where = f" (frase {self.context.number} de {self.context.total})"
        return (f"{self.line}:{self.column}{where}: no se entiende {self.found}; "
                f"se esperaba {', '.join(self.expected[:6])}")

    def message(self) -> str:
        """The error as printed: place, text with caret, expectation and suggestion."""
        if self.problem:
            lines = [f"{self.line}:{self.column}: {self.problem}", self.caret()]
            return "\n".join(lines + ([f"cómo arreglarlo: {self.fix}"] if self.fix else []))
        wanted = ", ".join(self.expected[:8]) + (" …" if len(self.expected) > 8 else "")
        lines = [f"{self.line}:{self.column}: no se entiende {self.found}", self.caret()]
        if wanted:
            lines.append(f"se esperaba: {wanted}")
        if self.suggestion:
            lines.append(f"¿Quisiste decir «{self.suggestion}»?")
        if self.context is not None:
            lines += self.context.describe()
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.message()


def describe_terminal(parser: Lark, name: str, names: Mapping[str, str] | None = None) -> str:
    """A terminal as a reader knows it (``names``: a grammar's own descriptions, before the shared ones)."""
    if names and name in names:
        return names[name]
    if name in TERMINAL_NAMES:
        return TERMINAL_NAMES[name]
    definition = next((t for t in parser.terminals if t.name == name), None)
    if definition is not None and isinstance(definition.pattern, PatternStr):
        return f"«{definition.pattern.value}»"
    return f"«{name.lower().replace('_', ' ')}»"


def _word_at(text: str, token: Token) -> str:
    """The whole word a token starts (a keyword lexed from the front of a longer word shows that word)."""
    start = token.start_pos
    if start is None or text[start:start + len(token)] != str(token):
        return str(token)
    end = start + len(token)
    while end < len(text) and (text[end].isalnum() or text[end] in "'-"):
        end += 1
    return text[start:end]


def from_lark(parser: Lark, text: str, error: UnexpectedInput,
              suggest: Callable[[str, int], str | None] | None = None,
              terminal_names: Mapping[str, str] | None = None) -> ParseError:
    """Translate a lark error into a :class:`ParseError`."""
    line = max(getattr(error, "line", 1) or 1, 1)
    column = max(getattr(error, "column", 1) or 1, 1)
    if isinstance(error, UnexpectedToken):
        token = error.token
        found = "el final del texto" if token.type == "$END" else f"«{_word_at(text, token)}»"
        expected = error.expected
        if token.type == "$END":
            line = len(text.splitlines()) or 1
            column = len(text.splitlines()[-1]) + 1 if text else 1
    elif isinstance(error, UnexpectedCharacters):
        position = error.pos_in_stream or 0
        found = f"«{text[position:position + 12].split(' ')[0]}»"
        expected = error.allowed or set()
    elif isinstance(error, UnexpectedEOF):
        found, expected = "el final del texto", set(error.expected)
        column = len(text.splitlines()[-1]) + 1 if text else 1
    else:  # pragma: no cover - lark has no other kinds
        found, expected = "el texto", set()
    names = tuple(sorted({describe_terminal(parser, name, terminal_names)
                          for name in expected if not name.startswith("__")}))
    offset = _offset(text, line, column)
    return ParseError(text, line, column, found, names,
                      (lambda: suggest(text, offset)) if suggest else None)


def too_deep(text: str, token: Token | None, limit: int) -> ParseError:
    """The error for text that nests more than ``limit`` levels (clauses inside clauses), pointing at where."""
    line = (token.line or 1) if token is not None else 1
    column = (token.column or 1) if token is not None else 1
    found = f"«{_word_at(text, token)}»" if token is not None else "el texto"
    return ParseError(text, line, column, found, (),
                      problem=f"la habilidad anida demasiado (más de {limit} niveles de frases dentro de frases)",
                      fix="divide la habilidad en frases más cortas o en varias habilidades")


def _offset(text: str, line: int, column: int) -> int:
    lines = text.splitlines(keepends=True)
    return sum(len(x) for x in lines[:line - 1]) + column - 1


def nearest_fix(text: str, offset: int, vocabulary: Iterable[str], parses: Callable[[str], bool]) -> str | None:
    """The text with one unknown word near ``offset`` (a typo) replaced by its nearest known word, if that parses."""
    words = list(_WORD.finditer(text))
    if not words:
        return None
    known = {w.casefold(): w for w in vocabulary}
    index = min(range(len(words)), key=lambda i: abs(words[i].start() - offset))
    for i in sorted(range(max(0, index - 3), min(len(words), index + 2)), key=lambda i: abs(i - index)):
        match = words[i]
        if match.group(0).casefold() in known:                                 # a word the game uses is no typo
            continue
        for candidate in difflib.get_close_matches(match.group(0).casefold(), list(known), n=3, cutoff=0.7):
            replacement = known[candidate]
            if match.group(0)[:1].isupper():
                replacement = replacement[:1].upper() + replacement[1:]
            fixed = text[:match.start()] + replacement + text[match.end():]
            if fixed != text and parses(fixed):
                return fixed
    return None
