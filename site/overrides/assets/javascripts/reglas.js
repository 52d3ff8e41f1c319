/* reglas: the page's own behaviour: the ¶ link of a rule copies its permalink, and the search has a game filter
   (it writes «juego:<id>» into the query, which the search worker reads: see workers/reglas-search.js). */
(() => {
  "use strict"

  /* ¶ of a rule heading: copy the permalink, and land on the rule */
  async function copy(text) {
    try {
      await navigator.clipboard.writeText(text)
    } catch {
      const area = document.createElement("textarea")
      area.value = text
      document.body.append(area)
      area.select()
      document.execCommand("copy")
      area.remove()
    }
  }

  document.addEventListener("click", async ev => {
    const link = ev.target instanceof Element ? ev.target.closest("a.headerlink[data-anchor]") : null
    if (link === null)
      return
    ev.preventDefault()
    await copy(new URL(link.getAttribute("href"), location.href).href)
    location.hash = link.dataset.anchor
    const heading = link.parentElement
    heading.querySelector(".reglas-copied")?.remove()
    const said = document.createElement("span")
    said.className = "reglas-copied"
    said.setAttribute("role", "status")
    said.textContent = "Enlace permanente copiado"
    heading.append(said)
    setTimeout(() => said.remove(), 2500)
  })

  /* Game filter of the search */
  const data = document.getElementById("__reglas")
  const input = document.querySelector("input.md-search__input")
  const output = document.querySelector(".md-search__scrollwrap")
  /* Material reads the search box on keyup, a key's press after the text changed: read it as it changes (the real
     keyup then finds the same value, and Material ignores an unchanged one) */
  input?.addEventListener("input", () => input.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true })))
  if (data === null || input === null || output === null)
    return
  const games = JSON.parse(data.textContent).games
  const FILTER = /(?:^|\s)juego:(\S*)\s*/i

  const bar = document.createElement("div")
  bar.className = "reglas-filter"
  bar.setAttribute("role", "group")
  bar.setAttribute("aria-label", "Filtrar por juego")
  const choices = [{ id: "", name: "Todos los juegos" }, ...games]
  const buttons = choices.map(game => {
    const button = document.createElement("button")
    button.type = "button"
    button.dataset.game = game.id
    button.textContent = game.name
    button.addEventListener("click", () => {
      const rest = input.value.replace(FILTER, " ").trim()
      input.value = game.id ? `juego:${game.id} ${rest}` : rest
      input.focus()
      input.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true }))
      mark()
    })
    bar.append(button)
    return button
  })
  output.prepend(bar)

  function mark() {
    const found = FILTER.exec(input.value)
    const chosen = found ? found[1].toLowerCase() : ""
    for (const button of buttons)
      button.setAttribute("aria-pressed", String(button.dataset.game === chosen))
  }
  input.addEventListener("keyup", mark)
  mark()
})()
