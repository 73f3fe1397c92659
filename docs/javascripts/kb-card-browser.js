// A table a reader can filter and sort without leaving the page, for any generated page that has one:
// <div data-kb-browser> holding controls and a table. Each control names a row attribute
// (data-filter="cost") and how it matches (data-match="equals", "max" for numbers, "word" for a
// space-separated list, "text" for a substring of the row's text); each header with data-sort sorts
// by that attribute (data-type="number" sorts numerically). Works offline: no library, no request.
// Only what is shown is laid out: the filters pick the matching rows first, then the first
// data-kb-page rows of them (25 by default) are shown, with buttons to show more or all. Without
// the script every row is shown, so every card stays reachable.
(function () {
  "use strict";

  function matches(row, control) {
    var wanted = control.value.trim().toLowerCase();
    if (!wanted) return true;
    var how = control.dataset.match || "equals";
    if (how === "text") return row.textContent.toLowerCase().indexOf(wanted) !== -1;
    var value = (row.dataset[control.dataset.filter] || "").toLowerCase();
    if (how === "max") return value !== "" && Number(value) <= Number(wanted);
    if (how === "word") return value.split(" ").indexOf(wanted) !== -1;
    return value === wanted;
  }

  function setUp(browser) {
    var table = browser.querySelector("table");
    var body = table.tBodies[0];
    var controls = Array.prototype.slice.call(browser.querySelectorAll("[data-filter]"));
    var count = browser.querySelector("[data-kb-count]");
    var step = Number(browser.dataset.kbPage) || 25;
    var limit = step;
    var more = document.createElement("p");
    more.className = "kb-browser__more";
    var next = button("", function () { limit += step; apply(); });
    var all = button("Show all", function () { limit = Infinity; apply(); });
    more.appendChild(next);
    more.appendChild(all);
    browser.appendChild(more);  // after the table, wherever the theme wraps it
    function button(label, act) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "md-button";
      b.textContent = label;
      b.addEventListener("click", act);
      return b;
    }
    function apply() {
      var matching = 0, shown = 0;
      Array.prototype.forEach.call(body.rows, function (row) {
        var keep = controls.every(function (control) { return matches(row, control); });
        if (keep) matching += 1;
        row.hidden = !(keep && matching <= limit);
        if (!row.hidden) shown += 1;
      });
      if (count) count.textContent = shown < matching ? shown + " of " + matching + " matching cards shown"
                                                      : shown + " of " + body.rows.length + " shown";
      more.hidden = shown >= matching;
      next.textContent = "Show " + Math.min(step, matching - shown) + " more";
      browser.dataset.shown = String(shown);
      browser.dataset.matching = String(matching);
    }
    function refilter() { limit = step; apply(); }
    controls.forEach(function (control) {
      control.addEventListener("input", refilter);
      control.addEventListener("change", refilter);
    });
    Array.prototype.forEach.call(table.querySelectorAll("th[data-sort]"), function (header) {
      header.tabIndex = 0;
      header.title = "Sort by this column";
      function sort() {
        var key = header.dataset.sort;
        var numeric = header.dataset.type === "number";
        var ascending = header.getAttribute("aria-sort") !== "ascending";
        Array.prototype.forEach.call(table.querySelectorAll("th[data-sort]"), function (h) { h.removeAttribute("aria-sort"); });
        header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (a, b) {
          var x = a.dataset[key] || "", y = b.dataset[key] || "";
          var order = numeric ? Number(x) - Number(y) : x.localeCompare(y);
          return ascending ? order : -order;
        });
        rows.forEach(function (row) { body.appendChild(row); });
        apply();
      }
      header.addEventListener("click", sort);
      header.addEventListener("keydown", function (event) { if (event.key === "Enter") sort(); });
    });
    apply();
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-kb-browser]"), setUp);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
