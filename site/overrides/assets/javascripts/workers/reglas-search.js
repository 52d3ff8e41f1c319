/*
 * reglas: Material's search worker, scoped to a game and re-ranked for questions.
 *
 * The page loads this file instead of Material's worker (checker/sitegen/worker.py rewrites the address), with
 * Material's worker named in ?material=. Material ranks; this wrapper then does what checker/search/scope.py does,
 * with the same constants, so that `reglas buscar` lists what the search box lists:
 *   - `juego:<id>` in the query keeps only that game's pages (the term itself is not searched), and so does a query
 *     that names one game («limite de mano lorcana»), whose name is then not searched unless it is all it says;
 *   - each document's score grows with the share of the query's terms it matched;
 *   - without a filter, the query's words may point to one game (the likeliest by MARGIN), whose pages weigh more;
 *   - a page weighs the sum of its documents' weights, and one whose title (or the name in its parentheses) the
 *     query says whole TITLED times more;
 *   - every page result says which game it belongs to, and lists at most SECTIONS of its sections, the best;
 *   - results carry only what Material shows (the fields that only help to find a page stay in the worker).
 * It also loads the index the site build made (reglas-prebuilt.js), rather than indexing in the browser.
 */
/* Everything in a function: a top-level `const postMessage` would become the global name Material's worker calls */
(() => {
  "use strict"

  const SMOOTHING = 0.5
  const MARGIN = 2.0
  const BOOST = 3.0
  const COVERAGE = 10
  const TITLED = 3.0
  const SECTIONS = 3
  const TITLE_STOP = new Set(["del", "las", "los", "una", "por", "con", "que"])
  const FILTER = /(?:^|\s)juego:(\S*)/i
  const SHORT = /(?:^|\s)(\S{1,2})$/u
  const CHEAP = 4000
  const SIGNED = /(^|\s)[+\-–]+(?=\d)/gu
  const MARKS = /(^|\s)[+\-–*^~]+(?=[^\p{L}\p{N}_+\-–*^~]|$)/gu
  const COLON = /(?<!juego)(?<=\S):+(?=\s|$)/giu
  const SENTENCE = 3
  const BARE = /(^|\s)(\d+)(?=\s|$)/gu
  const ICON = /\{(?:<mark>)?([^{}<]+?)(?:<\/mark>)?\}/gu
  const WAIT = 150
  const SHOWN = new Set(["title", "text", "tags"])
  const SETUP = 0
  const READY = 1
  const QUERY = 2
  const RESULT = 3

  let prefixes = []          /* [url prefix, game id], in the index's order */
  let names = {}             /* game id → name */
  let symbols = {}           /* card symbol name → its icon's class */
  let sizes = {}             /* game id → documents in the index */
  let titles = new Map()     /* page location → title */
  let hidden = []            /* the index's fields that only help to find a page, which Material does not show */
  const pending = []         /* the scope of each query sent to Material, in order */
  let latest = null          /* the newest query not yet sent to Material */
  let timer = null           /* … and when it will be */

  function gameOf(location) {
    for (const [prefix, game] of prefixes)
      if (location.startsWith(prefix))
        return game
    return null
  }

  /* In a question of SENTENCE words or more a bare number («jugando a 4») is searched whole («4^1»: a boost of 1,
   * which Material leaves without its wildcard), not as the start of every rule ID of that section */
  function splitFilter(signed) {
    const scoped = filtered(signed)
    if (scoped.query.split(/\s+/).filter(Boolean).length < SENTENCE)
      return scoped
    return { ...scoped, query: scoped.query.replace(BARE, "$1$2^1") }
  }

  function filtered(signed) {
    /* «+2», «-1»: modifiers, not lunr's required/prohibited marks; «++++?», «Malifaux:»: punctuation, not syntax */
    const query = signed.replace(SIGNED, "$1").replace(MARKS, "$1").replace(COLON, "")
    const found = FILTER.exec(query)
    if (found !== null) {
      const rest = (query.slice(0, found.index) + " " + query.slice(found.index + found[0].length)).trim()
      return { query: rest, game: found[1].toLowerCase() || null }
    }
    const game = namedGame(query)
    if (game === null)
      return { query, game: null }
    const name = new Set(fold(names[game]).split(/\s+/))
    const rest = query.split(/\s+/).filter(word => word && !name.has(fold(word))).join(" ")
    return rest ? { query: rest, game } : { query, game: null }
  }

  /* A text's words as titles are compared: folded, three letters or more, without a plural «-s» / «-es» */
  function words(text) {
    const plain = fold(text.replace(/<[^>]+>|\([^)]*\)/g, " "))
    return new Set((plain.match(/\p{L}{3,}/gu) || [])
      .filter(word => !TITLE_STOP.has(word))
      .map(word => word.replace(/(?<=...)e?s$/, "")))
  }

  /* the title's words, or those of the other name it gives in parentheses («Prisa (Rush)») */
  function saysTitle(title, query) {
    const said = words(query)
    const names = [title, ...[...title.matchAll(/\(([^)]*)\)/g)].map(found => found[1])]
    return names.some(name => {
      const wanted = words(name)
      return wanted.size > 0 && [...wanted].every(word => said.has(word))
    })
  }

  function matched(item) {
    return Object.keys(item.terms).filter(term => item.terms[term])
  }

  function fold(text) {
    return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase()
  }

  function namedGame(query) {
    const words = new Set(fold(query).split(/\s+/))
    const said = Object.entries(names).filter(([, name]) => words.has(fold(name).split(/\s+/)[0]))
    return said.length === 1 ? said[0][0] : null
  }

  /* How likely each game makes the query's matched terms (the smoothed share of its documents matching each one,
   * multiplied in the terms' alphabetical order); a game MARGIN times likelier than every other is the query's */
  function inferredGame(groups) {
    const perTerm = new Map()
    for (const group of groups) {
      const game = gameOf(group[0].location)
      if (game === null)
        continue
      for (const item of group)
        for (const term of matched(item)) {
          if (!perTerm.has(term))
            perTerm.set(term, new Map())
          const counts = perTerm.get(term)
          counts.set(game, (counts.get(game) || 0) + 1)
        }
    }
    if (!perTerm.size)
      return null
    const terms = [...perTerm.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    const ranked = Object.entries(sizes)
      .filter(([, size]) => size)
      .map(([game, size]) => {
        let value = 1.0
        for (const term of terms)
          value *= ((perTerm.get(term).get(game) || 0) + SMOOTHING) / (size + 2 * SMOOTHING)
        return [game, value]
      })
      .sort((a, b) => b[1] - a[1])
    if (!ranked.length || (ranked.length > 1 && ranked[0][1] < MARGIN * ranked[1][1]))
      return null
    return ranked[0][0]
  }

  function rescored(item, favoured) {
    const counted = Object.keys(item.terms).length
    const share = counted ? matched(item).length / counted : 0.0
    let weight = 1.0
    for (let i = 0; i < COVERAGE; i++)
      weight *= 1 + share
    return item.score * weight * (favoured ? BOOST : 1.0)
  }

  /* «{Fuerza}» (a card symbol's hidden name, maybe highlighted) back into its icon, as the page shows it */
  function withIcons(html) {
    return typeof html !== "string" ? html : html.replace(ICON, (whole, name) => symbols[name] === undefined ? whole
      : `<span class="reglas-sym reglas-sym--${symbols[name]}" role="img" aria-label="${name}" title="${name}"></span>`)
  }

  /* a page weighs the sum of its documents' weights, largest first, added one by one (page_weight) */
  function pageWeight(weights) {
    let total = 0.0
    for (const weight of [...weights].sort((a, b) => b - a))
      total += weight
    return total
  }

  function scope(result, { query, game }) {
    let groups = result.items
    let favoured = null
    if (game !== null)
      groups = groups.filter(group => gameOf(group[0].location) === game)
    else
      favoured = inferredGame(groups)
    groups = groups
      .map(group => {
        const mine = favoured !== null && gameOf(group[0].location) === favoured
        const page = group[0].location.split("#")[0]
        const titled = saysTitle(titles.get(page) || "", query) ? TITLED : 1.0
        return [group, pageWeight(group.map(item => rescored(item, mine))) * titled]
      })
      .sort((a, b) => b[1] - a[1])
      .map(([group]) => group)
      .map(group => {
        /* the page and its best SECTIONS sections (Material sorted them by score, the page last if unmatched) */
        const page = group[0].location.split("#")[0]
        let sections = 0
        return group.filter(item => item.location === page || sections++ < SECTIONS)
      })
    for (const group of groups)
      for (const item of group) {
        for (const field of hidden)
          delete item[field]
        item.text = withIcons(item.text)
        item.title = withIcons(item.title)
        const name = names[gameOf(item.location)]
        if (name && !item.location.includes("#"))
          item.title = `<span class="reglas-game">${name}</span> ${item.title}`
      }
    return { ...result, items: groups }
  }

  /*
   * The index the site build made with Material's own worker (checker/sitegen/searchprebuild.mjs), fetched first,
   * while the scripts load and the page fetches the documents: Material's `lunr(config)` then loads it instead of
   * indexing every document, after configuring the same builder (language, tokenizer, separator, fields), and gets
   * the position tables its highlighting reads. Without the file, or for other documents than it was built from,
   * Material indexes as usual.
   */
  const file = fetch(new URL("../../../search/search_prebuilt.bin", self.location.href))
    .then(response => response.ok ? response.arrayBuffer() : null)
    .catch(() => null)

  /* Whether a query waits for the next key: it ends in a word of one or two letters whose terms would have lunr
   * read more than CHEAP numbers of postings (without the prebuilt index, always) */
  function waits(query) {
    const short = SHORT.exec(query)
    return short !== null && (loaded === null || loaded.work(short[1].toLowerCase()) > CHEAP)
  }

  /* Material's worker registers its message listener as it loads: keep it, to call it ourselves */
  let material = null
  const addEventListener = self.addEventListener.bind(self)
  self.addEventListener = (type, listener, options) => {
    if (type === "message" && material === null)
      material = listener
    else
      addEventListener(type, listener, options)
  }
  importScripts(new URL(self.location.href).searchParams.get("material"), "reglas-prebuilt.js")
  self.addEventListener = addEventListener

  const prebuilt = file
    .then(buffer => buffer === null ? null : self.reglasPrebuilt.prepare(buffer, self.lunr))
    .catch(() => null)
  let loading = null        /* [prepared index, documents] for the one `lunr(config)` call of SETUP */
  let loaded = null         /* the prepared index, once loaded */
  let warming = null        /* what to do once the worker said it is ready */

  const lunr = self.lunr
  self.lunr = Object.assign(function (config) {
    if (loading === null)
      return lunr(config)
    const [prepared, docs] = loading
    loading = null
    const builder = new lunr.Builder()
    const extractors = new Map()
    const field = builder.field.bind(builder)
    builder.field = (name, attributes) => {
      extractors.set(name, attributes.extractor)
      field(name, attributes)
    }
    builder.add = () => undefined                                   /* the documents are in the loaded index */
    config.call(builder, builder)
    const index = self.reglasPrebuilt.index(prepared, docs, lunr, builder)
    for (const [d, f, blocks] of prepared.tables) {
      const name = prepared.pre.fields[f]
      extractors.get(name)({ location: docs[d].location, [name]: "" })   /* registers the field's table … */
      const table = lunr.tokenizer.table                                 /* … as this new array */
      for (const block of blocks)
        table.push(block)
    }
    warming = () => self.reglasPrebuilt.warm(index)
    loaded = prepared
    return index
  }, lunr)

  const postMessage = self.postMessage.bind(self)
  self.postMessage = message => {
    if (message.type === RESULT) {
      const scoped = pending.shift()
      message = { ...message, data: scope(message.data, scoped) }
      if (scoped.rehearsal)                                                  /* see rehearse: not shown */
        return
    }
    postMessage(message)
    if (message.type === READY && warming !== null) {
      setTimeout(rehearse)
      setTimeout(warming)
      warming = null
    }
  }

  /* Once ready, one search nobody sees, for the index's most frequent word, while the page waits for the first key:
   * the first query a person types then runs code the engine has compiled already (the first search of a page
   * takes two or three times as long) */
  function rehearse() {
    if (loaded === null || latest !== null || pending.length)
      return
    pending.push({ query: loaded.frequent, game: null, rehearsal: true })
    material({ data: { type: QUERY, data: loaded.frequent } })
  }

  addEventListener("message", ev => {
    const message = ev.data
    if (message.type === SETUP) {
      const games = message.data.config.reglas_games || { prefixes: {}, names: {} }
      prefixes = Object.entries(games.prefixes)
      names = games.names
      symbols = message.data.config.reglas_symbols || {}
      hidden = Object.keys(message.data.config.fields).filter(field => !SHOWN.has(field))
      sizes = Object.fromEntries(Object.values(games.prefixes).map(game => [game, 0]))
      for (const doc of message.data.docs) {
        if (!doc.location.includes("#"))
          titles.set(doc.location, doc.title || "")
        const game = gameOf(doc.location)
        if (game !== null)
          sizes[game] += 1
      }
      prebuilt.then(prepared => {
        const docs = message.data.docs
        loading = prepared !== null && self.reglasPrebuilt.fits(prepared.pre, docs) ? [prepared, docs] : null
        /* with the index loaded, the fields that only help to find a page are neither indexed nor shown: Material
         * need not highlight them in every result */
        if (loading !== null)
          for (const doc of docs)
            for (const field of hidden)
              delete doc[field]
        material(ev)
      })
    } else if (message.type === QUERY) {
      /* One query per keystroke: answer only the latest of those that arrived while the worker was busy; a query
       * that ends in a word of one or two letters that begins thousands of terms (hundreds of milliseconds in
       * Material's search) waits a moment for the next key first, and runs if none comes */
      latest = message.data
      if (timer !== null)
        clearTimeout(timer)
      timer = setTimeout(() => {
        timer = null
        const scoped = splitFilter(latest)
        latest = null
        pending.push(scoped)
        material({ data: { type: QUERY, data: scoped.query } })
      }, waits(latest) ? WAIT : 0)
    } else {
      material(ev)
    }
  })
})()
