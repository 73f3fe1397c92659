// "Explore from here" (issue 32): on a walkthrough page, each checked walkthrough (a heading whose id is
// the scenario's and whose data-kb-explore is its number of steps, outputs/pages/walkthrough.py) gets a
// button that opens a panel on the position after any of its steps: the position's sentences and
// tables, the legal moves as buttons grouped by what they do (a click plays one), back and forward, and
// a field to try a move in notation, which shows why the engine refuses it and links the rule. The
// engine answers through the API (GET <api>/-/explore.json, the URL is the position): its address is
// written once per page (div[data-kb-explore-api]). The page's address records the line
// (?explore=<scenario>;<step>;<move>;<move>…#<scenario>), so a shared link reopens the panel there.
// Where no API answers (a static host, the offline pack, the API down) the button says so.
"use strict";

(function () {
  const SEPARATOR = ";";  // the API's, between moves (no move's notation holds one)
  const PARAM = "explore";
  let open = null;  // the one panel open: {scenario, steps, step, moves, future, panel, button}

  function element(tag, attrs, ...children) {
    const made = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (key === "class") made.className = value;
      else if (key === "text") made.textContent = value;
      else made.setAttribute(key, value);
    }
    for (const child of children) if (child) made.append(child);
    return made;
  }

  function sentence(text) {  // the engine's reason ("not a legal choice …") as a sentence of its own
    const said = (text || "").trim();
    if (!said) return "";
    return said[0].toUpperCase() + said.slice(1) + (/[.!?]$/.test(said) ? "" : ".");
  }

  function plain(escaped) {  // the API escapes its error messages as HTML (Datasette's are HTML): as text again
    return escaped ? new DOMParser().parseFromString(escaped, "text/html").documentElement.textContent : "";
  }

  function titleOf(heading) {
    const copy = heading.cloneNode(true);
    copy.querySelectorAll(".headerlink").forEach((link) => link.remove());
    return copy.textContent.trim();
  }

  // --- the page's address: the line explored ----------------------------------------------------

  function recordLine(state) {
    const url = new URL(location.href);
    url.searchParams.delete(PARAM);
    if (state) {  // readable: ?explore=caylus.scenario.x;4;red+pass;blue+place+inn
      const line = [state.scenario, state.step, ...state.moves].map((part) => encodeURIComponent(part).replace(/%20/g, "+"));
      url.search = (url.search ? `${url.search}&` : "?") + `${PARAM}=${line.join(SEPARATOR)}`;
      url.hash = state.scenario;
    }
    history.replaceState(history.state, "", url.href);
  }

  function lineInAddress() {
    const asked = new URL(location.href).searchParams.get(PARAM);
    if (!asked) return null;
    const [scenario, step, ...moves] = asked.split(SEPARATOR);
    return { scenario, step: Number(step), moves: moves.filter((m) => m.trim()) };
  }

  // --- the API ----------------------------------------------------------------------------------

  function setUp(config) {
    const api = config.dataset.kbExploreApi.replace(/\/$/, "");
    const pagesUrl = new URL(config.dataset.kbExplorePages, location.href);
    let pages = null;  // entry id -> its address on the site, fetched at the first refusal

    async function ask(state) {
      const query = new URLSearchParams({ scenario: state.scenario });
      if (state.moves.length) query.set("moves", state.moves.join(SEPARATOR));
      if (state.step !== state.steps) query.set("step", String(state.step));
      let response;
      try {
        response = await fetch(`${api}/-/explore.json?${query}`, { mode: "cors", credentials: "omit" });
      } catch (error) {
        return { unreachable: true };
      }
      const type = response.headers.get("content-type") || "";
      if (!type.startsWith("application/json")) return { unreachable: true };
      return { status: response.status, body: await response.json() };
    }

    async function ruleLink(rule, title) {
      if (!pages) {
        pages = {};
        try {
          const listed = await (await fetch(pagesUrl)).json();
          for (const [page, ids] of Object.entries(listed)) for (const id of ids) pages[id] = new URL(`${page}#${id}`, pagesUrl).href;
        } catch (error) { /* no map: the rule is named, not linked */ }
      }
      const words = title ? `${title} (${rule})` : rule;
      return pages[rule] ? element("a", { href: pages[rule], text: words }) : element("code", { text: words });
    }

    // --- the panel ------------------------------------------------------------------------------

    function stepName(step, steps) {
      if (step === 0) return "the start";
      return step === steps ? `step ${step} (the end)` : `step ${step}`;
    }

    function table(given) {
      const head = element("tr", {}, ...given.headers.map((h) => element("th", { scope: "col", text: h })));
      const rows = given.rows.map((row) => element("tr", {}, ...row.map((cell) => element("td", { text: cell }))));
      return element("div", { class: "kb-explore__table", tabindex: "0", role: "region", "aria-label": given.title },
        element("table", {}, element("caption", { text: given.title }), element("thead", {}, head), element("tbody", {}, ...rows)));
    }

    function legalMoves(legal, state) {
      const groups = new Map();
      for (const move of legal) {
        if (!groups.has(move.verb)) groups.set(move.verb, []);
        groups.get(move.verb).push(move);
      }
      const out = element("div", { class: "kb-explore__legal" });
      out.append(element("h4", { text: legal.length ? `Legal moves (${legal.length})` : "No legal moves: the game is over" }));
      for (const [verb, moves] of groups) {
        const buttons = moves.map((move) => {
          const button = element("button", { type: "button", class: "kb-explore__move", title: move.notation, "data-notation": move.notation, text: move.words });
          button.addEventListener("click", () => play(state, move.notation));
          return button;
        });
        out.append(element("div", { class: "kb-explore__group", role: "group", "aria-label": verb },
          element("span", { class: "kb-explore__verb", text: verb }), ...buttons));
      }
      return out;
    }

    function controls(state) {
      const picker = element("select", { class: "kb-explore__step", "aria-label": "Explore from the position after" });
      for (let step = 0; step <= state.steps; step += 1) {
        const option = element("option", { value: String(step), text: step ? `After ${stepName(step, state.steps)}` : "At the start" });
        option.selected = step === state.step;
        picker.append(option);
      }
      picker.addEventListener("change", () => show(state, { step: Number(picker.value), moves: [], future: [] }));
      const back = element("button", { type: "button", class: "md-button kb-explore__back", text: "← Back" });
      const forward = element("button", { type: "button", class: "md-button kb-explore__forward", text: "Forward →" });
      back.disabled = !state.moves.length;
      forward.disabled = !state.future.length;
      back.addEventListener("click", () => show(state, { moves: state.moves.slice(0, -1), future: [state.moves.at(-1), ...state.future] }, ".kb-explore__back"));
      forward.addEventListener("click", () => show(state, { moves: [...state.moves, state.future[0]], future: state.future.slice(1) }, ".kb-explore__forward"));
      const close = element("button", { type: "button", class: "md-button kb-explore__close", text: "Close" });
      close.addEventListener("click", () => shut());
      return element("div", { class: "kb-explore__controls" }, element("label", {}, "From ", picker), back, forward, close);
    }

    function tryField(state) {
      const input = element("input", { type: "text", class: "kb-explore__input", autocomplete: "off", spellcheck: "false",
        placeholder: state.legal && state.legal[0] ? state.legal[0].notation : "", "aria-label": "A move in the engine's notation" });
      const form = element("form", { class: "kb-explore__try" }, element("label", {}, "Try a move ", input),
        element("button", { type: "submit", class: "md-button", text: "Try" }));
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        if (input.value.trim()) play(state, input.value.trim(), true);
      });
      return form;
    }

    // The position answered; a refusal is shown over the position it was tried in (the last good answer, kept).
    function render(state, answer, refusal, focus) {
      state.answer = answer;
      const panel = state.panel;
      const played = state.moves.length ? `, then ${state.moves.length} move${state.moves.length > 1 ? "s" : ""} of yours` : "";
      const parts = [element("h4", { class: "kb-explore__where", tabindex: "-1", text: `Exploring from ${stepName(state.step, state.steps)}${played}` }),
        controls(state)];
      if (refusal) parts.push(refusal);
      if (answer.narration) parts.push(element("p", { class: "kb-explore__narration" }, element("strong", { text: "Last move: " }), answer.narration));
      const position = answer.position;
      parts.push(element("p", { class: "kb-explore__sentences", text: position.sentences.join(" ") }));
      if (position.over && Object.keys(position.scores || {}).length) {
        parts.push(element("p", { text: `The game is over. ${position.winners.join(" and ")} win${position.winners.length > 1 ? "" : "s"}.` }));
      }
      parts.push(legalMoves(answer.legal, state), tryField(state));
      parts.push(element("details", { class: "kb-explore__tables", open: "" }, element("summary", { text: "The position in tables" }),
        ...position.tables.map(table)));
      panel.replaceChildren(...parts);
      panel.setAttribute("aria-busy", "false");
      const target = panel.querySelector(focus || ".kb-explore__where");
      if (target && !target.disabled) target.focus({ preventScroll: !!focus });
      else panel.querySelector(".kb-explore__where").focus({ preventScroll: true });
    }

    function say(panel, refusal) {
      panel.replaceChildren(refusal);
      panel.setAttribute("aria-busy", "false");
    }

    // Ask for the line (state with the changes given); show it, or keep what was shown when it fails.
    async function show(state, change, focus, tried) {
      const next = { ...state, ...change };
      const asking = (state.asking = (state.asking || 0) + 1);
      state.panel.setAttribute("aria-busy", "true");
      const got = await ask(next);
      if (open !== state || asking !== state.asking) return;  // closed, another panel opened, or a later click, meanwhile
      if (got.unreachable) return noApi(state);
      const body = got.body;
      if (got.status === 200) {
        Object.assign(state, next, { legal: body.legal });
        recordLine(state);
        return render(state, body, null, focus);
      }
      let refusal;
      if (body.rule) {
        refusal = element("p", { class: "kb-explore__refused", role: "alert" }, element("strong", { text: "Refused: " }),
          `${body.refused || tried} ${sentence(body.reason)} The rule that forbids it: `, await ruleLink(body.rule, body.title), ".");
      } else {
        refusal = element("p", { class: "kb-explore__refused", role: "alert" }, element("strong", { text: got.status === 503 ? "Busy: " : "Not played: " }),
          plain(body.error) || `the API answered ${got.status}`);
      }
      if (!state.answer) return say(state.panel, refusal);
      render(state, state.answer, refusal, ".kb-explore__input");
      if (tried) state.panel.querySelector(".kb-explore__input").value = tried;
    }

    async function play(state, notation, typed) {
      const future = state.future[0] === notation ? state.future.slice(1) : [];  // replaying the line taken back
      await show(state, { moves: [...state.moves, notation], future }, typed ? ".kb-explore__input" : ".kb-explore__where", typed ? notation : undefined);
    }

    function noApi(state) {
      for (const button of document.querySelectorAll("button.kb-explore__open")) {  // every walkthrough's: one API
        button.textContent = "Exploring needs the API";
        button.disabled = true;
        button.classList.add("kb-explore__unavailable");
      }
      const note = element("p", { class: "kb-explore__note", role: "status" },
        "Exploring needs this site served with its API: ", element("code", { text: "kb serve" }),
        ` serves both. The API at ${api} does not answer here (a static copy of the site, or the API is down).`);
      state.panel.replaceWith(note);
      open = null;
      recordLine(null);
    }

    function shut() {
      if (!open) return;
      const { panel, button } = open;
      panel.remove();
      button.setAttribute("aria-expanded", "false");
      open = null;
      recordLine(null);
      button.focus();
    }

    async function start(heading, button, line) {
      if (open) shut();
      const steps = Number(heading.dataset.kbExplore);
      const panel = element("section", { class: "kb-explore", "aria-label": `Exploring: ${titleOf(heading)}`, "aria-busy": "true" },
        element("p", { class: "kb-explore__note", text: "Asking the engine…" }));
      button.closest("p").after(panel);
      panel.addEventListener("keydown", (event) => { if (event.key === "Escape") shut(); });
      button.setAttribute("aria-expanded", "true");
      const step = line && Number.isInteger(line.step) && line.step >= 0 && line.step <= steps ? line.step : steps;
      const state = { scenario: heading.id, steps, step, moves: [], future: [], panel, button, answer: null, legal: [] };
      open = state;
      await show(state, { moves: line ? line.moves : [] });
      if (open === state && !state.answer && line && line.moves.length) {  // a shared line this build refuses
        const why = state.panel.querySelector(".kb-explore__refused");
        await show(state, { moves: [] });
        if (open === state && state.answer && why) {
          why.prepend(element("strong", { text: "The line in this address could not be replayed. " }));
          state.panel.querySelector(".kb-explore__controls").after(why);
        }
      }
    }

    const asked = lineInAddress();
    for (const heading of document.querySelectorAll("[data-kb-explore]")) {
      const button = element("button", { type: "button", class: "md-button kb-explore__open", "aria-expanded": "false",
        text: "Explore from here" });
      button.title = "Play on from this walkthrough's position, with the engine saying what is legal";
      button.addEventListener("click", () => (open && open.button === button ? shut() : start(heading, button, null)));
      const bar = element("p", { class: "kb-explore__bar" }, button);
      const status = heading.nextElementSibling;
      (status && status.tagName === "P" ? status : heading).after(bar);
      if (asked && asked.scenario === heading.id) {
        start(heading, button, asked);
        heading.scrollIntoView();
      }
    }
  }

  function begin() {
    const config = document.querySelector("[data-kb-explore-api]");
    if (config) setUp(config);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", begin);
  else begin();
})();
