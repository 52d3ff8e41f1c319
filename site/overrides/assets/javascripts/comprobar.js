// «Comprobar texto» and «Comprobar jugada»: the page side. Python (the project's own `reglas`) runs in
// comprobar-worker.js; this file only sends what was pasted and shows the answer, with the rule IDs linked.
const box = document.querySelector(".reglas-comprobar");
const root = new URL(box.dataset.root, location.href).href;
const input = box.querySelector("textarea");
const button = box.querySelector("button.reglas-comprobar-go");
const status = box.querySelector(".reglas-comprobar-estado");
const output = box.querySelector(".reglas-salida");
const worker = new Worker(new URL("comprobar-worker.js", import.meta.url), { type: "module" });
const pending = new Map();
let next = 0;

function ask(message) {
  return new Promise((resolve, reject) => {
    const id = next++;
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, site: root, ...message });
  });
}

worker.onmessage = ({ data }) => {
  if (data.ready) return;
  const waiting = pending.get(data.id);
  pending.delete(data.id);
  if (data.error) waiting.reject(new Error(data.error));
  else waiting.resolve(data.answer);
};

const RULE_ID = /\b(lorcana|malifaux|espadas):(\d+(?:\.\d+)*)\b/g;
const URL_TEXT = /https?:\/\/[^\s]+/g;
// The card symbols as the site draws them (checker/symbols.py); the glyph stays inside, hidden, so the text is the
// CLI's to the letter when copied.
const SYMBOLS = { "¤": ["strength", "Fuerza"], "⛉": ["willpower", "Voluntad"], "◊": ["lore", "Leyenda"],
                  "⬡": ["ink", "Tinta"], "⟳": ["exert", "Agotar"] };

function withIcons(text) {
  const pieces = [];
  let last = 0;
  for (const match of text.matchAll(/[¤⛉◊⬡⟳]/g)) {
    pieces.push(text.slice(last, match.index));
    const [css, name] = SYMBOLS[match[0]];
    const icon = document.createElement("span");
    icon.className = `reglas-sym reglas-sym--${css}`;
    icon.setAttribute("role", "img");
    icon.setAttribute("aria-label", name);
    icon.title = name;
    const glyph = document.createElement("span");
    glyph.className = "reglas-glifo";
    glyph.textContent = match[0];
    icon.append(glyph);
    pieces.push(icon);
    last = match.index + 1;
  }
  pieces.push(text.slice(last));
  return pieces;
}

// The CLI's text, with every URL and rule ID a link (the IDs to their permalinks, id/<game>/<number>/).
function show(text) {
  output.replaceChildren();
  const pattern = new RegExp(`${URL_TEXT.source}|${RULE_ID.source}`, "g");
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    output.append(...withIcons(text.slice(last, match.index)));
    const link = document.createElement("a");
    link.textContent = match[0];
    link.href = match[1] ? `${root}id/${match[1]}/${match[2]}/` : match[0];
    output.append(link);
    last = match.index + match[0].length;
  }
  output.append(...withIcons(text.slice(last)));
}

function gamesOf(yaml) {
  const found = new Set([...yaml.matchAll(/\bgame:\s*["']?(\w+)/g)].map(m => m[1]));
  return [...found];
}

async function check() {
  const text = input.value;
  if (!text.trim()) {
    show(box.dataset.mode === "texto" ? "Pega primero el texto de una carta." : "Pega primero un escenario.");
    return;
  }
  button.disabled = true;
  status.textContent = "Comprobando…";
  const started = performance.now();
  try {
    const answer = box.dataset.mode === "texto"
      ? await ask({ cmd: "parse", game: box.dataset.game, text })
      : await ask({ cmd: "check", text, games: gamesOf(text) });
    show(answer.out + answer.err);
    output.dataset.code = answer.code;
    status.textContent = `Hecho en ${Math.round(performance.now() - started)} ms (código de salida ${answer.code}).`;
  } catch (error) {
    show(`No se pudo comprobar: ${error.message}`);
    status.textContent = "Error.";
  } finally {
    button.disabled = false;
  }
}

button.addEventListener("click", check);
input.addEventListener("keydown", event => {
  if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) check();
});
for (const example of box.querySelectorAll(".reglas-ejemplo")) {
  example.addEventListener("click", () => {
    input.value = example.dataset.text ?? document.getElementById(example.dataset.source).textContent;
    check();
  });
}

status.textContent = "Cargando Python en el navegador (la primera vez tarda unos segundos)…";
ask({ cmd: "boot", game: box.dataset.game }).then(
  () => { status.textContent = "Listo: pega el texto y pulsa «Comprobar» (o Ctrl+Intro)."; box.dataset.ready = "1"; },
  error => { status.textContent = `No se pudo cargar Python en el navegador: ${error.message}`; },
);
