"""Which game a search is about: an explicit filter (``juego:lorcana``) or the game its words belong to.

Runs after Material's ranking, in the browser (``reglas-search.js``, a wrapper around Material's search worker) and
here, with the same rules, so ``reglas buscar`` lists what the search box lists:

- ``juego:<id>`` anywhere in the query keeps only that game's pages (the term itself is not searched), and so does
  a query that names one game («limite de mano lorcana»): the game's name is not searched either, unless it is all
  the query says;
- every document's score is weighed by the share of the query's terms it matched (``rescored``), and a page weighs
  the sum of its documents' weights (``page_weight``);
- without a filter, the query's words may point to one game (``inferred_game``: how likely each game makes the
  words it matches, and whether one is ``MARGIN`` times likelier than the rest), whose pages then weigh ``BOOST``
  times more;
- a page whose title the query says whole («quien puede gastar piedras de alma» and the page «Piedras de alma»), or
  the other name its title gives in parentheses («Prisa (Rush)»), weighs ``TITLED`` times more (``says_title``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from checker.text import fold

#: Key of the search index's ``config`` (the part Material's page sends to its worker) under which the build writes the
#: games: ``{"prefixes": {url prefix: id}, "names": …}``.
GAMES_KEY = "reglas_games"
#: Added to each game's count of documents matching a term (and twice to its size), so that a word a game never
#: says makes that game unlikely, not impossible.
SMOOTHING = 0.5
#: How many times more likely than any other game the query's words must make one game.
MARGIN = 2.0
#: Weight of the documents of the game the query's words belong to.
BOOST = 3.0
#: A document's score grows with the share of the query's terms it matched, as ``(1 + share) ** COVERAGE``: a section
#: that says three of a question's words beats a title that says one.
COVERAGE = 10
#: A page result lists at most this many of its matching sections, the best first (the search box draws every one it
#: is sent, so a page that matches in a hundred sections would take a tenth of a second to show); the page's own
#: highlighting (``?h=``) marks the rest.
SECTIONS = 3
_FILTER = re.compile(r"(?:^|\s)juego:(\S*)", re.IGNORECASE)
#: Weight of a page whose title's words the query says, all of them.
TITLED = 3.0
_WORDS = re.compile(r"[^\W\d_]{3,}")
_MARKUP = re.compile(r"<[^>]+>|\([^)]*\)")
#: Words of three letters or more that a title's words leave out.
_TITLE_STOP = frozenset({"del", "las", "los", "una", "por", "con", "que"})
_PLURAL = re.compile(r"(?<=...)e?s$")


def _words(text: str) -> set[str]:
    """A text's words as titles are compared: folded, three letters or more, without a plural «-s» / «-es»."""
    return {_PLURAL.sub("", word) for word in _WORDS.findall(fold(_MARKUP.sub(" ", text)))
            if word not in _TITLE_STOP}


def says_title(title: str, query: str) -> bool:
    """Whether the query says every word of a page's title (markup and a parenthesis aside), or of the other name a
    title gives in parentheses («Prisa (Rush)»: «con rush puedo …»)."""
    said = _words(query)
    return any(words and words <= said for words in map(_words, [title, *_PAREN.findall(title)]))


_PAREN = re.compile(r"\(([^)]*)\)")


@dataclass(frozen=True)
class Scoped:
    """A query without its ``juego:`` filter, and the filter (``None`` if it has none)."""

    query: str
    game: str | None


def rescored(score: float, matched: int, counted: int, favoured: bool) -> float:
    """Material's score of a document, weighed by the share of the query's terms it matched and by its game."""
    share = matched / counted if counted else 0.0
    weight = 1.0
    for _ in range(COVERAGE):       # multiplied out, as the browser does: a float power may differ in its last bit
        weight *= 1 + share
    return score * weight * (BOOST if favoured else 1.0)


def page_weight(weights: Sequence[float]) -> float:
    """A page's weight in the results: the sum of its matching documents' (``rescored``), largest first, added one by
    one as the browser does. A page with several sections that answer part of a question outweighs one with a single
    section that says one of its words."""
    total = 0.0
    for weight in sorted(weights, reverse=True):
        total += weight
    return total


