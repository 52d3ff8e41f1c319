/*
 * reglas: the site's lunr index, built once at site build time (checker/sitegen/searchprebuild.mjs) and stored
 * as numbers, so that the page's search worker reads it without parsing or indexing anything; this file reads it,
 * in the worker and in the build, which checks that what it reads (every posting, vector and term expansion) and
 * the position tables are the ones Material built.
 *
 * search/search_prebuilt.bin: a little-endian uint32, the length of a JSON header (`docs`: count and total text
 * length of the documents of search/search_index.json, which it was built from; `fields`; `terms`, in lunr's
 * sorted order), the header padded to 4 bytes, then int32s:
 *   - per term: its index in lunr's term order, then per field the number of ints that follow and, per document
 *     that has it there, [document (its place in search_index.json), n, the n token positions];
 *   - the number of position tables, then per table: document, field, number of blocks, and per block its
 *     length and entries (Material's packed start, length and kind of each token), one table per field a
 *     document has, in the order lunr indexed them;
 *   - per document and field (document × fields + field): the number of ints that follow, then lunr's field
 *     vector as pairs [term index, BM25 weight × 1000] (lunr rounds the weights to thousandths, so the integer
 *     divided by 1000 is the very number lunr holds).
 * Nothing is decoded before a query reads it, and what the first queries did not read is decoded between them.
 */
