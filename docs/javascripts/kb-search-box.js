// The search box in Material's header and its results panel, over kb-search.js's index and ranking
// (loaded before this file). On a phone the panel fills the viewport's width (stylesheets/kb.css).
"use strict";

(function (root) {
  const { SearchIndex, escapeHtml } = root.KbSearch;
  const Query = root.KbSearchQuery;
  const script = document.currentScript;
  const siteRoot = new URL("..", script.src);  // this file is <site>/javascripts/kb-search-box.js
  let ready = null;

  const fromDisk = location.protocol === "file:";  // the offline pack, opened from a folder

  // The index: fetched, or from disk (where fetch is refused) loaded as a script that sets a global.
  function load() {
    if (!ready) {
      ready = fromDisk ? indexScript().then((data) => new SearchIndex(data))
        : fetch(new URL("search/index.json", siteRoot)).then((r) => r.json()).then((data) => new SearchIndex(data));
    }
    return ready;
  }

  function indexScript() {
    return new Promise((resolve, reject) => {
      const tag = document.createElement("script");
      tag.src = new URL("search/index.js", siteRoot).href;
      tag.onload = () => (root.KbSearchIndexData ? resolve(root.KbSearchIndexData) : reject(new Error("no search index")));
      tag.onerror = () => reject(new Error("the search index could not be read"));
      document.head.appendChild(tag);
    });
  }

  // A page's address: on disk a folder shows as a listing, so a page is named by its index.html.
  function pageUrl(relative) {
    const url = new URL(relative, siteRoot);
    if (fromDisk && url.pathname.endsWith("/")) url.pathname += "index.html";
    return url;
  }

  function currentGame(index) {
    const first = location.href.slice(siteRoot.href.length).split("/")[0];
    return index.docs.some((d) => d.game === first) ? first : null;
  }

  // A result's link: its entry's page and anchor, with the matched words (?hl=) the page marks on landing (kb-land.js).
  function landingUrl(hit) {
    const url = pageUrl(hit.doc.url);
    if (hit.words.length) url.search = "?hl=" + hit.words.map(encodeURIComponent).join("+");
    url.hash = encodeURIComponent(hit.doc.id);
    return escapeHtml(url.href);
  }

  function show(panel, open) {  // on a phone the open panel's form spreads over the header (kb.css)
    panel.hidden = !open;
    panel.parentElement.classList.toggle("kb-search--open", open);
  }

  function render(panel, index, hits, query, game, problem) {
    panel.dataset.query = query;
    show(panel, Boolean(query.trim()));
    if (panel.hidden) return;
    if (problem) {
      panel.innerHTML = `<p class="kb-search__error">${escapeHtml(problem)}<br>See <a href="${pageUrl("search-syntax/").href}">Search syntax</a>.</p>`;
      return;
    }
    const scope = game ? ` in this game (<button type="button" class="kb-search__all">search every game</button>)` : "";
    const items = hits.map((h) => `<li class="kb-search__item"><a href="${landingUrl(h)}">`
      + `<span class="kb-search__title">${escapeHtml(h.doc.title)}</span>`
      + `<span class="kb-search__meta">${escapeHtml(index.games[h.doc.game] || h.doc.game)} · ${escapeHtml(index.kinds[h.doc.kind] || h.doc.kind.replace(/_/g, " "))}</span>`
      + `<span class="kb-search__snippet">${h.snippet}</span></a></li>`).join("");
    panel.innerHTML = `<p class="kb-search__count">${hits.length ? hits.length + " best matches" : "No match"}${scope}</p><ol>${items}</ol>`;
  }

  function install() {
    const header = document.querySelector(".md-header__inner");
    if (!header || document.querySelector(".kb-search")) return;
    const form = document.createElement("form");
    form.className = "kb-search";
    form.setAttribute("role", "search");
    form.innerHTML = '<input class="kb-search__input" type="search" autocomplete="off" spellcheck="false" '
      + 'aria-label="Search the rules (English, Hungarian, Polish)"><div class="kb-search__results" hidden></div>';
    header.appendChild(form);
    const input = form.querySelector("input"), panel = form.querySelector(".kb-search__results");
    // the small box of a phone's header says only "Search"; the languages show once it spreads out
    const narrow = root.matchMedia("(max-width: 44.9375em)");
    const placeholder = () => { input.placeholder = narrow.matches && document.activeElement !== input ? "Search" : "Search (EN, HU, PL)"; };
    placeholder();
    narrow.addEventListener("change", placeholder);
    input.addEventListener("blur", placeholder);
    let everyGame = false;
    const run = () => load().then((index) => {
      const game = everyGame ? null : currentGame(index);
      let hits = [], problem = null;
      try {
        hits = index.search(input.value, game, 10);
      } catch (e) {
        if (!(e instanceof Query.QueryError)) throw e;
        problem = e.message;
      }
      render(panel, index, hits, input.value, game, problem);
    });
    input.addEventListener("focus", () => { placeholder(); return input.value.trim() ? run() : load(); });
    input.addEventListener("input", run);
    panel.addEventListener("click", (e) => {
      if (e.target.classList.contains("kb-search__all")) { everyGame = true; run(); input.focus(); }
      else if (e.target.closest("a")) show(panel, false);  // a result on this same page changes only the hash
    });
    document.addEventListener("click", (e) => {  // a tap outside closes the panel: phones have no Escape key
      if (!form.contains(e.target)) show(panel, false);
    });
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const first = panel.querySelector("a");
      if (first) location.href = first.href;
    });
    document.addEventListener("keydown", (e) => {
      if (e.key === "/" && document.activeElement !== input) { e.preventDefault(); input.focus(); }
      if (e.key === "Escape") { show(panel, false); input.blur(); }
    });
    if (location.search.startsWith("?q=")) {  // a search link: /?q=words
      input.value = decodeURIComponent(location.search.slice(3).replace(/\+/g, " "));
      run();
    }
  }

  root.KbSearch.whenReady = load;
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", install);
  else install();
  // the index loads once the page has: the search is ready before a player starts typing
  if (document.readyState === "complete") setTimeout(load, 0);
  else root.addEventListener("load", () => setTimeout(load, 0));
})(typeof window !== "undefined" ? window : globalThis);
