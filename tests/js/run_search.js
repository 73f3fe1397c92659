// Runs the site's search script under Node on the queries given on stdin ([[query, game], ...]) and
// prints [[id, snippet], ...] per query: the tests compare this with the API's Python search.
"use strict";
const fs = require("fs");
const { SearchIndex } = require(process.argv[2]);
const index = new SearchIndex(JSON.parse(fs.readFileSync(process.argv[3], "utf8")));
const queries = JSON.parse(fs.readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(queries.map(([q, game]) => index.search(q, game, 10).map((h) => [h.doc.id, h.snippet]))));
