// reglas: build the site's lunr index once, at site build time, with Material's own search worker.
//
//   node searchprebuild.mjs <site folder>
//
// Runs Material's worker (assets/javascripts/workers/search.*.min.js) in a sandbox, hands it the built
// search/search_index.json as the page would, and writes search/search_prebuilt.bin: the lunr index and Material's
// position tables (where each indexed token sits in each field, for highlighting), as reglas-prebuilt.js reads them. The page's worker
// (reglas-search.js) loads that instead of indexing ~1,200 documents in the browser; both are Material's code over
// the same documents, so the results are the same, only sooner.
import fs from "node:fs"
import path from "node:path"
import vm from "node:vm"

const site = process.argv[2]
const workers = path.join(site, "assets", "javascripts", "workers")
const bundle = fs.readdirSync(workers).find(name => /^search\.[0-9a-f]+\.min\.js$/.test(name))
if (bundle === undefined)
  throw new Error(`no Material search worker in ${workers}`)
const source = JSON.parse(fs.readFileSync(path.join(site, "search", "search_index.json"), "utf8"))

const listeners = []
const sandbox = { console, setTimeout, clearTimeout, Promise, TextDecoder }
sandbox.self = sandbox
sandbox.addEventListener = (type, listener) => { if (type === "message") listeners.push(listener) }
sandbox.importScripts = (...urls) => {
  for (const url of urls)
    vm.runInContext(fs.readFileSync(path.resolve(workers, url), "utf8"), sandbox)
}
vm.createContext(sandbox)
vm.runInContext(fs.readFileSync(path.join(workers, bundle), "utf8"), sandbox)

// Material calls the global `lunr(config)` once; keep what it builds and each field's position table
const real = sandbox.lunr
const tables = []
let built = null
let configured = null
const capturing = function (config) {
  built = real(function (builder) {
    configured = builder
    const field = builder.field.bind(builder)
    builder.field = (name, attributes) => field(name, {
      ...attributes,
      extractor: doc => {
        const value = attributes.extractor(doc)
        if (value !== undefined)
          tables.push([`${doc.location}:${name}`, real.tokenizer.table])
        return value
      }
    })
    config.call(builder, builder)
  })
  return built
}
sandbox.lunr = Object.assign(capturing, real)

const ready = new Promise((resolve, reject) => {
  sandbox.postMessage = message => message.type === 1 ? resolve() : reject(new Error(JSON.stringify(message)))
})
for (const listener of listeners)
  listener({ data: { type: 0, data: source } })
await ready
if (built === null)
  throw new Error("Material's worker built no index")

// Written as reglas-prebuilt.js reads it
const place = new Map(source.docs.map((doc, n) => [doc.location, n]))
const index = built.toJSON()
const fields = index.fields
const ints = []
for (const [, posting] of index.invertedIndex) {
  ints.push(posting._index)
  for (const field of fields) {
    const flat = []
    for (const [ref, metadata] of Object.entries(posting[field])) {
      const positions = metadata.position || []
      flat.push(place.get(ref), positions.length, ...positions)
    }
    ints.push(flat.length, ...flat)
  }
}
ints.push(tables.length)
for (const [id, table] of tables) {
  const cut = id.lastIndexOf(":")
  ints.push(place.get(id.slice(0, cut)), fields.indexOf(id.slice(cut + 1)), table.length)
  for (const block of table)
    ints.push(block.length, ...block)
}
for (const [, vector] of index.fieldVectors) {
  ints.push(vector.length)
  for (let k = 0; k < vector.length; k += 2)
    ints.push(vector[k], Math.round(vector[k + 1] * 1000))
}
const header = Buffer.from(JSON.stringify({
  docs: { count: source.docs.length, text: source.docs.reduce((sum, doc) => sum + (doc.text || "").length, 0) },
  fields,
  terms: index.invertedIndex.map(([term]) => term)
}))
const padded = Math.ceil(header.length / 4) * 4
const file = Buffer.alloc(4 + padded + 4 * ints.length, 0x20)
file.writeUInt32LE(header.length, 0)
header.copy(file, 4)
Buffer.from(Int32Array.from(ints).buffer).copy(file, 4 + padded)

// What reglas-prebuilt.js reads must be what Material built, or the build fails
vm.runInContext(fs.readFileSync(path.join(workers, "reglas-prebuilt.js"), "utf8"), sandbox)
const buffer = file.buffer.slice(file.byteOffset, file.byteOffset + file.length)
const prepared = sandbox.reglasPrebuilt.prepare(buffer, real)
if (!sandbox.reglasPrebuilt.fits(prepared.pre, source.docs))
  throw new Error("the prebuilt index does not fit its documents")
const unpacked = sandbox.reglasPrebuilt.index(prepared, source.docs, real, configured)
if (JSON.stringify(unpacked.toJSON()) !== JSON.stringify(index))
  throw new Error("the index read back differs from the one Material built")
// … and so must every term and prefix a query can ask for, in the order lunr's own token set lists them
const asked = new Set()
for (const term of index.invertedIndex.map(([term]) => term))
  for (let n = 1; n <= Math.min(3, term.length); n++)
    asked.add(term.slice(0, n))
const expansions = (set, text, wildcard) => set.intersect(real.TokenSet.fromClause({
  term: text, wildcard, editDistance: 0, usePipeline: false, boost: 1 })).toArray()
for (const [text, wildcard] of [...[...asked].map(text => [text, real.Query.wildcard.TRAILING]),
                                ...index.invertedIndex.map(([term]) => [term, real.Query.wildcard.NONE]),
                                ["zzzz", real.Query.wildcard.NONE], ["zzzz", real.Query.wildcard.TRAILING]]) {
  const wanted = JSON.stringify(expansions(built.tokenSet, text, wildcard))
  if (JSON.stringify(expansions(prepared.tokenSet, text, wildcard)) !== wanted)
    throw new Error(`the terms read back for «${text}» differ from lunr's`)
}
const fuzzy = { term: "desafio", wildcard: real.Query.wildcard.NONE, editDistance: 1, usePipeline: false, boost: 1 }
if (JSON.stringify(prepared.tokenSet.intersect(real.TokenSet.fromClause(fuzzy)).toArray())
    !== JSON.stringify(built.tokenSet.intersect(real.TokenSet.fromClause(fuzzy)).toArray()))
  throw new Error("the fuzzy terms read back differ from lunr's")
const named = prepared.tables.map(([d, f, blocks]) => [`${source.docs[d].location}:${fields[f]}`,
  blocks.map(block => Array.from(block))])
if (JSON.stringify(named) !== JSON.stringify(tables))
  throw new Error("the position tables read back differ from Material's")
fs.writeFileSync(path.join(site, "search", "search_prebuilt.bin"), file)
console.log(`${source.docs.length} ${index.invertedIndex.length}`)
