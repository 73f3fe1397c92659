// Runs the site's search script under Node on the queries given on stdin ([[query, game], ...]) and
// prints [[id, snippet], ...] per query ({error} for a query it cannot read): the tests compare this with the API's Python search.
"use strict";
const fs = require("fs");
const { SearchIndex } = require(process.argv[2]);
const { QueryError } = require(require("path").join(require("path").dirname(process.argv[2]), "kb-search-query.js"));
const index = new SearchIndex(JSON.parse(fs.readFileSync(process.argv[3], "utf8")));
const queries = JSON.parse(fs.readFileSync(0, "utf8"));
function run(q, game) {
  try {
    return index.search(q, game, 10).map((h) => [h.doc.id, h.snippet]);
  } catch (e) {
    if (e instanceof QueryError) return { error: e.message };
    throw e;
  }
}
process.stdout.write(JSON.stringify(queries.map(([q, game]) => run(q, game))));
