// Loads the site's search script and index under Node and prints, for each word given on stdin
// (["word", ...]), its keys and its query term's alternatives: tests/test_search_words.py compares
// them with outputs/search/analysis.py's on the same index.
"use strict";
const fs = require("fs");
const { SearchIndex } = require(process.argv[2]);
const index = new SearchIndex(JSON.parse(fs.readFileSync(process.argv[3], "utf8")));
const analyzer = index.analyzer;
const sorted = (keys) => [...keys].sort();
const words = JSON.parse(fs.readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(words.map((word) => {
  const term = analyzer.compoundTerm({ word, keys: new Set(analyzer.keys(word)) });
  return [sorted(analyzer.keys(word)), (term.alternatives || []).map((alternative) => alternative.map(sorted))];
})));
