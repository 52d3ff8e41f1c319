"""A game's card-text grammar: parse to typed structures, render them back, report errors."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property

from lark import Lark
from lark.exceptions import UnexpectedInput

from checker.grammar.errors import from_lark, nearest_fix, too_deep
from checker.grammar.loader import Expand, literal_words, parser
from checker.grammar.phrases import locate
from checker.grammar.typed import GrammarModel, Node, TooDeep

_REMINDER = re.compile(r"\s*\([^()]*\)")
_SPACE = re.compile(r"\s+")
#: Parse trees nest at most this deep (the corpora reach 14). Deeper structures are refused with a ParseError:
#: the consumers of typed structures (schema checks, game engines, JSON output) walk them recursively.
MAX_DEPTH = 32


@dataclass(frozen=True)
class CardGrammar:
    """The grammar ``grammar/<name>.lark`` with its game's normalisation and word joining."""

    name: str
    normalise: Callable[[str], str]
    join: Callable[[list[str]], str]
    #: Words suggestions may use besides the grammar's literals (keyword names, aliases).
    vocabulary: tuple[str, ...] = ()
    #: Text of filtered terminals the renderer must write.
    substitutions: dict[str, str] = field(default_factory=dict)
    #: How the grammar's own terminals read in error messages (besides the shared names).
    terminals: dict[str, str] = field(default_factory=dict)
    #: The game's rewriting of its grammar file before lark reads it.
    expand: Expand | None = None

    @cached_property
    def parser(self) -> Lark:
        return parser(self.name, self.expand)

    @cached_property
    def model(self) -> GrammarModel:
        return GrammarModel.build(self.parser, self.substitutions)

    @cached_property
    def words(self) -> tuple[str, ...]:
        return tuple(literal_words(self.name)) + self.vocabulary

    def parses(self, text: str) -> bool:
        try:
            self.parser.parse(self.normalise(text))
        except UnexpectedInput:
            return False
        return True

    def parse(self, text: str) -> Node:
        """The typed structure of ``text``; :class:`ParseError` if it is not well-formed."""
        source = self.normalise(text)
        try:
            tree = self.parser.parse(source)
        except UnexpectedInput as error:
            failure = from_lark(self.parser, source, error,
                                lambda t, o: nearest_fix(t, o, self.words, self.parses), self.terminals)
            failure.locate = lambda: locate(self.name, source, failure.offset)
            raise failure from None
        try:
            return self.model.to_node(tree, MAX_DEPTH)
        except TooDeep as error:
            raise too_deep(source, error.first_token(), MAX_DEPTH) from None

    def render(self, node: Node) -> str:
        """Canonical text of a typed structure."""
        return self.join(self.model.render(node, "start"))

    def comparable(self, text: str) -> str:
        """Text as round trips compare it: normalised, reminder text aside."""
        return _SPACE.sub(" ", _REMINDER.sub("", self.normalise(text))).strip()


def english_join(words: list[str]) -> str:
    """Words of English card text joined with its punctuation and capitalisation (linear: pieces are joined once)."""
    pieces: list[str] = []
    last = ""  # the last character written so far
    quote_open = False
    capital = True
    previous = ""
    named = bool(words) and not any(c.islower() for c in words[0]) and sum(c.isupper() for c in words[0]) > 1
    for index, word in enumerate(words):
        if word == '"':
            piece = word if quote_open or not last or last == "(" else " " + word
            quote_open = not quote_open
            capital = quote_open
        else:
            if capital or (named and index == 1):
                word = word[:1].upper() + word[1:]
            attach = not last or word[:1] in ",.):;!?" or word.startswith("'") or last == "(" \
                or (quote_open and last == '"')
            piece = word if attach else " " + word
            capital = word in (".", ":", "(", "•", "—", "-") or (word == ")" and previous == ".")
        previous = word
        pieces.append(piece)
        last = piece[-1:] or last
    return "".join(pieces)
