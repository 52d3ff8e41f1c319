"""Parse, transform and schema-validate the whole Lorcana corpus; compare with bare lark LALR parsing."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path

from lark.exceptions import UnexpectedInput

from checker.games.lorcana.corpus import read_lorcana_json
from checker.games.lorcana.grammar import GRAMMAR
from checker.grammar.errors import ParseError
from checker.grammar.validate import fast_check, schema_validator
from checker.paths import PROJECT_ROOT

CORPUS = PROJECT_ROOT.parent / "shared" / "corpora" / "lorcana" / "allCards.en.json"


def _bare(texts: list[str]) -> float:
    start = time.perf_counter()
    for text in texts:
        with contextlib.suppress(UnexpectedInput):
            GRAMMAR.parser.parse(text)
    return time.perf_counter() - start


def _full(texts: list[str], reference: bool = False) -> float:
    check = schema_validator("lorcana").is_valid if reference else fast_check("lorcana")
    start = time.perf_counter()
    for text in texts:
        try:
            structure = GRAMMAR.parse(text)
        except ParseError:
            continue
        if not check(structure):
            raise AssertionError(text)
    return time.perf_counter() - start


def main(corpus: Path = CORPUS) -> None:
    _, lines = read_lorcana_json(corpus)
    texts = [GRAMMAR.normalise(line.text) for line in lines]
    cold = _full(texts)
    bare = min(_bare(texts) for _ in range(3))
    full = min(_full(texts) for _ in range(3))
    reference = _full(texts, reference=True)
    print(f"gramática Lorcana: {len(texts)} habilidades; en frío {cold:.2f} s; "
          f"en caliente {full:.2f} s ({len(texts) / full:,.0f} habilidades/s); "
          f"lark LALR solo {bare:.2f} s; relación {full / bare:.1f}×; "
          f"con jsonschema como validador {reference:.2f} s")
