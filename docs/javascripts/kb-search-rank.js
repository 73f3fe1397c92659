// What decides between hits the words do not tell apart, and which game a query's language points
// to: the same rules as outputs/search/ranking.py and outputs/search/engine.py, which document them.
// The entries' ranks come computed in the site's index; kb-search.js sorts with compareHits.
"use strict";

(function (root) {
  const SOURCE_KINDS = new Set(["sources"]), NAMED_LANGUAGES = ["hu", "pl"];

  function nameIn(doc, language) {
    return language === "hu" ? doc.nameHu : language === "pl" ? doc.namePl : null;
  }

  // game -> the languages its entries have names in: its rulebooks', whose translations apply to it
  function gameLanguages(docs) {
    const out = new Map();
    for (const doc of docs) {
      if (!out.has(doc.game)) out.set(doc.game, new Set());
      for (const language of NAMED_LANGUAGES) if (nameIn(doc, language)) out.get(doc.game).add(language);
    }
    return out;
  }

  // for each language only one game has: [language, game, its words] (translation forms and that game's names in it)
  function languageWords(analyzer, docs, languages) {
    const owners = new Map();
    for (const game of [...languages.keys()].sort()) {
      for (const language of languages.get(game)) {
        if (!owners.has(language)) owners.set(language, []);
        owners.get(language).push(game);
      }
    }
    return [...owners].filter(([, games]) => games.length === 1).map(([language, [game]]) => {
      const words = new Set((analyzer.translations.get(language) || new Map()).keys());
      for (const doc of docs) if (doc.game === game) for (const w of analyzer.words(nameIn(doc, language) || "")) words.add(w);
      return [language, game, words];
    }).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  }

  // the game a query's language points to: a word of a language only one game has that is no other
  // language's form and no word of another game's entries (as engine.py's language_game)
  function languageGame(analyzer, postings, docs, known, text) {
    const words = analyzer.words(text).filter((w) => analyzer.isMeaningful(w));
    for (const [language, game, vocabulary] of known) {
      const others = [...analyzer.translations].filter(([other]) => other !== language).map(([, table]) => table);
      for (const word of words) {
        if (vocabulary.has(word) && !others.some((table) => table.has(word))
            && [...(postings.get(word) || new Map()).keys()].every((doc) => docs[doc].game === game)) return game;
      }
    }
    return null;
  }

  // a name several entries of one game and kind share is a heading over them: no exact-name bonus
  function dropSharedNames(docs, exactNames) {
    const sharing = new Map(), heading = (doc, name) => `${doc.game}\u0000${doc.kind}\u0000${name}`;
    docs.forEach((doc, i) => {
      for (const name of exactNames[i]) sharing.set(heading(doc, name), (sharing.get(heading(doc, name)) || 0) + 1);
    });
    docs.forEach((doc, i) => {
      for (const name of [...exactNames[i]]) if (sharing.get(heading(doc, name)) > 1) exactNames[i].delete(name);
    });
  }

  // the query's language's game; the share of terms matched; our entries before source records; the
  // score; what the entry is (its rank); the title; the id (as engine.py's sort)
  function compareHits(preferred) {
    const compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
    return (a, b) => (a.doc.game !== preferred) - (b.doc.game !== preferred) || b.share - a.share
      || SOURCE_KINDS.has(a.doc.kind) - SOURCE_KINDS.has(b.doc.kind) || b.score - a.score || a.doc.rank - b.doc.rank
      || compare(a.doc.title, b.doc.title) || compare(a.doc.id, b.doc.id);
  }

  root.KbSearchRank = { nameIn, gameLanguages, languageWords, languageGame, dropSharedNames, compareHits };
  if (typeof module !== "undefined") module.exports = root.KbSearchRank;
})(typeof window !== "undefined" ? window : globalThis);
