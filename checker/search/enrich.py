"""Build-time enrichment of Material's search index for Spanish.

Each document gets a ``voc`` field (and its title a ``tvoc`` field, weighted as the title) with the corpus
words of the same families as its own words, accented and accent-folded, plus the note's aliases and rule
numbers; ``ivoc`` adds regular inflections of its title words that the corpus never writes. The stock
prefix search then finds «desafiar», «desafio» or «desafíos» on a page that says «desafío».
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from checker.search.lexicon import Lexicon
from checker.search.tokens import tokenize

TEXT_FIELD, TITLE_FIELD = "voc", "tvoc"
INFLECTION_FIELD = "ivoc"
TAGS_BOOST = 10.0
#: Generated forms («temerarios» from «Temerario») help recall but must not outweigh real words.
INFLECTION_BOOST = 10.0


def _words(doc: dict[str, Any], separator: re.Pattern[str]) -> tuple[list[str], list[str]]:
    title = tokenize(doc.get("title") or "", separator)
    body = tokenize(doc.get("text") or "", separator) + tokenize(doc.get("tags") or [], separator)
    return title, body


def enrich(index: dict[str, Any], extra: Mapping[str, Iterable[str]]) -> dict[str, Any]:
    """Add the family fields to every document; ``extra`` maps a location to more words (aliases, IDs)."""
    config = index["config"]
    separator = re.compile(config["separator"])
    lexicon = Lexicon()
    words = []
    for doc in index["docs"]:
        title, body = _words(doc, separator)
        more = [t for text in extra.get(doc["location"], ()) for t in tokenize(text, separator)]
        lexicon.add(title + body + more)
        words.append((title, body, more))
    for doc, (title, body, more) in zip(index["docs"], words, strict=True):
        title_family = lexicon.relatives(title + more) | set(more)
        doc[TITLE_FIELD] = " ".join(sorted(title_family - set(title)))
        text_family = lexicon.relatives(body) - set(body) - title_family
        doc[TEXT_FIELD] = " ".join(sorted(text_family))
        known = title_family | text_family | set(title) | set(body)
        doc[INFLECTION_FIELD] = " ".join(sorted(lexicon.inflections(title + more) - known))
    fields = config["fields"]
    fields[TITLE_FIELD] = {"boost": fields.get("title", {}).get("boost", 1000.0)}
    fields[TEXT_FIELD] = {"boost": 1.0}
    fields[INFLECTION_FIELD] = {"boost": INFLECTION_BOOST}
    fields["tags"] = {"boost": TAGS_BOOST}  # topical labels: above text, well below titles
    return index


def enrich_file(path: Path, extra: Mapping[str, Iterable[str]]) -> int:
    """Rewrite a built ``search_index.json`` in place; returns the number of documents."""
    index = json.loads(path.read_text(encoding="utf-8"))
    enrich(index, extra)
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    return len(index["docs"])
