// The search box's syntax (words, "phrases", field:value, field<=number, -negation, or) and the
// filters it makes: the same rules as outputs/search/query.py and outputs/search/filters.py, which
// document them; tests/test_search.py checks both give the same results and the same errors.
"use strict";

(function (root) {
  const FIELD = /^([A-Za-z][A-Za-z0-9_-]*)(<=|>=|<|>|=|:)([\s\S]*)$/;
  const NUMBER = /^-?\d+(\.\d+)?$/;
  const COMPARISONS = ["<=", ">=", "<", ">"];
  const COMPARE = { "<": (a, b) => a < b, "<=": (a, b) => a <= b, ">": (a, b) => a > b, ">=": (a, b) => a >= b, ":": (a, b) => a === b };

  class QueryError extends Error {}

  function tokens(text) {
    const out = [];
    let i = 0;
    const n = text.length, space = (c) => /\s/.test(c);
    while (i < n) {
      if (space(text[i])) { i++; continue; }
      const negated = text[i] === "-" && i + 1 < n && !space(text[i + 1]);
      if (negated) i++;
      const start = i, quoted = text[i] === '"';
      while (i < n && !space(text[i])) {
        if (text[i] === '"') {
          const close = text.indexOf('"', i + 1);
          if (close < 0) throw new QueryError(`a quote is not closed: ${text.slice(i)}`);
          i = close;
        }
        i++;
      }
      out.push([negated, text.slice(start, i), quoted]);
    }
    return out;
  }

  function fieldsHelp(fields) {
    return "fields: " + Object.keys(fields).sort().join(", ");
  }

  function parse(text, fields, numeric) {
    const words = [], items = [];
    for (const [negated, token, quoted] of tokens(text)) {
      if (quoted) {
        const phrase = token.replace(/"/g, " ").split(/\s+/).filter((w) => w).join(" ");
        if (!phrase) throw new QueryError('an empty quote ""');
        items.push({ kind: "phrase", value: phrase, field: "", op: "", negated });
        if (!negated) words.push(phrase);
        continue;
      }
      const match = FIELD.exec(token);
      // "game:" with nothing after it is a word and a colon, as in a heading, not an empty filter
      if (match && (match[3] || (match[2] !== ":" && match[1].toLowerCase() in fields))) {
        const field = match[1].toLowerCase(), op = match[2];
        let value = match[3];
        if (!(field in fields)) throw new QueryError(`unknown field '${field}' in ${token}; ${fieldsHelp(fields)}`);
        if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
        value = value.trim();
        if (!value) throw new QueryError(`${token}: no value after '${op}'`);
        if (COMPARISONS.includes(op)) {
          if (!numeric.has(field)) {
            throw new QueryError(`${token}: '${field}' has no numbers to compare; use ${field}:value. `
              + `Fields with numbers: ${[...numeric].sort().join(", ") || "none"}`);
          }
          if (!NUMBER.test(value)) throw new QueryError(`${token}: '${op}' compares numbers, and '${value}' is not one`);
        }
        items.push({ kind: "field", value, field, op: op === "=" ? ":" : op, negated });
      } else if (token.toLowerCase() === "or" && !negated) {
        items.push("or");
      } else if (negated) {
        items.push({ kind: "word", value: token, field: "", op: "", negated: true });
      } else {
        words.push(token);
        items.push("word");
      }
    }
    return { words: words.join(" "), groups: group(items) };
  }

  function group(items) {
    const groups = [];
    let joining = false;
    items.forEach((item, i) => {
      if (item === "or") {
        const before = i ? items[i - 1] : null, after = i + 1 < items.length ? items[i + 1] : null;
        if (before === null || after === null || before === "or" || after === "or") {
          throw new QueryError("'or' needs a filter or a quoted phrase on each side");
        }
        joining = typeof before === "object" && typeof after === "object";
        return;
      }
      if (typeof item === "object") {
        if (joining && groups.length) groups[groups.length - 1].push(item);
        else groups.push([item]);
      }
      joining = false;
    });
    return groups;
  }

  class FilterIndex {
    constructor(analyzer, docs, hasWord) {
      this.analyzer = analyzer;
      this.numbers = docs.map((d) => d.numbers);
      // per entry and field: its values' words, and every key of those words
      this.fieldWords = docs.map((d) => new Map(Object.entries(d.facets).map(([name, values]) => [name, new Set(analyzer.words(values.join(" ")))])));
      this.fieldKeys = docs.map((d) => new Map(Object.entries(d.facets).map(([name, values]) => [name, this.keysOf(values.join(" "))])));
      this.texts = docs.map((d) => " " + analyzer.words([d.title, d.names, d.terms, d.body].join(" | ")).join(" ") + " ");
      this.hasWord = hasWord;
    }
    keysOf(text) {
      const out = new Set();
      for (const w of this.analyzer.words(text)) for (const k of this.analyzer.keys(w)) out.add(k);
      return out;
    }
    allowed(groups) {
      let out = new Set(this.texts.keys());
      for (const g of groups) {
        const any = new Set();
        for (const c of g) for (const i of this.holds(c)) any.add(i);
        out = new Set([...out].filter((i) => any.has(i)));
      }
      return out;
    }
    holds(condition) {
      const found = this.found(condition);
      return condition.negated ? new Set([...this.texts.keys()].filter((i) => !found.has(i))) : found;
    }
    found(c) {
      const all = [...this.texts.keys()];
      if (c.kind === "phrase") {
        const phrase = " " + this.analyzer.words(c.value).join(" ") + " ";
        return new Set(all.filter((i) => this.texts[i].includes(phrase)));
      }
      if (c.kind === "word") {
        const out = new Set();
        for (const w of this.analyzer.words(c.value)) for (const i of this.hasWord(w)) out.add(i);
        return out;
      }
      const number = NUMBER.test(c.value.trim()) ? parseFloat(c.value) : null;
      if (c.op !== ":" || number !== null) {
        const numeric = new Set(all.filter((i) => (this.numbers[i][c.field] || []).some((n) => COMPARE[c.op](n, number))));
        if (c.op !== ":" || numeric.size) return numeric;
      }
      // a value's word meets a field's word when one is a form of the other, not by a shared stem
      const wanted = this.analyzer.words(c.value).map((w) => [w, this.analyzer.keys(w)]);
      return new Set(all.filter((i) => {
        const words = this.fieldWords[i].get(c.field), keys = this.fieldKeys[i].get(c.field);
        return words && wanted.length && wanted.every(([w, ks]) => keys.has(w) || [...ks].some((k) => words.has(k)));
      }));
    }
  }

  root.KbSearchQuery = { QueryError, parse, FilterIndex };
  if (typeof module !== "undefined") module.exports = root.KbSearchQuery;
})(typeof window !== "undefined" ? window : globalThis);
