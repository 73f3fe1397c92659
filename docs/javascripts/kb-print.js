// On paper. Paper has no links: after each link in a page's running text (not in tables, which stay compact)
// that lands on an entry (a rule, a ruling, a
// component: an address ending in #game.kind.name), a small "[game.kind.name]" that only prints
// (stylesheets/kb.css hides .kb-print-id on screen), so a printed reference still says what a
// link pointed at and a reader can find it on the site or in the API. No request: works offline.
"use strict";

(function () {
  const ENTRY_ID = /^#([a-z][a-z0-9-]*\.[a-z0-9.-]+)$/;

  function addIds() {
    for (const link of document.querySelectorAll(".md-content .md-typeset :is(p, li) > a[href*='#']")) {
      if (link.classList.contains("headerlink") || link.querySelector(".kb-print-id")) continue;
      const hash = decodeURIComponent(new URL(link.href, document.baseURI).hash);
      const match = ENTRY_ID.exec(hash);
      if (!match) continue;
      const id = document.createElement("span");
      id.className = "kb-print-id";
      id.textContent = ` [${match[1]}]`;
      link.after(id);
    }
  }

  // Material opens every folded block for printing; a walkthrough's notation and an entry's sources
  // should print folded. Which blocks the page itself opens is noted now, before Material's
  // components mount, and only those print open (stylesheets/kb.css).
  for (const block of document.querySelectorAll(".md-content details[open]")) block.dataset.kbOpen = "";

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", addIds);
  else addIds();
})();
