// The filters of a Rulings page (outputs/pages/rulings.py): by who ruled, by status and by what a
// ruling is about. Each ruling is a heading h3.kb-ruling carrying data-by, data-status and data-about
// (a space-separated list of page names), followed by its block up to the next heading; the
// controls are in <div data-kb-rulings hidden>, shown here because without the script they would do
// nothing (and every ruling shows). A link to a ruling the filters hide (page#id) clears them, so
// that every address of a ruling lands on it. No library, no request: the site works offline.
// The site loads each page in full (no instant navigation), so this runs once per page.
"use strict";

(function () {
  const HEADING = /^H[1-6]$/;

  // The heading and what follows it up to the next heading of any level.
  function partsOf(heading) {
    const parts = [heading];
    for (let next = heading.nextElementSibling; next && !HEADING.test(next.tagName); next = next.nextElementSibling) {
      parts.push(next);
    }
    return parts;
  }

  function matches(heading, control) {
    const wanted = control.value;
    if (!wanted) return true;
    const value = heading.dataset[control.dataset.kbFilter] || "";
    return control.dataset.match === "word" ? value.split(" ").includes(wanted) : value === wanted;
  }

  function setUp(panel) {
    const content = panel.closest(".md-content") || document;
    const sections = (selector) => [...content.querySelectorAll(selector)].map((heading) => ({ heading, parts: partsOf(heading) }));
    const rulings = sections("h3.kb-ruling"), chapters = sections("h2.kb-rulings-chapter");
    const controls = [...panel.querySelectorAll("select[data-kb-filter]")];
    const count = panel.querySelector("[data-kb-count]");

    function apply() {
      let shown = 0;
      for (const ruling of rulings) {
        const keep = controls.every((control) => matches(ruling.heading, control));
        ruling.parts.forEach((part) => part.classList.toggle("kb-filtered-out", !keep));
        if (keep) shown += 1;
      }
      for (const chapter of chapters) {  // a chapter none of whose rulings is shown goes too
        let next = chapter.heading.nextElementSibling;
        while (next && next.tagName !== "H2") {
          if (next.matches("h3.kb-ruling") && !next.classList.contains("kb-filtered-out")) break;
          next = next.nextElementSibling;
        }
        const empty = !next || next.tagName === "H2";
        chapter.parts.forEach((part) => part.classList.toggle("kb-filtered-out", empty));
      }
      // the table of contents follows
      for (const link of document.querySelectorAll(".md-sidebar--secondary a.md-nav__link[href^='#']")) {
        const target = document.getElementById(decodeURIComponent(link.getAttribute("href").slice(1)));
        if (target) link.parentElement.classList.toggle("kb-filtered-out", target.classList.contains("kb-filtered-out"));
      }
      count.textContent = `${shown} of ${rulings.length} rulings shown`;
      panel.dataset.shown = String(shown);
    }

    function clear() {
      controls.forEach((control) => { control.value = ""; });
      apply();
    }

    // page#id of a ruling the filters hide: show every ruling, then go to it
    function land() {
      const id = decodeURIComponent(location.hash.slice(1));
      const target = id && document.getElementById(id);
      if (!target || !target.closest(".kb-filtered-out")) return;
      clear();
      target.scrollIntoView();
    }

    controls.forEach((control) => control.addEventListener("change", apply));
    panel.querySelector("[data-kb-reset]").addEventListener("click", clear);
    panel.hidden = false;
    apply();
    land();
    window.addEventListener("hashchange", land);
  }

  function start() {
    document.querySelectorAll("[data-kb-rulings]").forEach(setUp);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
