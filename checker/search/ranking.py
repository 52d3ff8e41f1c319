"""The site's search ranking in Python: lunr 2.3 (BM25, b = 0) plus Material's query transform and boosts.

Reads the same ``search/search_index.json`` and the stop word lists shipped with the built site, so the
terminal ranks pages as the browser does.
"""

from __future__ import annotations

import json
import math
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from checker.errors import ReglasError
from checker.search.scope import (
    GAMES_KEY,
    TITLED,
    game_of,
    inferred_game,
    page_weight,
    rescored,
    says_title,
    split_filter,
)
from checker.search.stopwords import stop_words
from checker.search.tokens import tokenize

_K1 = 1.2
_MATERIAL_FIELDS = ("title", "text", "tags")


@dataclass(frozen=True)
class Clause:
    """A term of the query as lunr reads it."""

    term: str
    prefix: bool
    #: ``"+"`` required, ``"-"`` prohibited, ``""`` optional.
    presence: str = ""


@dataclass
class Hit:
    """A matching document (page or section) with its final score."""

    location: str
    title: str
    score: float
    parent: str | None
    #: The query terms the document matched (Material's ``terms`` that are true).
    terms: tuple[str, ...] = ()
    #: How many query terms count for it (Material's ``terms``: the matched ones and the missing non-stop words).
    counted: int = 0


def _sum(values: Iterable[float]) -> float:
    """Left-to-right float addition, as JavaScript adds (``sum`` compensates rounding since Python 3.12)."""
    total = 0.0
    for value in values:
        total += value
    return total


def _token_set_order(terms: list[str]) -> list[str]:
    """The order in which lunr's ``TokenSet.toArray`` lists a wildcard expansion (a depth-first walk that pops the
    last edge first): a word before its extensions, siblings in reverse alphabetical order. Documents that tie on
    score keep the order in which they were first matched, so this order decides ties as the browser does."""
    return sorted(terms, key=lambda term: [-ord(char) for char in term])