self.reglasPrebuilt = (() => {
  "use strict"

  /* An object whose properties are computed when first read and then kept (lunr reads few of the postings and
   * field vectors of a query), and `fill(slot)`, which computes one ahead of time */
  function lazyObject(keys, slotOf, compute) {
    const done = new Map()
    const fill = slot => {
      if (!done.has(slot))
        done.set(slot, compute(slot))
      return done.get(slot)
    }
    const value = key => {
      const slot = slotOf(key)
      return slot === undefined ? undefined : fill(slot)
    }
    const object = new Proxy(Object.create(null), {
      get: (_, key) => typeof key === "string" ? value(key) : undefined,
      has: (_, key) => typeof key === "string" && slotOf(key) !== undefined,
      ownKeys: () => keys(),
      getOwnPropertyDescriptor: (_, key) => typeof key === "string" && slotOf(key) !== undefined     /* listing */
        ? { get: () => value(key), set: undefined, enumerable: true, configurable: true } : undefined  /* reads none */
    })
    return { object, fill }
  }

  /* The file's header and numbers */
  function read(buffer) {
    const length = new DataView(buffer).getUint32(0, true)
    const header = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, 4, length)))
    return { ...header, ints: new Int32Array(buffer, 4 + Math.ceil(length / 4) * 4) }
  }

  /* A value computed when first needed, then kept */
  function once(compute) {
    let value
    let done = false
    return () => {
      if (!done) {
        value = compute()
        done = true
      }
      return value
    }
  }

  /* Where a character's edge comes among a trie node's edges: Object.keys lists integer-like keys (the digits)
   * first, then the others as they were added (lunr adds them in sorted order) */
  function edgeRank(char) {
    return char >= "0" && char <= "9" ? char.charCodeAt(0) - 0x10000 : char.charCodeAt(0)
  }

  /* lunr.TokenSet.toArray's order: depth first, a word before those it begins, and each node's edges taken from
   * the last one listed */
  function trieOrder(a, b) {
    let i = 0
    while (i < a.length && i < b.length && a[i] === b[i])
      i++
    if (i === a.length || i === b.length)
      return a.length - b.length
    return edgeRank(b[i]) - edgeRank(a[i])
  }

  /* The place of the first of the sorted terms that is not before ``text`` */
  function firstFrom(terms, text) {
    let low = 0
    let high = terms.length
    while (low < high) {
      const middle = (low + high) >> 1
      if (terms[middle] < text)
        low = middle + 1
      else
        high = middle
    }
    return low
  }

  /* The index's token set as lunr's Index.query uses it (`intersect(clause's set).toArray()`): a term or a prefix
   * («des*», what Material asks for each word) is looked up in the sorted terms, in the order lunr's trie gives;
   * anything else (fuzzy or leading wildcards) goes to the real trie, built then */
  function tokenSet(terms, lunr) {
    const full = once(() => lunr.TokenSet.fromArray(terms))
    const from = text => firstFrom(terms, text)
    /* {text, prefix} for a chain of single letters ending in a final node (a term) or in a final node whose only
     * edge is a wildcard to itself (a prefix); null for any other shape */
    const asked = set => {
      let node = set
      let text = ""
      for (;;) {
        const edges = Object.keys(node.edges)
        if (!edges.length)
          return node.final ? { text, prefix: false } : null
        if (edges.length === 1 && edges[0] === "*" && node.edges["*"] === node && node.final)
          return { text, prefix: true }
        if (edges.length !== 1 || edges[0] === "*" || node.final)
          return null
        text += edges[0]
        node = node.edges[edges[0]]
      }
    }
    return {
      intersect(set) {
        const query = asked(set)
        if (query === null)
          return full().intersect(set)
        const words = []
        for (let at = from(query.text); at < terms.length && terms[at].startsWith(query.text); at++) {
          words.push(terms[at])
          if (!query.prefix)
            break
        }
        const found = query.prefix ? words.sort(trieOrder) : words.filter(word => word === query.text)
        return { toArray: () => found.slice() }
      },
      full
    }
  }

  /* What needs only the file, done as soon as it arrives (before the page sends the documents): where each term's
   * fields start, the position tables as views, and where each field vector starts */
  function prepare(buffer, lunr) {
    const pre = read(buffer)
    const ints = pre.ints
    const width = pre.fields.length
    const starts = new Int32Array(pre.terms.length * width)       /* offset of each (term, field)'s length */
    const indexes = new Int32Array(pre.terms.length)
    let at = 0
    for (let r = 0; r < pre.terms.length; r++) {
      indexes[r] = ints[at++]
      for (let f = 0; f < width; f++) {
        starts[r * width + f] = at
        at += 1 + ints[at]
      }
    }
    const tables = []
    for (let count = ints[at++]; count > 0; count--) {
      const d = ints[at++]
      const f = ints[at++]
      const blocks = []
      for (let n = ints[at++]; n > 0; n--) {
        blocks.push(ints.subarray(at + 1, at + 1 + ints[at]))
        at += 1 + ints[at]
      }
      tables.push([d, f, blocks])
    }
    const vectors = new Int32Array(pre.docs.count * width)      /* offset of each (document, field)'s length */
    for (let slot = 0; slot < vectors.length; slot++) {
      vectors[slot] = at
      at += 1 + ints[at]
    }
    const rows = new Map(pre.terms.map((term, r) => [term, r]))
    /* How much a prefix asks lunr to read: the postings' numbers of the terms it begins (a query's work grows with
     * it; the worker waits for the next key rather than search a prefix of thousands of postings) */
    const work = prefix => {
      let total = 0
      for (let r = firstFrom(pre.terms, prefix); r < pre.terms.length && pre.terms[r].startsWith(prefix); r++)
        for (let f = 0; f < width; f++)
          total += ints[starts[r * width + f]]
      return total
    }
    /* the word of four letters or more with the most postings, which the worker searches once to warm up */
    let frequent = ""
    let most = -1
    for (let r = 0; r < pre.terms.length; r++) {
      const term = pre.terms[r]
      if (term.length < 4 || !/^\p{L}+$/u.test(term))
        continue
      let total = 0
      for (let f = 0; f < width; f++)
        total += ints[starts[r * width + f]]
      if (total > most) {
        frequent = term
        most = total
      }
    }
    return { pre, width, starts, indexes, vectors, rows, tables, work, frequent, tokenSet: tokenSet(pre.terms, lunr) }
  }

  /* Whether the file was built from these documents */
  function fits(pre, docs) {
    return pre.docs.count === docs.length
      && docs.reduce((sum, doc) => sum + (doc.text || "").length, 0) === pre.docs.text
  }

  const lazies = new WeakMap()    /* lunr index → its postings and vectors, for `warm` */

  /* The lunr index, given the documents and the builder Material configured (fields and boosts, the search
   * pipeline) */
  function index(prepared, docs, lunr, builder) {
    const { pre, width, starts, indexes, vectors, rows } = prepared
    const ints = pre.ints
    const fields = pre.fields
    const refs = docs.map(doc => doc.location)
    const places = new Map(refs.map((ref, d) => [ref, d]))

    const postings = lazyObject(() => pre.terms, term => rows.get(term), r => {
      const posting = Object.create(null)
      posting._index = indexes[r]
      for (let f = 0; f < width; f++) {
        const entry = Object.create(null)
        const at = starts[r * width + f]
        for (let k = at + 1; k < at + 1 + ints[at]; k += 2 + ints[k + 1]) {
          const metadata = Object.create(null)
          const n = ints[k + 1]
          if (n) {
            const position = new Array(n)
            for (let p = 0; p < n; p++)
              position[p] = ints[k + 2 + p]
            metadata.position = position
          }
          entry[refs[ints[k]]] = metadata
        }
        posting[fields[f]] = entry
      }
      return posting
    })

    /* every field of every document, in lunr's order */
    const vectorKeys = () => refs.flatMap(ref => fields.map(field => `${field}/${ref}`))
    const vectorSlot = key => {
      const cut = key.indexOf("/")
      const f = fields.indexOf(key.slice(0, cut))
      const d = places.get(key.slice(cut + 1))
      return f < 0 || d === undefined ? undefined : d * width + f
    }
    const fieldVectors = lazyObject(vectorKeys, vectorSlot, slot => {
      const at = vectors[slot]
      const elements = new Array(ints[at])
      for (let k = 0; k < elements.length; k += 2) {
        elements[k] = ints[at + 1 + k]
        elements[k + 1] = ints[at + 2 + k] / 1000
      }
      return new lunr.Vector(elements)
    })

    const index = new lunr.Index({
      invertedIndex: postings.object, fieldVectors: fieldVectors.object, tokenSet: prepared.tokenSet,
      fields: Object.keys(builder._fields), pipeline: builder.searchPipeline
    })
    lazies.set(index, [[fieldVectors, vectors.length], [postings, pre.terms.length]])
    return index
  }

  /* Decode what the queries have not read yet, BUDGET milliseconds at a time between them, vectors first (every
   * query scores with them), so that the first wide queries («c», «re») do not pay for it */
  function warm(index, budget = 8) {
    const pending = (lazies.get(index) || []).map(([lazy, size]) => [lazy, size, 0])
    const step = () => {
      const until = performance.now() + budget
      while (pending.length && performance.now() < until) {
        const task = pending[0]
        for (let n = 0; n < 64 && task[2] < task[1]; n++)
          task[0].fill(task[2]++)
        if (task[2] === task[1])
          pending.shift()
      }
      if (pending.length)
        setTimeout(step)
    }
    step()
  }

  return { prepare, fits, index, warm }
})()
