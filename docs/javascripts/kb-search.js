// Rulebook KB's own search, offline: the same definition (search/index.json carries
// outputs/search/definition.json) and the same ranking as the API (outputs/search/engine.py); the
// tests run both on the player query set and compare. The search box is kb-search-box.js.
"use strict";

(function (root) {
  const WORD = /[\p{L}\p{N}]+/gu;
  const NAME_WEIGHT = 10, TERMS_WEIGHT = 2, BODY_WEIGHT = 1, BODY_TF_CAP = 3;
  const EXACT_NAME_BONUS = 100, ALL_IN_NAMES_BONUS = 20, NAME_COVER_BONUS = 40, SNIPPET_WORDS = 28;
  // what stands after this in a body is searched, never shown (an entry's facts after its summary)
  const SHOWN_END = " \u00b6 ";
  // between two words, the end of a sentence (or of a question before its answer, " | ")
  const SENTENCE_END = /[.!?…]["'”’)\]]*\s|\s\|\s/;
  const LOWER = /^\p{Ll}/u;
  const CACHED_WORD = 40, CACHED_WORDS = 200000;  // a longer text is folded, not remembered; up to a bound (as analysis.py)
  const SNIPPET_HEAD = 6;  // a match deep in a long sentence is shown after its first words and " … "
  const TRANSLATED_KEY = 4;  // as analysis.py: a form its endings leave takes that form's translation
  const KIND_FACTOR = { examples: 0.6, discrepancies: 0.6, scenarios: 0.6, rulings: 0.6 };
  const COMMON_SHARE = 0.2, COMMON_MIN_ENTRIES = 100, LANDING_WORDS = 8;
  const Query = typeof module !== "undefined" ? require("./kb-search-query.js") : root.KbSearchQuery;
  const Words = typeof module !== "undefined" ? require("./kb-search-words.js") : root.KbSearchWords;
  const Rank = typeof module !== "undefined" ? require("./kb-search-rank.js") : root.KbSearchRank;

  class Analyzer {
    constructor(definition) {
      this.folds = definition.extra_folds;
      this.folded = new Map();
      this.minStem = definition.min_stem;
      this.suffixes = [...new Set(Object.values(definition.suffixes).flat())];
      this.definition = definition;
      // endings that change the stem before them, and closed compounds: kb-search-words.js
      this.alternations = new Words.Alternations(definition.alternations || [], this.minStem);
      this.compounds = null;  // set by useVocabulary: without a vocabulary, no word splits
      this.stopWords = new Set(Object.values(definition.stop_words).flat());
      this.translations = new Map();  // per language: a Hungarian or Polish word -> English words of our rules
      // per language: forms of several words ("véget ér"), their words joined by a space -> English words
      this.phraseTranslations = new Map();
      for (const [language, lemmas] of Object.entries(definition.translations || {})) {
        const table = new Map(), phraseTable = new Map();
        this.translations.set(language, table);
        this.phraseTranslations.set(language, phraseTable);
        for (const lemma of Object.values(lemmas)) {
          const english = lemma.en.map((w) => this.fold(w));
          for (const form of lemma.forms) {
            const folded = this.fold(form);
            if (!folded.includes(" ")) {
              table.set(folded, [...new Set([...(table.get(folded) || []), ...english])]);
            } else {
              const words = this.words(form).join(" ");
              if (words) phraseTable.set(words, [...new Set([...(phraseTable.get(words) || []), ...english])]);
            }
          }
        }
      }
      this.synonyms = new Map();
      for (const group of definition.synonyms) {
        const folded = group.map((w) => this.fold(w));
        for (const word of folded) this.synonyms.set(word, folded.filter((w) => w !== word));
      }
      this.cache = new Map();
      // the players' vocabulary: groups of phrases that mean one thing in a game, or in any (game null)
      this.phraseGroups = (definition.vocabulary || []).map((group) => [group.game, group.phrases.map((p) => this.words(p)).filter((p) => p.length)]);
      this.phrasesByFirst = new Map();
      this.phraseGroups.forEach(([, phrases], number) => {
        for (const phrase of phrases) {
          if (!this.phrasesByFirst.has(phrase[0])) this.phrasesByFirst.set(phrase[0], []);
          this.phrasesByFirst.get(phrase[0]).push([phrase, number]);
        }
      });
    }
    fold(text) {
      // words are remembered: the index folds every word of every entry, most of them many times over
      let out = this.folded.get(text);
      if (out !== undefined) return out;
      out = "";
      for (const ch of text.toLowerCase()) out += this.folds[ch] !== undefined ? this.folds[ch] : ch;
      out = out.normalize("NFKD").replace(/\p{Mn}/gu, "");
      if (text.length <= CACHED_WORD && this.folded.size < CACHED_WORDS) this.folded.set(text, out);
      return out;
    }
    words(text) {
      return (text.match(WORD) || []).map((w) => this.fold(w));
    }
    keys(word) {  // its plain keys, and for an indexed closed compound its parts' keys as well
      let found = this.cache.get(word);
      if (!found) {
        found = this.plainKeys(word);
        const parts = this.compounds && this.compounds.partsKeys.get(word);
        if (parts) for (const k of parts) found.add(k);
        this.cache.set(word, found);
      }
      return found;
    }
    plainKeys(word) {  // the word, each stem its suffixes leave, and the base forms its ending hides
      const found = new Set([word]);
      for (const base of this.alternations.bases(word)) found.add(base);
      for (const suffix of this.suffixes) {
        if (word.endsWith(suffix) && word.length - suffix.length >= this.minStem) found.add(word.slice(0, -suffix.length));
      }
      return found;
    }
    useVocabulary(texts, names) {  // the indexed entries' texts, and language -> their names in it (as Analyzer.with_vocabulary)
      const settings = this.definition.compounds;
      this.cache = new Map();
      this.closedKeys = null;
      if (!settings) return;
      const vocabulary = new Set();
      for (const text of texts) for (const w of this.words(text)) vocabulary.add(w);
      const own = Words.ownWords(this.definition, settings.languages, names, (text) => this.words(text));
      this.compounds = new Words.Compounds(settings, vocabulary, own, (w) => this.plainKeys(w), (w) => this.isMeaningful(w), new Set(this.suffixes));
    }
    phraseKeys(phrase) {  // a vocabulary phrase's keys, and once more for each way a compound of it splits (as analysis.py)
      const words = phrase.filter((w) => this.isMeaningful(w));
      if (!words.length) return [];
      const plain = words.map((w) => this.plainKeys(w)), out = [plain];
      words.forEach((word, at) => {
        for (const [first, rest] of this.compounds ? this.compounds.splits(word) : []) {
          out.push([...plain.slice(0, at), this.plainKeys(first), this.plainKeys(rest), ...plain.slice(at + 1)]);
        }
      });
      return out;
    }
    compoundTerm(term) {  // a query word that splits: the word itself or both its parts (as analysis.py's compound_term)
      const own = this.keys(term.word);
      if (!this.compounds || term.alternatives || term.keys.size !== own.size || [...term.keys].some((k) => !own.has(k))) return term;
      const found = this.compounds.splits(term.word);
      if (!found.length) return term;
      const alternatives = [[this.plainKeys(term.word)], ...found.map(([first, rest]) => [this.plainKeys(first), this.plainKeys(rest)])];
      const keys = new Set();
      for (const alternative of alternatives) for (const word of alternative) for (const k of word) keys.add(k);
      return { word: term.word, keys, alternatives };
    }
    isMeaningful(word) {  // not a stop word, and not one letter unless a digit
      return !this.stopWords.has(word) && (word.length > 1 || /^\d+$/.test(word));
    }
    // its vocabulary phrases, then its other words, with the translations of `languages` (every
    // language when it is null), as analysis.py's Analyzer.query
    query(text, game, languages) {
      const tables = [...this.translations].filter(([language]) => !languages || languages.has(language)).map(([, table]) => table);
      const phraseTables = [...this.phraseTranslations].filter(([language]) => !languages || languages.has(language)).map(([, table]) => table);
      const [phrases, rest] = this.vocabularyPhrases(this.words(text), game || null);
      const typed = new Set(phrases.map((t) => t.word));
      const [translated, words] = this.translatedPhrases([...new Set(rest)].filter((w) => !typed.has(w)), phraseTables);
      const meaningful = words.filter((w) => this.isMeaningful(w));
      const out = phrases.concat(translated);
      const plain = (meaningful.length ? meaningful : out.length ? [] : words).map((word) => {
        const keys = new Set(this.keys(word));
        for (const other of [...(this.synonyms.get(word) || []), ...this.translation(word, tables)]) {
          for (const k of this.keys(other)) keys.add(k);
        }
        return { word, keys };
      });
      for (let i = 0; i < plain.length;) {
        const joined = i + 1 < plain.length ? this.joined(plain[i].word, plain[i + 1].word) : null;
        if (!joined) { out.push(this.compoundTerm(plain[i])); i += 1; continue; }
        const [first, second] = [plain[i], plain[i + 1]], closed = this.plainKeys(joined);
        out.push({ word: first.word + " " + second.word, keys: new Set([...first.keys, ...second.keys, ...closed]),
          alternatives: [[closed], [first.keys, second.keys]] });
        i += 2;
      }
      return out;
    }
    translation(word, tables) {  // the tables' English for the typed form, or for the forms its endings leave (as analysis.py)
      const found = tables.flatMap((table) => table.get(word) || []);
      if (found.length) return found;
      return [...this.plainKeys(word)].filter((k) => k !== word && k.length >= TRANSLATED_KEY).sort()
        .flatMap((k) => tables.flatMap((table) => table.get(k) || []));
    }
    joined(first, second) {  // two typed words the catalog writes as one closed word (as analysis.py's joined)
      if (!this.compounds) return null;
      const joined = first + second;
      if (!/^\p{L}+$/u.test(joined)) return null;
      const own = this.compounds.own;
      if (![...this.plainKeys(first), ...this.plainKeys(second)].some((k) => own.has(k))) return null;
      if (!this.closedKeys) {  // the long keys of the vocabulary's words (as analysis.py's _closed_keys)
        const shortest = this.compounds.firstPart + this.compounds.rest;
        this.closedKeys = new Set();
        for (const w of this.compounds.vocabulary) {
          if (w.length >= shortest) for (const k of this.plainKeys(w)) if (k.length >= shortest) this.closedKeys.add(k);
        }
      }
      return [...this.plainKeys(joined)].some((k) => this.closedKeys.has(k)) ? joined : null;
    }
    translatedPhrases(words, tables) {  // forms of several words, the longest at each place, as one term each (as analysis.py)
      let longest = 0;
      for (const table of tables) for (const phrase of table.keys()) longest = Math.max(longest, phrase.split(" ").length);
      const found = [], rest = [];
      let i = 0;
      while (i < words.length) {
        let length = Math.min(longest, words.length - i);
        for (; length > 1; length--) {
          const phrase = words.slice(i, i + length);
          const english = tables.flatMap((table) => table.get(phrase.join(" ")) || []);
          if (english.length) {
            const keys = new Set();
            for (const w of phrase) if (this.isMeaningful(w)) for (const k of this.keys(w)) keys.add(k);
            for (const e of english) for (const k of this.keys(e)) keys.add(k);
            found.push({ word: phrase.join(" "), keys });
            break;
          }
        }
        if (length > 1) { i += length; } else { rest.push(words[i]); i += 1; }
      }
      return [found, rest];
    }
    vocabularyPhrases(words, game) {  // the longest phrase at each place, the listed words with or without an ending
      const found = [], rest = [];
      let i = 0;
      while (i < words.length) {
        const matching = new Map();  // group -> length of its longest phrase found here
        for (const key of this.keys(words[i])) {
          for (const [phrase, group] of this.phrasesByFirst.get(key) || []) {
            const groupGame = this.phraseGroups[group][0];
            if ((game === null || groupGame === null || groupGame === game) && phrase.length <= words.length - i
                && phrase.every((listed, j) => this.keys(words[i + j]).has(listed))) {
              matching.set(group, Math.max(matching.get(group) || 0, phrase.length));
            }
          }
        }
        if (!matching.size) { rest.push(words[i]); i += 1; continue; }
        const length = Math.max(...matching.values());
        const groups = [...matching].filter(([, n]) => n === length).map(([g]) => g).sort((x, y) => x - y);
        const seen = new Set(), alternatives = [];
        for (const group of groups) {
          for (const p of this.phraseGroups[group][1]) {
            for (const keys of this.phraseKeys(p)) {
              const id = keys.map((k) => [...k].sort().join(",")).join("|");
              if (!seen.has(id)) { seen.add(id); alternatives.push(keys); }
            }
          }
        }
        const typedPhrase = words.slice(i, i + length).join(" "), altId = [...seen].join("/");
        // two phrases of one group ("minus points" after "negative points") are one term
        if (alternatives.length && found.every((t) => t.word !== typedPhrase && t.altId !== altId)) {
          const keys = new Set();
          for (const alt of alternatives) for (const k of alt) for (const key of k) keys.add(key);
          found.push({ word: typedPhrase, keys, alternatives, altId });
        }
        i += length;
      }
      return [found, rest];
    }
  }

  function escapeHtml(text) {
    return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
  }

  class SearchIndex {
    constructor(data) {
      this.analyzer = new Analyzer(data.definition);
      this.docs = data.docs.map((d) => ({
        id: d[0], game: d[1], kind: d[2], title: d[3], url: d[4], names: d[5],
        terms: d[6].map((i) => data.phrases[i]).join(" | "), body: d[7], nameHu: d[8], namePl: d[9], rank: d[10],
        // game and kind are every document's fields; the index stores only the games' own
        facets: { ...(d[11] || {}), game: [...new Set([d[1], (data.games || {})[d[1]]].filter((v) => v))], kind: [d[2]] },
        numbers: d[12] || {},
      }));
      // the entries' own words, which closed compounds split into (as engine.py's SearchIndex)
      this.analyzer.useVocabulary(this.docs.map((d) => [d.title, d.names, d.terms, d.body].join(" | ")),
        { hu: this.docs.map((d) => d.nameHu || ""), pl: this.docs.map((d) => d.namePl || "") });
      this.languages = Rank.gameLanguages(this.docs);  // game -> the languages whose translations apply to it
      this.gameIds = [...this.languages.keys()].sort();
      this.languageWords = null;
      this.fields = data.fields || {};
      this.games = data.games || {};
      this.kinds = data.kinds || {};  // kind key -> what a player reads ("startings" -> "starting pieces")
      this.numeric = new Set(this.docs.flatMap((d) => Object.keys(d.numbers)));
      this.filters = null;
      this.postings = new Map();
      this.exactNames = [];
      this.nameKeys = [];  // per entry, per name: the keys of each meaningful word
      const posting = (key, i) => {
        let byDoc = this.postings.get(key);
        if (!byDoc) this.postings.set(key, (byDoc = new Map()));
        let p = byDoc.get(i);
        if (!p) byDoc.set(i, (p = { inName: false, inTerms: false, bodyTf: 0 }));
        return p;
      };
      this.docs.forEach((doc, i) => {
        const names = [doc.title, ...doc.names.split(" | ")];
        this.exactNames.push(new Set(names.filter((n) => n).map((n) => this.analyzer.words(n).join(" "))));
        const meaningfulNames = new Map();
        for (const n of names) {
          const words = this.analyzer.words(n).filter((w) => this.analyzer.isMeaningful(w));
          if (words.length) meaningfulNames.set(words.join(" "), words.map((w) => this.analyzer.keys(w)));
        }
        this.nameKeys.push([...meaningfulNames.values()]);
        for (const word of this.analyzer.words(names.join(" "))) for (const key of this.analyzer.keys(word)) posting(key, i).inName = true;
        for (const word of this.analyzer.words(doc.terms)) for (const key of this.analyzer.keys(word)) posting(key, i).inTerms = true;
        const counts = new Map();
        for (const word of this.analyzer.words(doc.body)) counts.set(word, (counts.get(word) || 0) + 1);
        for (const [word, count] of counts) {
          for (const key of this.analyzer.keys(word)) {
            const p = posting(key, i);
            p.bodyTf = Math.max(p.bodyTf, count);
          }
        }
      });
      Rank.dropSharedNames(this.docs, this.exactNames);
    }
    matches(term) {
      if (term.alternatives) return this.phraseMatches(term.alternatives);
      const found = new Map();
      for (const key of term.keys) {
        for (const [doc, p] of this.postings.get(key) || []) {
          let best = found.get(doc);
          if (!best) found.set(doc, (best = { inName: false, inTerms: false, bodyTf: 0 }));
          best.inName = best.inName || p.inName;
          best.inTerms = best.inTerms || p.inTerms;
          best.bodyTf = Math.max(best.bodyTf, p.bodyTf);
        }
      }
      return found;
    }
    phraseMatches(alternatives) {  // entries with every word of one of a vocabulary group's phrases (as engine.py)
      const found = new Map();
      for (const phrase of alternatives) {
        const byWord = phrase.map((keys) => this.matches({ word: "", keys }));
        for (const doc of byWord[0].keys()) {
          if (!byWord.every((m) => m.has(doc))) continue;
          const postings = byWord.map((m) => m.get(doc));
          let best = found.get(doc);
          if (!best) found.set(doc, (best = { inName: false, inTerms: false, bodyTf: 0 }));
          best.inName = best.inName || (postings.every((p) => p.inName) && this.nameHasPhrase(doc, phrase));
          best.inTerms = best.inTerms || postings.every((p) => p.inName || p.inTerms);
          best.bodyTf = Math.max(best.bodyTf, Math.min(...postings.map((p) => p.bodyTf || 1)));
        }
      }
      return found;
    }
    nameHasPhrase(doc, phrase) {  // one of the entry's names has the phrase's words in a row
      return this.nameKeys[doc].some((name) => {
        for (let start = 0; start + phrase.length <= name.length; start++) {
          if (phrase.every((keys, j) => [...keys].some((k) => name[start + j].has(k)))) return true;
        }
        return false;
      });
    }
    // Throws KbSearchQuery.QueryError for a query it cannot read.
    search(query, game, limit) {
      limit = limit || 10;
      const parsed = Query.parse(query, this.fields, this.numeric);
      if (parsed.groups.length && !this.filters) {
        this.filters = new Query.FilterIndex(this.analyzer, this.docs, (w) => this.matches({ word: w, keys: this.analyzer.keys(w) }).keys());
      }
      const allowed = parsed.groups.length ? this.filters.allowed(parsed.groups) : null;
      // each game's query: its own vocabulary and its languages' translations, also over all games
      const byGame = (game ? [game] : this.gameIds).map((g) => [g, this.analyzer.query(parsed.words, g, this.languages.get(g) || new Set())])
        .filter(([, terms]) => terms.length);
      if (!byGame.length) return allowed ? this.listing(allowed, game, limit) : [];
      const foundCache = new Map();
      const hits = byGame.flatMap(([g, terms]) => this.scored(terms, g, allowed, foundCache));
      if (!game && !this.languageWords) this.languageWords = Rank.languageWords(this.analyzer, this.docs, this.languages);
      hits.sort(Rank.compareHits(game ? null : Rank.languageGame(this.analyzer, this.postings, this.docs, this.languageWords, parsed.words)));
      const top = hits.slice(0, limit);
      for (const hit of top) {
        hit.snippet = this.snippet(hit.doc.body, hit.terms);
        hit.words = this.landingWords(hit.doc, hit.terms);
      }
      return top;
    }
    termId(term) {  // equal terms (of several games' readings of the query) are matched once
      const keys = (set) => [...set].sort().join(",");
      return term.word + "\u0000" + keys(term.keys) + "\u0000" + (term.alternatives || []).map((alt) => alt.map(keys).join("|")).join("/");
    }
    scored(terms, game, allowed, foundCache) {  // one game's hits, scored with the query as that game reads it (as engine.py's _scored)
      const total = this.docs.length;
      const matched = new Map(), score = new Map(), inNames = new Map();
      const foundByTerm = terms.map((t) => {
        const id = this.termId(t);
        if (!foundCache.has(id)) foundCache.set(id, this.matches(t));
        return foundCache.get(id);
      });
      let common = foundByTerm.map((found) => total >= COMMON_MIN_ENTRIES && found.size > COMMON_SHARE * total);
      if (common.every((c) => c)) common = common.map(() => false);
      for (const [t, term] of terms.entries()) {
        const found = foundByTerm[t];
        const idf = Math.log(1 + total / (1 + found.size));
        for (const [doc, p] of found) {
          if (this.docs[doc].game !== game) continue;
          matched.set(doc, (matched.get(doc) || 0) + (common[t] ? 0 : 1));
          inNames.set(doc, (inNames.get(doc) || 0) + (p.inName ? 1 : 0));
          score.set(doc, (score.get(doc) || 0) + idf * (NAME_WEIGHT * p.inName + TERMS_WEIGHT * p.inTerms
            + BODY_WEIGHT * Math.min(p.bodyTf, BODY_TF_CAP)));
        }
      }
      // over all games, hits compare by the share of their game's counted terms they match
      const counted = Math.max(1, terms.length - common.filter((c) => c).length);
      const phrase = terms.map((t) => t.word).join(" ");
      const queryKeys = new Set();
      for (const t of terms) for (const k of t.keys) queryKeys.add(k);
      const hits = [];
      for (const [doc, count] of matched) {
        const d = this.docs[doc];
        if (allowed && !allowed.has(doc)) continue;
        const bonus = EXACT_NAME_BONUS * (this.exactNames[doc].has(phrase) ? 1 : 0)
          + ALL_IN_NAMES_BONUS * (inNames.get(doc) === terms.length ? 1 : 0)
          + NAME_COVER_BONUS * (inNames.get(doc) ? this.nameCover(doc, queryKeys) : 0);
        hits.push({ doc: d, matched: count, share: count / counted, score: (score.get(doc) + bonus) * (KIND_FACTOR[d.kind] || 1), terms });
      }
      return hits;
    }
    nameCover(doc, queryKeys) {  // the largest share of one of the entry's names whose words the query has
      let best = 0;
      for (const name of this.nameKeys[doc]) {
        let covered = 0;
        for (const keys of name) if ([...keys].some((k) => queryKeys.has(k))) covered += 1;
        best = Math.max(best, covered / name.length);
      }
      return best;
    }
    listing(allowed, game, limit) {  // filters alone: the entries they let through, by title
      const fold = (t) => t.toLowerCase();
      const docs = [...allowed].map((i) => this.docs[i]).filter((d) => !game || d.game === game);
      docs.sort((a, b) => (fold(a.title) < fold(b.title) ? -1 : fold(a.title) > fold(b.title) ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      return docs.slice(0, limit).map((doc) => ({ doc, matched: 0, score: 0, snippet: this.snippet(doc.body, []), words: [] }));
    }
    markedKeys(terms, present) {  // as engine.py's _marked_keys: a word's own; for a vocabulary phrase, the typed words and the phrases the text has whole
      const keys = new Set();
      for (const t of terms) {
        if (!t.alternatives) { for (const k of t.keys) keys.add(k); continue; }
        for (const w of t.word.split(" ")) if (this.analyzer.isMeaningful(w)) for (const k of this.analyzer.keys(w)) keys.add(k);
        for (const phrase of t.alternatives) {
          if (phrase.every((word) => [...word].some((k) => present.has(k)))) for (const word of phrase) for (const k of word) keys.add(k);
        }
      }
      return keys;
    }
    landingWords(doc, terms) {  // the words of the entry's title and text the query matched, as written there: the landed page marks them
      const tokens = (doc.title + " " + doc.body).match(WORD) || [];
      const tokenKeys = tokens.map((t) => this.analyzer.keys(this.analyzer.fold(t)));
      const present = new Set();
      for (const found of tokenKeys) for (const k of found) present.add(k);
      const keys = this.markedKeys(terms, present), words = new Map();
      tokens.forEach((token, i) => {
        if (words.size < LANDING_WORDS && [...tokenKeys[i]].some((k) => keys.has(k))) words.set(token.toLowerCase(), token);
      });
      return [...words.keys()];
    }
    snippet(text, terms) {
      // whole sentences from the one with the first matched word, as outputs/search/engine.py does
      text = text.split(SHOWN_END)[0];
      const tokens = [...text.matchAll(WORD)];
      if (!tokens.length) return "";
      const tokenKeys = tokens.map((m) => this.analyzer.keys(this.analyzer.fold(m[0])));
      const present = new Set();
      for (const found of tokenKeys) for (const k of found) present.add(k);
      const keys = this.markedKeys(terms, present);
      const hits = [];
      tokenKeys.forEach((found, i) => {
        for (const k of found) if (keys.has(k)) { hits.push(i); break; }
      });
      const anchor = hits.length ? hits[0] : 0;
      // token index -> where its sentence begins (an opening quote included), for every sentence start
      const starts = new Map([[0, 0]]);
      for (let i = 1; i < tokens.length; i++) {
        const from = tokens[i - 1].index + tokens[i - 1][0].length;
        const found = SENTENCE_END.exec(text.slice(from, tokens[i].index));
        if (found && !LOWER.test(tokens[i][0])) starts.set(i, from + found.index + found[0].length);
      }
      let first = Math.max(...[...starts.keys()].filter((s) => s <= anchor));
      let head = "", last;
      if (anchor - first >= Math.floor(SNIPPET_WORDS * 2 / 3)) {
        const headEnd = tokens[first + SNIPPET_HEAD - 1];
        head = text.slice(starts.get(first), headEnd.index + headEnd[0].length);
        // without a bracket left open or a comma at the end, as outputs/search/engine.py's _head
        if ((head.match(/\(/g) || []).length > (head.match(/\)/g) || []).length && head.lastIndexOf("(") > 0) head = head.slice(0, head.lastIndexOf("("));
        head = escapeHtml(head.replace(/[ ,;:]+$/, "")) + " … ";
        first = anchor - Math.floor(SNIPPET_WORDS / 3);
        last = Math.min(tokens.length, first + SNIPPET_WORDS - SNIPPET_HEAD);
      } else {
        last = Math.min(tokens.length, first + SNIPPET_WORDS);
      }
      const start = starts.has(first) ? starts.get(first) : tokens[first].index;
      let end, tail;
      if (last < tokens.length) {
        const ends = [...starts.keys()].filter((s) => anchor < s && s <= last);
        if (ends.length) {
          last = ends[ends.length - 1];
          end = text.slice(0, starts.get(last)).replace(/[ |]+$/, "").length;
          tail = "";
        } else {
          end = tokens[last - 1].index + tokens[last - 1][0].length;
          tail = " …";
        }
      } else {
        end = text.length;
        tail = "";
      }
      let out = "", at = start;
      for (const i of hits) {
        if (i >= first && i < last) {
          const m = tokens[i];
          out += escapeHtml(text.slice(at, m.index)) + "<mark>" + escapeHtml(m[0]) + "</mark>";
          at = m.index + m[0].length;
        }
      }
      out += escapeHtml(text.slice(at, end));
      return head + out + tail;
    }
  }

  root.KbSearch = { Analyzer, SearchIndex, escapeHtml };
  if (typeof module !== "undefined") module.exports = root.KbSearch;
})(typeof window !== "undefined" ? window : globalThis);
