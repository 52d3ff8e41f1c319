"""The stop words shipped with the built site: lunr's Spanish list (the index pipeline) and Material's English one
(its query analysis)."""

from __future__ import annotations

import re
from pathlib import Path


def stop_words(site: Path) -> tuple[frozenset[str], frozenset[str]]:
    """Spanish (index pipeline) and English (Material's term analysis) stop words of the built site."""
    spanish = (site / "assets/javascripts/lunr/min/lunr.es.min.js").read_text(encoding="utf-8")
    match = re.search(r'generateStopWordFilter\("([^"]*)"', spanish)
    workers = sorted((site / "assets/javascripts/workers").glob("search.*.min.js"))
    english = re.search(r"generateStopWordFilter\(\[([^\]]*)\]", workers[0].read_text(encoding="utf-8")) \
        if workers else None
    return (frozenset(match.group(1).split()) if match else frozenset(),
            frozenset(re.findall(r'"([^"]*)"', english.group(1))) if english else frozenset())