@dataclass
class Index:
    """An in-memory lunr index built from a Material search index."""

    config: dict[str, Any]
    docs: list[dict[str, Any]]
    separator: re.Pattern[str]
    stop_es: frozenset[str]
    stop_en: frozenset[str]
    boosts: dict[str, float] = field(default_factory=dict)
    postings: dict[str, dict[str, dict[str, int]]] = field(default_factory=dict)
    vectors: dict[tuple[str, str], dict[str, float]] = field(default_factory=dict)
    parents: dict[str, str] = field(default_factory=dict)
    #: Each term's position in lunr's inverted index (the order terms first appear while indexing): lunr stores
    #: vectors sorted by it and sums them in that order, which decides exact ties between documents.
    term_index: dict[str, int] = field(default_factory=dict)
    #: URL prefix of each game's pages → game ID (written into the index at build time).
    games: dict[str, str] = field(default_factory=dict)
    #: Game ID → the name results show (written into the index at build time).
    game_names: dict[str, str] = field(default_factory=dict)

    @classmethod
    def load(cls, site: Path) -> Index:
        path = site / "search" / "search_index.json"
        if not path.is_file():
            raise ReglasError(f"no existe el índice de búsqueda «{path}»",
                              fix="construye el sitio antes con «reglas site build»")
        data = json.loads(path.read_text(encoding="utf-8"))
        stop_es, stop_en = stop_words(site)
        index = cls(data["config"], data["docs"], re.compile(data["config"]["separator"]), stop_es, stop_en,
                    games=dict(data["config"].get(GAMES_KEY, {}).get("prefixes", {})),
                    game_names=dict(data["config"].get(GAMES_KEY, {}).get("names", {})))
        index._build()
        return index

    def _build(self) -> None:
        self.boosts = {name: float(spec.get("boost", 1)) for name, spec in self.config["fields"].items()}
        frequencies: dict[tuple[str, str], dict[str, int]] = {}
        postings: dict[str, dict[str, dict[str, int]]] = defaultdict(lambda: defaultdict(dict))
        seen: set[str] = set()
        for doc in self.docs:
            ref = doc["location"]
            path = ref.split("#")[0]
            if path in seen:
                self.parents[ref] = path
            seen.add(path)
            for name in self.boosts:
                counts: dict[str, int] = defaultdict(int)
                for token in tokenize(doc.get(name) or "", self.separator):
                    if token not in self.stop_es:
                        counts[token] += 1
                        self.term_index.setdefault(token, len(self.term_index))
                frequencies[(ref, name)] = counts
                for token, count in counts.items():
                    postings[token][name][ref] = count
        self.postings = postings
        total = len(self.docs)
        idf = {term: math.log(1 + abs((total - n + 0.5) / (n + 0.5)))
               for term, per_field in postings.items() for n in [sum(len(d) for d in per_field.values())]}
        doc_boost = {doc["location"]: float(doc.get("boost", 1)) for doc in self.docs}
        for (ref, name), counts in frequencies.items():
            boost = self.boosts[name]
            self.vectors[(ref, name)] = {
                term: math.floor(idf[term] * (_K1 + 1) * tf / (_K1 + tf) * boost * doc_boost[ref] * 1000 + 0.5) / 1000
                for term, tf in counts.items()}

    def transform(self, query: str) -> list[str]:
        """Material's query transform: quotes dropped, fields not in the index split off, terms tokenised."""
        return [clause.term for clause in self.clauses(query)]

    def clauses(self, query: str) -> list[Clause]:
        """The query's terms, each with whether it is a prefix (Material appends ``*`` to every term it lexes as a
        term; a ``word:`` that names no field becomes a plain, exact term) and its presence: a leading ``+`` makes
        the term required and ``-`` prohibited, both exact (lunr's query syntax, which Material keeps)."""
        terms: list[Clause] = []
        for part in query.strip().replace('"', " ").split():
            part = re.sub(r"^[*+\-:^~]+$", "", part)
            presence = part[0] if part[:1] in ("+", "-") else ""
            boosted = re.fullmatch(r"(.+)\^1", part)                          # «4^1»: a boost of 1, no wildcard
            part = boosted.group(1) if boosted else part
            pieces = re.split(r":", part[len(presence):])
            for index, piece in enumerate(pieces):
                prefix = not presence and not boosted and (index == len(pieces) - 1
                                                            or piece in ("title", "text", "tags"))
                terms.extend(Clause(t.lower(), prefix, presence) for t in self.separator.split(piece) if t)
        return terms

    def search(self, query: str) -> list[Hit]:
        """Documents in Material's order (score with its post-query boosts)."""
        expansions = [(clause, [t for t in self.postings if t.startswith(clause.term)] if clause.prefix
                       else [clause.term] * (clause.term in self.postings)) for clause in self.clauses(query)]
        clauses = [clause.term for clause, _ in expansions if clause.presence != "-"]
        query_vectors: dict[str, dict[str, float]] = {name: defaultdict(float) for name in self.boosts}
        matched: dict[tuple[str, str], set[str]] = defaultdict(set)
        required: set[str] | None = None
        prohibited: set[str] = set()
        for clause, candidates in expansions:                                # lunr's loop order: clause, term
            having = {ref for term in candidates for refs in self.postings[term].values() for ref in refs}
            if clause.presence == "-":
                prohibited |= having
                continue
            if clause.presence == "+":
                required = having if required is None else required & having
            for term in _token_set_order(candidates):                          # (as its token set lists them),
                for name in self.boosts:                                     # field, document
                    query_vectors[name][term] += 1.0
                    for ref in self.postings[term].get(name, {}):
                        matched[(ref, name)].add(term)
        matched = {key: found for key, found in matched.items()
                   if key[0] not in prohibited and (required is None or key[0] in required)}
        scores: dict[str, float] = {}
        terms_of: dict[str, set[str]] = defaultdict(set)
        for (ref, name), found in matched.items():
            vector = query_vectors[name]
            ordered = sorted(vector, key=self.term_index.__getitem__)         # lunr's summation order
            magnitude = math.sqrt(_sum(vector[t] * vector[t] for t in ordered))
            doc_vector = self.vectors[(ref, name)]
            dot = _sum(vector[t] * doc_vector[t] for t in ordered if t in doc_vector)
            scores[ref] = scores.get(ref, 0.0) + (dot / magnitude if magnitude else 0.0)
            terms_of[ref] |= found
        titles = {d["location"]: d.get("title", "") for d in self.docs}
        hits = []
        for ref, score in sorted(scores.items(), key=lambda item: -item[1]):  # stable: ties keep lunr's order
            flags = {c: any(t.startswith(c) for t in terms_of[ref]) for c in dict.fromkeys(clauses)}
            counted = {c: hit for c, hit in flags.items() if hit or c not in self.stop_en}
            fraction = sum(counted.values()) / len(counted) if counted else 0.0
            boost = (0 if ref in self.parents else 1) + fraction
            hits.append(Hit(ref, titles.get(ref, ""), score * (1 + boost ** 2), self.parents.get(ref),
                            tuple(c for c, hit in counted.items() if hit), len(counted)))
        hits.sort(key=lambda h: -h.score)
        return hits

    def game_sizes(self) -> dict[str, int]:
        """How many documents (pages and sections) each game has in the index."""
        sizes: dict[str, int] = dict.fromkeys(self.games.values(), 0)
        for doc in self.docs:
            game = game_of(doc["location"], self.games)
            if game is not None:
                sizes[game] += 1
        return sizes

    def pages(self, query: str) -> list[tuple[str, list[Hit]]]:
        """Results grouped by page, best page first (what the search box lists), scoped to a game as
        ``checker.search.scope`` says."""
        scoped = split_filter(query, self.game_names)
        groups: dict[str, list[Hit]] = {}
        for hit in self.search(scoped.query):
            groups.setdefault(hit.parent if hit.parent is not None else hit.location, []).append(hit)
        game = {location: game_of(location, self.games) for location in groups}
        favoured = None
        if scoped.game is not None:
            groups = {location: hits for location, hits in groups.items() if game[location] == scoped.game}
        else:
            favoured = inferred_game(
                [(game[page], hit.terms) for page, hits in groups.items() for hit in hits], self.game_sizes())
        titles = {doc["location"]: str(doc.get("title", "")) for doc in self.docs}
        weights = {location: page_weight([rescored(hit.score, len(hit.terms), hit.counted,
                                                   favoured is not None and game[location] == favoured)
                                          for hit in hits])
                   * (TITLED if says_title(titles.get(location, ""), scoped.query) else 1.0)
                   for location, hits in groups.items()}
        return sorted(groups.items(), key=lambda item: -weights[item[0]])
