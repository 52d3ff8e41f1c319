"""Run every benchmark: ``python -m bench [name ...]``."""

from __future__ import annotations

import sys

from bench import (
    comprobar,
    espadas_grammar,
    espadas_odds,
    lint_vault,
    lorcana_checker,
    lorcana_grammar,
    malifaux_odds,
    search_latency,
    site_build,
)

BENCHES = {"lint": lint_vault.main, "lint-real": lint_vault.real, "site": site_build.main,
           "search": search_latency.main, "search-fresh": search_latency.fresh,
           "lorcana": lorcana_grammar.main, "checker": lorcana_checker.main,
           "malifaux": malifaux_odds.main, "espadas": espadas_odds.main,
           "espadas-grammar": espadas_grammar.main, "comprobar": comprobar.main}

if __name__ == "__main__":
    for name in sys.argv[1:] or list(BENCHES):
        BENCHES[name]()
