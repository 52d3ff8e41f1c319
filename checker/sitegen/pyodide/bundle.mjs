// Run by checker/sitegen/pyodide/runtime.py under Node, with Pyodide itself (its Python 3.14):
//   node bundle.mjs <pyodide package folder> <site-packages folder> <output folder> <tables folder>
// writes <output>/site-packages.zip (the files byte-compiled with unchecked-hash .pyc, valid whatever the
// modification times after unpacking in the browser) and <output>/caches.json, the names of the parser tables of
// every game's grammar (checker/grammar/loader.py cache_file) in <tables folder>: built there by lark when missing
// (a minute for a large grammar), read back when present, so the first parse in the page does not build them; and
// the grammars as written out (checker/grammar/loader.py expanded_file), which the page would otherwise redo.
// lark keys its tables by the options it was given, the cache path among them: the page uses the same folder,
// /tmp/reglas-cache (comprobar-worker.js).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, stage, out, tables] = process.argv.slice(2).map(p => path.resolve(p));
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + "/", env: { REGLAS_CACHE_DIR: "/tmp/reglas-cache" } });
py.mountNodeFS("/stage", stage);
py.mountNodeFS("/out", out);
fs.mkdirSync(tables, { recursive: true });
py.FS.mkdirTree("/tmp/reglas-cache");
py.mountNodeFS("/tmp/reglas-cache", tables);
py.runPython(`
import compileall, json, os, py_compile, shutil, site, sys
target = site.getsitepackages()[0]
shutil.copytree("/stage", target, dirs_exist_ok=True)
compileall.compile_dir(target, quiet=1, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
shutil.make_archive("/tmp/site-packages", "zip", target)
shutil.copy("/tmp/site-packages.zip", "/out/site-packages.zip")
sys.path.insert(0, target)
from checker.game import games
from checker.grammar.loader import cache_file, expanded_file, grammar_text
names = []
for game in games().values():
    if game.grammar is not None:
        game.grammar.parses("x")
        text = grammar_text(game.grammar.name, game.grammar.expand)
        names.append(os.path.basename(cache_file(game.grammar.name, text)))
        names.append(os.path.basename(expanded_file(game.grammar.name, game.grammar.expand)))
json.dump(names, open("/out/caches.json", "w"))
`);
