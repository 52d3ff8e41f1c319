"""Which game a search is about: an explicit filter (``juego:lorcana``) or the game its words belong to.

Runs after Material's ranking, in the browser (``reglas-search.js``, a wrapper around Material's search worker) and
here, with the same rules, so ``reglas buscar`` lists what the search box lists:

- ``juego:<id>`` anywhere in the query keeps only that game's pages (the term itself is not searched), and so does
  a query that names one game («limite de mano lorcana»): the game's name is not searched either, unless it is all
  the query says;
- every document's score is weighed by the share of the query's terms it matched (``rescored``);
- without a filter, each query term votes for the game whose documents it matches far more often than the others'
  (see ``inferred_game``), and when the votes name a single game, that game's pages weigh ``BOOST`` times more;
- without a filter, a page whose title the query says whole («quien puede gastar piedras de alma» and the page
  «Piedras de alma») weighs ``TITLED`` times more (``says_title``).
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
#: How many times more of one game's documents than of any other's a term must match to speak for that game.
RATIO = 4.0
#: Weight of the documents of the game the query's words belong to.
BOOST = 3.0
#: A document's score grows with the share of the query's terms it matched, as ``(1 + share) ** COVERAGE``: a section
#: that says three of a question's words beats a title that says one.
COVERAGE = 10
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
    """Whether the query says every word of a page's title (markup and a parenthesis aside)."""
    words = _words(title)
    return bool(words) and words <= _words(query)


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


def split_filter(query: str, names: Mapping[str, str] | None = None) -> Scoped:
    """The query's game filter: ``juego:<id>``, or the one game it names (``names``: game → name); a signed number
    («+2», «-1») is a modifier players write, not lunr's «required» or «prohibited» mark: it is searched unsigned."""
    query = _SIGNED.sub(r"\1", query)
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
    terms it matched; ``sizes`` the number of documents of each game in the index. A term speaks for a game when the
    share of that game's documents it matches is at least ``RATIO`` times the share of every other game's."""
    per_term: dict[str, Counter[str]] = {}
    for game, terms in matches:
        if game is not None:
            for term in terms:
                per_term.setdefault(term, Counter())[game] += 1
    votes: Counter[str] = Counter()
    for counts in per_term.values():
        shares = sorted(((counts[g] / size, g) for g, size in sizes.items() if size), reverse=True)
        if shares and shares[0][0] > 0 and all(shares[0][0] >= RATIO * share for share, _ in shares[1:]):
            votes[shares[0][1]] += 1
    ranked = votes.most_common(2)
    if not ranked or (len(ranked) == 2 and ranked[0][1] == ranked[1][1]):
        return None
    return ranked[0][0]
