"""The Lorcana card-text grammar (grammar/lorcana.lark) with its front end."""

from __future__ import annotations

from checker.games.lorcana.keywords import KEYWORDS
from checker.games.lorcana.text import normalise
from checker.grammar.frontend import CardGrammar, english_join

GRAMMAR = CardGrammar(
    name="lorcana",
    normalise=normalise,
    join=english_join,
    vocabulary=tuple(name for k in KEYWORDS for name in (k.english, k.spanish)),
)
