// Landing and citing. Opening page#id marks that rule or entry: its heading and its block, up to the
// next heading of the same or a higher level (as law sites mark a cited paragraph), on load and on
// every change of the hash. A search result's link carries the words it matched (?hl=word+word,
// kb-search.js); the landed section marks them. Rules and rulings get a "Copy citation" button that
// copies "id — title — URL". No library, no request: the site works offline.
"use strict";

(function () {
  const script = document.currentScript;
  const siteRoot = new URL("..", script.src);  // this file is <site>/javascripts/kb-land.js
  const HEADING = /^H([1-6])$/;
  const LETTER = "[\\p{L}\\p{N}]";
  const MAX_WORDS = 12, MAX_WORD = 40;
  let searchClick = false;  // the hash changes because a search result on this page was chosen

  function headingLevel(element) {
    const match = HEADING.exec(element.tagName);
    return match ? Number(match[1]) : 0;
  }

  // The heading and what follows it up to the next heading of the same or a higher level. A page's
  // title (h1) stands for the whole page: only the title is marked.
  function sectionOf(target) {
    const level = headingLevel(target);
    const parts = [target];
    if (level < 2) return parts;
    for (let next = target.nextElementSibling; next; next = next.nextElementSibling) {
      const nextLevel = headingLevel(next);
      if (nextLevel && nextLevel <= level) break;
      parts.push(next);
    }
    return parts;
  }

  function unmark() {
    for (const mark of document.querySelectorAll("mark.kb-hl")) {
      const parent = mark.parentNode;
      parent.replaceChild(document.createTextNode(mark.textContent), mark);
      parent.normalize();
    }
    for (const element of document.querySelectorAll(".kb-landed")) {
      element.classList.remove("kb-landed", "kb-landed--first", "kb-landed--last");
    }
  }

  function markWords(parts, words) {
    // the address is anyone's to write: a few words of a sane length, taken as text, not as a pattern
    const escaped = words.filter((w) => w && w.length <= MAX_WORD).slice(0, MAX_WORDS).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    if (!escaped.length) return;
    const pattern = new RegExp(`(?<!${LETTER})(?:${escaped.join("|")})(?!${LETTER})`, "giu");
    for (const part of parts) {
      const walker = document.createTreeWalker(part, NodeFilter.SHOW_TEXT, {
        acceptNode: (node) => (node.parentElement.closest("script, style, svg, .headerlink, .kb-cite, mark")
          ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
      });
      const nodes = [];
      while (walker.nextNode()) nodes.push(walker.currentNode);
      for (const node of nodes) {
        const text = node.textContent;
        const found = [...text.matchAll(pattern)];
        if (!found.length) continue;
        const pieces = document.createDocumentFragment();
        let at = 0;
        for (const match of found) {
          pieces.append(text.slice(at, match.index));
          const mark = document.createElement("mark");
          mark.className = "kb-hl";
          mark.textContent = match[0];
          pieces.append(mark);
          at = match.index + match[0].length;
        }
        pieces.append(text.slice(at));
        node.parentNode.replaceChild(pieces, node);
      }
    }
  }

  function land(withWords) {
    unmark();
    const id = decodeURIComponent(location.hash.slice(1));
    const target = id && document.getElementById(id);
    if (!target) return;
    const parts = sectionOf(target);
    parts.forEach((part) => part.classList.add("kb-landed"));
    parts[0].classList.add("kb-landed--first");
    parts[parts.length - 1].classList.add("kb-landed--last");
    const words = withWords ? (new URLSearchParams(location.search).get("hl") || "").split(/\s+/) : [];
    markWords(parts, words);
  }

  // --- citations ---------------------------------------------------------------------------------

  function citedPage() {  // a rules page (<game>/rules-…/) or a rulings page (<game>/faq/, <game>/our-rulings/): its game
    const path = location.href.split(/[?#]/)[0];
    if (!path.startsWith(siteRoot.href)) return null;
    const match = /^([^/]+)\/(?:rules-[^/]+|faq|our-rulings|rulings)\/(?:index\.html)?$/.exec(path.slice(siteRoot.href.length));
    return match ? match[1] : null;
  }

  function headingTitle(heading) {
    const copy = heading.cloneNode(true);
    for (const extra of copy.querySelectorAll(".headerlink, .kb-cite")) extra.remove();
    return copy.textContent.replace(/\s+/g, " ").trim();
  }

  function citation(heading) {
    return `${heading.id} — ${headingTitle(heading)} — ${location.href.split(/[?#]/)[0]}#${heading.id}`;
  }

  // Without a clipboard (a page served over plain http is not a secure context): a selected text
  // field the reader copies from.
  function offerField(holder, text) {
    let field = holder.querySelector(".kb-cite__field");
    if (!field) {
      field = document.createElement("input");
      field.className = "kb-cite__field";
      field.readOnly = true;
      field.setAttribute("aria-label", "Citation: select and copy it");
      holder.append(field);
    }
    field.value = text;
    field.focus();
    field.select();
    return document.execCommand && document.execCommand("copy");
  }

  function copy(button, heading) {
    const text = citation(heading), holder = button.parentElement, status = holder.querySelector(".kb-cite__status");
    const said = (message) => { status.textContent = message; setTimeout(() => { status.textContent = ""; }, 2500); };
    const fallback = () => said(offerField(holder, text) ? "Copied" : "Copy the selected text");
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).then(() => said("Copied"), fallback);
    else fallback();
  }

  function addCitationButtons() {
    const game = citedPage();
    if (!game) return;
    for (const heading of document.querySelectorAll(".md-content h2[id], .md-content h3[id], .md-content h4[id]")) {
      // a rule or ruling, not a section heading of a rules page (<game>.rules.<section>)
      if (!heading.id.startsWith(game + ".") || heading.id.startsWith(game + ".rules.")) continue;
      const holder = document.createElement("span");
      holder.className = "kb-cite";
      holder.innerHTML = '<button type="button" class="kb-cite__button">Copy citation</button>'
        + '<span class="kb-cite__status" role="status" aria-live="polite"></span>';
      const button = holder.firstChild;
      button.setAttribute("aria-label", `Copy citation: ${heading.id} — ${headingTitle(heading)}`);
      button.addEventListener("click", () => copy(button, heading));
      heading.append(holder);
    }
  }

  function start() {
    addCitationButtons();
    land(true);
    document.addEventListener("click", (e) => { searchClick = Boolean(e.target.closest && e.target.closest(".kb-search__results a")); }, true);
    window.addEventListener("hashchange", () => {
      // a link on the page other than a search result lands without the search's words, and drops them from the address
      if (!searchClick && location.search.includes("hl=")) history.replaceState(history.state, "", location.href.replace(/\?[^#]*/, ""));
      land(searchClick);
      searchClick = false;
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
