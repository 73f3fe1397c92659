// Word forms that removing one suffix cannot undo: endings that change the stem before them
// (Hungarian "építésszel", Polish "karcie") and closed compounds ("uralkodókártya"), by the rules of
// outputs/search/definition.json. The same as outputs/search/wordforms.py, which documents them;
// tests/test_search_words.py checks that both cut every word alike.
"use strict";

(function (root) {
  const LETTERS = /^\p{L}+$/u;

  class Alternations {
    constructor(rules, minStem) {
      this.byLast = new Map();  // the last letter of an ending -> its rules: most words end in a letter no rule's ending does
      for (const rule of rules) {
        for (const [ending, condition] of Object.entries(rule.endings)) {
          const last = ending[ending.length - 1];
          if (!this.byLast.has(last)) this.byLast.set(last, []);
          for (const [written, base] of rule.stems) {
            this.byLast.get(last).push({ tail: written + ending, base, minBase: Math.max(minStem, rule.min_base || minStem),
              vowels: rule.vowels, hasOneOf: condition.has_one_of || "", lastVowelNot: condition.last_vowel_not || "" });
          }
        }
      }
    }
    bases(word) {  // the base forms the word's ending hides
      const out = [];
      for (const rule of this.byLast.get(word[word.length - 1]) || []) {
        if (!word.endsWith(rule.tail)) continue;
        const base = word.slice(0, word.length - rule.tail.length) + rule.base;
        const vowels = [...base].filter((ch) => rule.vowels.includes(ch));
        if (base.length < rule.minBase || (rule.hasOneOf && !vowels.some((v) => rule.hasOneOf.includes(v)))
          || (rule.lastVowelNot && (!vowels.length || rule.lastVowelNot.includes(vowels[vowels.length - 1])))) continue;
        out.push(base);
      }
      return out;
    }
  }

  class Compounds {
    constructor(settings, vocabulary, own, plainKeys, isMeaningful, suffixes) {
      Object.assign(this, { firstPart: settings.first_part, rest: settings.rest, vocabulary, own, plainKeys, isMeaningful, suffixes });
      this.longest = Math.max(0, ...[...vocabulary].map((w) => w.length));
      this.partsKeys = new Map();  // an indexed word that splits -> its parts' keys
      for (const word of vocabulary) {
        const found = this.splits(word);
        if (!found.length) continue;
        const keys = new Set();
        for (const [first, rest] of found) for (const k of [...plainKeys(first), ...plainKeys(rest)]) keys.add(k);
        this.partsKeys.set(word, keys);
      }
    }
    splits(word) {  // each [first part, rest] the word splits into, shortest first part first
      const out = [];
      // a first part is a vocabulary word: no longer than the longest (a typed word may be very long)
      for (let at = this.firstPart; at <= Math.min(word.length - this.rest, this.longest); at++) {
        const first = word.slice(0, at), rest = word.slice(at);
        if (!this.vocabulary.has(first) || !LETTERS.test(first) || !LETTERS.test(rest) || this.suffixes.has(rest) || !this.isMeaningful(first)) continue;
        const whole = [...this.plainKeys(rest)].filter((k) => k.length >= this.rest && this.vocabulary.has(k));
        if (whole.length && (this.own.has(first) || whole.some((k) => this.own.has(k)))) out.push([first, rest]);
      }
      return out;
    }
  }

  function ownWords(definition, languages, names, words) {  // the entries' names in these languages and their translation files' forms
    const out = new Set();
    for (const language of languages) {
      for (const name of names[language] || []) for (const w of words(name)) out.add(w);
      for (const lemma of Object.values((definition.translations || {})[language] || {})) {
        for (const form of lemma.forms) for (const w of words(form)) out.add(w);
      }
    }
    return out;
  }

  root.KbSearchWords = { Alternations, Compounds, ownWords };
  if (typeof module !== "undefined") module.exports = root.KbSearchWords;
})(typeof window !== "undefined" ? window : globalThis);
