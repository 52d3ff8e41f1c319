/*
 * reglas: the site's lunr index, built once at site build time (checker/sitegen/searchprebuild.mjs) and stored
 * as numbers, so that the page's search worker reads it without parsing or indexing anything; this file reads it,
 * in the worker and in the build, which checks that what it reads (every posting and vector) and the position
 * tables are the ones Material built.
 *
 * search/search_prebuilt.bin: a little-endian uint32, the length of a JSON header (`docs`: count and total text
 * length of the documents of search/search_index.json, which it was built from; `fields`; `terms`, in lunr's
 * sorted order), the header padded to 4 bytes, then int32s:
 *   - per term: its index in lunr's term order, then per field the number of ints that follow and, per document
 *     that has it there, [document (its place in search_index.json), n, the n token positions];
 *   - the number of position tables, then per table: document, field, number of blocks, and per block its
 *     length and entries (Material's packed start, length and kind of each token), one table per field a
 *     document has, in the order lunr indexed them.
 * The field vectors are not stored: they are lunr's BM25 weights, which follow from the postings (term frequency =
 * positions) and the builder's parameters, computed as lunr's Builder.createFieldVectors does.
 */
self.reglasPrebuilt = (() => {
  "use strict"

  /* An object whose properties are computed when first read and then kept: lunr reads few of the postings and
   * field vectors of a query, so they are decoded then rather than all at load */
  function lazyObject(keys, slotOf, compute) {
    const done = new Map()
    const value = key => {
      const slot = slotOf(key)
      if (slot === undefined)
        return undefined
      if (!done.has(slot))
        done.set(slot, compute(slot))
      return done.get(slot)
    }
    return new Proxy(Object.create(null), {
      get: (_, key) => typeof key === "string" ? value(key) : undefined,
      has: (_, key) => typeof key === "string" && slotOf(key) !== undefined,
      ownKeys: () => keys(),
      getOwnPropertyDescriptor: (_, key) => typeof key === "string" && slotOf(key) !== undefined     /* listing */
        ? { get: () => value(key), set: undefined, enumerable: true, configurable: true } : undefined  /* reads none */
    })
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

  /* What needs only the file, done as soon as it arrives (before the page sends the documents): where each term's
   * fields start, and the position tables as views. Needed later, and computed then: the token set, and one pass
   * over the postings for each (document, field)'s terms and frequencies (slot d × width + f: [row, frequency,
   * …]), the field lengths and each term's idf, which the field vectors need */
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
    const stats = once(() => {
      const size = pre.docs.count * width
      const frequencies = Array.from({ length: size }, () => [])
      const lengths = new Array(size).fill(0)
      const holders = new Array(pre.terms.length).fill(0)
      for (let r = 0; r < pre.terms.length; r++)
        for (let f = 0; f < width; f++) {
          const start = starts[r * width + f]
          for (let k = start + 1; k < start + 1 + ints[start]; k += 2 + ints[k + 1]) {
            const slot = ints[k] * width + f
            frequencies[slot].push(r, ints[k + 1])
            lengths[slot] += ints[k + 1]
            holders[r] += 1
          }
        }
      const average = pre.fields.map((_, f) => {
        let total = 0
        for (let d = 0; d < pre.docs.count; d++)
          total += lengths[d * width + f]
        return total / pre.docs.count
      })
      const idf = holders.map(n => Math.log(1 + Math.abs((pre.docs.count - n + 0.5) / (n + 0.5))))  /* lunr.idf */
      return { frequencies, lengths, average, idf }
    })
    const rows = new Map(pre.terms.map((term, r) => [term, r]))
    const tokenSet = once(() => lunr.TokenSet.fromArray(pre.terms))
    return { pre, width, starts, indexes, rows, tables, stats, tokenSet }
  }

  /* Whether the file was built from these documents */
  function fits(pre, docs) {
    return pre.docs.count === docs.length
      && docs.reduce((sum, doc) => sum + (doc.text || "").length, 0) === pre.docs.text
  }

  /* The lunr index, given the documents and the builder Material configured (fields and boosts, BM25
   * parameters, the search pipeline) */
  function index(prepared, docs, lunr, builder) {
    const { pre, width, starts, indexes, rows, stats, tokenSet } = prepared
    const ints = pre.ints
    const fields = pre.fields
    const refs = docs.map(doc => doc.location)
    const places = new Map(refs.map((ref, d) => [ref, d]))

    const invertedIndex = lazyObject(() => pre.terms, term => rows.get(term), r => {
      const posting = Object.create(null)
      posting._index = indexes[r]
      fields.forEach((field, f) => {
        const entry = Object.create(null)
        const at = starts[r * width + f]
        for (let k = at + 1; k < at + 1 + ints[at]; k += 2 + ints[k + 1]) {
          const metadata = Object.create(null)
          if (ints[k + 1])
            metadata.position = Array.from(ints.subarray(k + 2, k + 2 + ints[k + 1]))
          entry[refs[ints[k]]] = metadata
        }
        posting[field] = entry
      })
      return posting
    })

    /* lunr's BM25 weights (Builder.createFieldVectors), every field of every document, in lunr's order */
    const vectorKeys = () => refs.flatMap(ref => fields.map(field => `${field}/${ref}`))
    const vectorSlot = key => {
      const cut = key.indexOf("/")
      const f = fields.indexOf(key.slice(0, cut))
      const d = places.get(key.slice(cut + 1))
      return f < 0 || d === undefined ? undefined : d * width + f
    }
    const fieldVectors = lazyObject(vectorKeys, vectorSlot, slot => {
      const { frequencies, lengths, average, idf } = stats()
      const f = slot % width
      const fieldBoost = builder._fields[fields[f]].boost || 1
      const docBoost = docs[(slot - f) / width].boost || 1
      const pairs = []
      const found = frequencies[slot]
      for (let k = 0; k < found.length; k += 2) {
        const tf = found[k + 1]
        let score = idf[found[k]] * ((builder._k1 + 1) * tf) /
          (builder._k1 * (1 - builder._b + builder._b * (lengths[slot] / average[f])) + tf)
        score *= fieldBoost
        score *= docBoost
        pairs.push([indexes[found[k]], Math.round(score * 1000) / 1000])
      }
      return new lunr.Vector(pairs.sort((a, b) => a[0] - b[0]).flat())          /* sorted by term index */
    })

    const index = new lunr.Index({
      invertedIndex, fieldVectors, tokenSet: null, fields: Object.keys(builder._fields), pipeline: builder.searchPipeline
    })
    Object.defineProperty(index, "tokenSet", { get: tokenSet, enumerable: true })
    return index
  }

  /* Compute what was left for later, then decode the index a few hundred postings and vectors at a time,
   * between queries, so that the first wide queries («c», «re») do not pay for it */
  function warm(prepared, index, chunk = 200) {
    prepared.tokenSet()
    prepared.stats()
    const pending = [[index.invertedIndex, Object.keys(index.invertedIndex)],
                     [index.fieldVectors, Object.keys(index.fieldVectors)]]
    const step = () => {
      for (let n = 0; n < chunk && pending.length; n++) {
        const [object, keys] = pending[0]
        object[keys.pop()]
        if (!keys.length)
          pending.shift()
      }
      if (pending.length)
        setTimeout(step)
    }
    step()
  }

  return { prepare, fits, index, warm }
})()
