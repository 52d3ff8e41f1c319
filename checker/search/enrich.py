"""Build-time enrichment of Material's search index for Spanish.

Each document gets a ``voc`` field (and its title a ``tvoc`` field, weighted as the title) with the corpus
words of the same families as its own words, accented and accent-folded, plus the note's aliases and rule
numbers; ``ivoc`` adds regular inflections of its title words that the corpus never writes. The stock
prefix search then finds «desafiar», «desafio» or «desafíos» on a page that says «desafío».
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Set
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from checker.game import Game
from checker.search.lexicon import Lexicon
from checker.search.scope import GAMES_KEY
from checker.search.separator import with_function_words
from checker.search.stopwords import stop_words
from checker.search.synonyms import Synonyms
from checker.search.tokens import tokenize
from checker.symbols import SYMBOLS
from checker.text import fold

TEXT_FIELD, TITLE_FIELD = "voc", "tvoc"
#: Key of the index's ``config`` with the card symbols' names and icon classes, for the snippets.
SYMBOLS_KEY = "reglas_symbols"
INFLECTION_FIELD = "ivoc"
TAGS_BOOST = 10.0
#: Generated forms («temerarios» from «Temerario») help recall but must not outweigh real words.
INFLECTION_BOOST = 10.0
#: Words of the players' synonyms of a page's title (its subject) and of its text.
TITLE_SYNONYM_FIELD, SYNONYM_FIELD = "tsyn", "syn"
TITLE_SYNONYM_BOOST = 300.0
#: Weight of the documents of pages that state no rule of their own.
UNNUMBERED_BOOST = 0.1
#: Share of the documents above which a word is too common to add as a synonym («hacer», «carta»).
FREQUENT = 0.03


def _words(doc: dict[str, Any], separator: re.Pattern[str]) -> tuple[list[str], list[str]]:
    title = tokenize(doc.get("title") or "", separator)
    body = tokenize(doc.get("text") or "", separator) + tokenize(doc.get("tags") or [], separator)
    return title, body


def _frequent(words: list[tuple[list[str], list[str], list[str]]]) -> set[str]:
    """Words in more than ``FREQUENT`` of the documents: a synonym never adds them (they find every page)."""
    counts: Counter[str] = Counter()
    for title, body, more in words:
        counts.update(set(title + body + more))
    return {word for word, count in counts.items() if count > FREQUENT * len(words)}


def _distinctive(found: set[str], frequent: set[str]) -> set[str]:
    """The words of a synonym group worth indexing: the rarer ones (the query's prefixes find their inflections)."""
    return {word for word in found if word not in frequent}


@dataclass(frozen=True)
class Vocabulary:
    """What the vault tells the search index beyond the text of its pages."""

    #: A location (page, or page#anchor) → more words for its title (aliases, rule IDs).
    extra: Mapping[str, Iterable[str]] = field(default_factory=dict)
    #: The URL prefix of each game's pages → the game (its synonym groups; the games results are scoped to).
    games: Mapping[str, Game] = field(default_factory=dict)
    #: Pages that state no rule of their own (indexes, glossaries): their documents weigh ``UNNUMBERED_BOOST``, since
    #: a question is answered by a rule and those pages list every word.
    unnumbered: Set[str] = frozenset()
    #: A page → the other names the community gives its subject, indexed as synonyms of its title.
    community: Mapping[str, Iterable[str]] = field(default_factory=dict)


def enrich(index: dict[str, Any], vocabulary: Vocabulary, stop: Iterable[str] = ()) -> dict[str, Any]:
    """Add the family and synonym fields to every document, as ``vocabulary`` says; the stop words ``stop`` and the
    question words become separators."""
    config = index["config"]
    games, community, extra = vocabulary.games, vocabulary.community, vocabulary.extra
    config[GAMES_KEY] = {"prefixes": {prefix: game.id for prefix, game in games.items()},
                        "names": {game.id: game.short_name or game.name for game in games.values()}}
    config[SYMBOLS_KEY] = {symbol.name: symbol.css for symbol in SYMBOLS}     # «{Fuerza}» → its icon (the worker)
    synonyms = {prefix: game.search_synonyms for prefix, game in games.items() if game.search_synonyms}
    config["separator"] = with_function_words(config["separator"], stop)
    separator = re.compile(config["separator"])
    tables = {prefix: Synonyms.read(path, separator) for prefix, path in synonyms.items()}
    lexicon = Lexicon()
    words = []
    for doc in index["docs"]:
        title, body = _words(doc, separator)
        more = [t for text in extra.get(doc["location"], ()) for t in tokenize(text, separator)]
        lexicon.add(title + body + more)
        words.append((title, body, more))
    frequent = _frequent(words)
    for doc, (title, body, more) in zip(index["docs"], words, strict=True):
        title_family = lexicon.relatives(title + more) | set(more)
        doc[TITLE_FIELD] = " ".join(sorted(title_family - set(title)))
        text_family = lexicon.relatives(body) - set(body) - title_family
        doc[TEXT_FIELD] = " ".join(sorted(text_family))
        known = title_family | text_family | set(title) | set(body)
        if "#" not in doc["location"]:          # a page's title: its sections' inflections would only slow the index
            doc[INFLECTION_FIELD] = " ".join(sorted(lexicon.inflections(title + more) - known))
        if doc["location"].split("#")[0] in vocabulary.unnumbered and "boost" not in doc:
            doc["boost"] = UNNUMBERED_BOOST
        table = next((t for prefix, t in tables.items() if doc["location"].startswith(prefix)), None)
        named = {form for name in community.get(doc["location"], ()) for t in tokenize(name, separator)
                 for form in (t, fold(t))}                                   # «Evasión» is typed «evasion» too
        said = (_distinctive(named, frequent) - title_family - set(title)) | \
            (_distinctive(table.expand(title + more) if table else set(), frequent) - known)   # a name of the
        # subject weighs as one even where the page's text mentions it («también llamado Evasión»)
        heard = _distinctive(table.expand(body), frequent) - known - said if table else set()
        for name, found in ((TITLE_SYNONYM_FIELD, said), (SYNONYM_FIELD, heard)):
            if found:
                doc[name] = " ".join(sorted(found))
    fields = config["fields"]
    fields[TITLE_FIELD] = {"boost": fields.get("title", {}).get("boost", 1000.0)}
    fields[TEXT_FIELD] = {"boost": 1.0}
    fields[INFLECTION_FIELD] = {"boost": INFLECTION_BOOST}
    fields[TITLE_SYNONYM_FIELD] = {"boost": TITLE_SYNONYM_BOOST}
    fields[SYNONYM_FIELD] = {"boost": 1.0}
    fields["tags"] = {"boost": TAGS_BOOST}  # topical labels: above text, well below titles
    return index


def enrich_file(path: Path, vocabulary: Vocabulary) -> int:
    """Rewrite a built ``search_index.json`` (``<site>/search/``) in place; returns the number of documents."""
    index = json.loads(path.read_text(encoding="utf-8"))
    enrich(index, vocabulary, stop_words(path.parent.parent)[0])
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    return len(index["docs"])