def split_filter(query: str, names: Mapping[str, str] | None = None) -> Scoped:
    """The query's game filter and the words searched (``_filtered``); in a question of ``SENTENCE`` words or more a
    bare number («jugando a 4», «tengo 3 tintas») is a number, not the start of every rule ID of that section: it is
    searched whole (a lunr term with a boost, ``4^1``, which Material leaves without its wildcard)."""
    scoped = _filtered(query, names)
    if len(scoped.query.split()) < SENTENCE:
        return scoped
    return Scoped(_BARE.sub(r"\1^1", scoped.query), scoped.game)


#: Words from which a query is a sentence, whose bare numbers are numbers.
SENTENCE = 3
_BARE = re.compile(r"(?<!\S)(\d+)(?!\S)")


def _filtered(query: str, names: Mapping[str, str] | None = None) -> Scoped:
    """The query's game filter: ``juego:<id>``, or the one game it names (``names``: game → name); a signed number
    («+2», «-1») is a modifier players write, not lunr's «required» or «prohibited» mark: it is searched unsigned, and
    so are a run of marks that starts no word («++++?») and a colon that ends one («Malifaux: …»)."""
    query = _COLON.sub("", _MARKS.sub(r"\1", _SIGNED.sub(r"\1", query)))
    found = _FILTER.search(query)
    if found is not None:
        rest = (query[:found.start()] + " " + query[found.end():]).strip()
        return Scoped(rest, found.group(1).lower() or None)
    game = named_game(query, names or {})
    if game is None:
        return Scoped(query, None)
    name = set(fold((names or {})[game]).split())
    rest = " ".join(word for word in query.split() if fold(word) not in name)
    return Scoped(rest, game) if rest else Scoped(query, None)


#: A sign before a number at the start of a word.
_SIGNED = re.compile(r"(^|\s)[+\-–]+(?=\d)")
#: Marks that start a word and are not followed by a letter or digit («con ++++?»: a fate modifier, not lunr's
#: «required»): punctuation, not query syntax.
_MARKS = re.compile(r"(^|\s)[+\-–*^~]+(?=[^\w+\-–*^~]|$)")
#: A colon that ends a word («Malifaux: ¿…?», «mulligan: …») ends a phrase; it names no field (``juego:`` aside).
_COLON = re.compile(r"(?<!juego)(?<=\S):+(?=\s|$)", re.IGNORECASE)


def game_of(location: str, prefixes: Mapping[str, str]) -> str | None:
    """The game whose pages ``location`` belongs to (``prefixes`` maps a URL prefix to a game ID)."""
    return next((game for prefix, game in prefixes.items() if location.startswith(prefix)), None)


def named_game(query: str, names: Mapping[str, str]) -> str | None:
    """The one game whose name the query says («limite de mano lorcana»), if any: the first word of its name."""
    words = set(fold(query).split())
    said = [game for game, name in names.items() if fold(name).split()[0] in words]
    return said[0] if len(said) == 1 else None


def inferred_game(matches: Sequence[tuple[str | None, Sequence[str]]], sizes: Mapping[str, int]) -> str | None:
    """The game the query's words point to. ``matches`` gives, for each matching document, its game and the query
    terms it matched; ``sizes`` the number of documents of each game in the index. Each game's likelihood is the
    product, over the query's matched terms (in alphabetical order), of the share of its documents that match the
    term (smoothed by ``SMOOTHING``): a word found in nearly half of one game's pages and almost none of the others'
    («héroes») outweighs several words a bit more common in another game («partida»). A game is inferred when its
    likelihood is at least ``MARGIN`` times every other's."""
    per_term: dict[str, Counter[str]] = {}
    for game, terms in matches:
        if game is not None:
            for term in terms:
                per_term.setdefault(term, Counter())[game] += 1
    if not per_term:
        return None
    likelihood: dict[str, float] = {}
    for game, size in sizes.items():
        if size:
            value = 1.0
            for term in sorted(per_term):
                value *= (per_term[term][game] + SMOOTHING) / (size + 2 * SMOOTHING)
            likelihood[game] = value
    ranked = sorted(likelihood.items(), key=lambda item: -item[1])
    if not ranked or (len(ranked) > 1 and ranked[0][1] < MARGIN * ranked[1][1]):
        return None
    return ranked[0][0]
