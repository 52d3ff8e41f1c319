// The «Comprobar» pages' Python: Pyodide in a module worker, running the project's own `reglas` command line
// (checker.cli.main) on what the page sends. Everything comes from ../reglas-py/ of this site (written by
// checker/sitegen/pyodide/runtime.py at build time): no CDN, no server.
const RUNTIME = new URL("../reglas-py/", import.meta.url);
// Imported without a top-level await: the message handler below must be in place before the page's first message
// arrives, or that message is lost.
const pyodide = import(new URL("pyodide.mjs", RUNTIME).href);

const SETUP = `
import contextlib, io, os, zipfile
from checker.cli import main as _reglas_main
from checker.paths import DEFAULT_VAULT


def reglas(args):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = _reglas_main(list(args))
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else 1
    return code, out.getvalue(), err.getvalue()


def reglas_vault(data):
    if not DEFAULT_VAULT.is_dir():
        zipfile.ZipFile(io.BytesIO(bytes(data))).extractall(DEFAULT_VAULT)
`;

const bytes = async name => new Uint8Array(await (await fetch(new URL(name, RUNTIME))).arrayBuffer());
const CACHE = "/tmp/reglas-cache";
let booting = null;
let manifest = null;
const loaded = new Map();
const fetched = new Map();

// Python, the packages, the manifest and the page's game's tables are fetched at once; the imports run before the
// first question.
async function boot(site, game) {
  const { loadPyodide } = await pyodide;
  const manifestLoaded = fetch(new URL("manifest.json", RUNTIME)).then(r => r.json());
  const tablesLoaded = manifestLoaded.then(m => fetchTables(m, game));
  const [py, packages, found] = await Promise.all([
    loadPyodide({ indexURL: RUNTIME.href, env: { REGLAS_CACHE_DIR: CACHE, REGLAS_SITE_URL: site } }),
    bytes("site-packages.zip"),
    manifestLoaded,
  ]);
  manifest = found;
  if (game) fetched.set(game, tablesLoaded);
  const sitePackages = py.runPython("import site; site.getsitepackages()[0]");
  py.unpackArchive(packages, "zip", { extractDir: sitePackages });
  py.FS.mkdirTree(CACHE);
  py.runPython(SETUP);
  py.runPython("from checker.game import games; games()");
  return py;
}

// The parser tables of a game's grammar, fetched the first time that game is used, and the grammar loaded (once
// per game, however many questions wait for it).
function fetchTables(found, game) {
  const names = game ? found.caches.filter(n => n.startsWith(game + "-")) : [];
  return Promise.all(names.map(async name => [name, await bytes("cache/" + name)]));
}

function tables(py, game) {
  if (!loaded.has(game)) loaded.set(game, (async () => {
    if (!fetched.has(game)) fetched.set(game, fetchTables(manifest, game));
    for (const [name, data] of await fetched.get(game)) py.FS.writeFile(`${CACHE}/${name}`, data);
    py.runPython(`from checker.game import games\ngrammar = games()[${JSON.stringify(game)}].grammar\n` +
                 "if grammar is not None:\n    grammar.parses('')");
  })());
  return loaded.get(game);
}

async function run({ cmd, game, text, games, site }) {
  booting ??= boot(site, game);
  const py = await booting;
  let args;
  if (cmd === "boot") {
    if (game) await tables(py, game);
    return { code: 0, out: "", err: "" };
  }
  if (cmd === "parse") {
    await tables(py, game);
    args = ["parse", "--game", game, text];
  } else {
    for (const g of games) await tables(py, g);
    py.globals.get("reglas_vault")(await bytes("vault.zip"));
    py.FS.writeFile("jugada.yaml", text);          // in the working folder: messages name it «jugada.yaml»
    args = ["check", "-v", "jugada.yaml"];
  }
  const answer = py.globals.get("reglas")(args);
  const [code, out, err] = answer.toJs();
  answer.destroy();
  return { code, out, err };
}

onmessage = async ({ data }) => {
  try {
    postMessage({ id: data.id, answer: await run(data) });
  } catch (error) {
    postMessage({ id: data.id, error: String(error) });
  }
};
postMessage({ ready: true });
