"""The site's search index built once, at site build time, so that a page does not index ~1,200 documents in the
browser before its first result.

``searchprebuild.mjs`` runs Material's own search worker under Node over the built ``search/search_index.json`` and
writes ``search/search_prebuilt.bin`` (the lunr index and Material's position tables, as
``assets/javascripts/workers/reglas-prebuilt.js`` reads them); it fails unless what that reader gets back is exactly
what Material built. The page's worker (``reglas-search.js``) loads the file when it fits the documents, and
indexes as Material always does when it is missing.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from checker.errors import ReglasError

HERE = Path(__file__).resolve().parent
SCRIPT = HERE / "searchprebuild.mjs"
PREBUILT = Path("search") / "search_prebuilt.bin"
_FIX = "instala Node.js 18 o posterior (Debian: apt-get install nodejs); sin él el sitio funciona, pero cada página " \
       "indexa la búsqueda al abrirse (alrededor de un segundo)"


def node() -> str | None:
    return shutil.which("node")


def prebuild_search(site: Path) -> int:
    """Write the prebuilt index into a built site; returns how many documents it holds."""
    found = node()
    if found is None:
        raise ReglasError("falta «node» para precompilar el índice de búsqueda", fix=_FIX)
    done = subprocess.run([found, str(SCRIPT), str(site)], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        said = (done.stderr or done.stdout).strip().splitlines()
        raise ReglasError(f"falló la precompilación del índice de búsqueda: {said[-1] if said else 'sin detalle'}",
                          fix="comprueba que el sitio se construyó entero (search/search_index.json y "
                              "assets/javascripts/workers/) y vuelve a construirlo")
    return int(done.stdout.split()[0])
