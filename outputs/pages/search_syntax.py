"""The Search syntax page: the search box's operators, the fields, and every game's example searches
with the results this build gives them (run here, and again by the tests through the API and the
site's script), so the page cannot promise what the search does not do."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from games.registry import Registry
from outputs.pages.markdown import Linked, table, text
from outputs.search import QueryError, SearchIndex, index_from_database
from outputs.search.ranking import single_game_languages

SHOWN = 4


def code(query: str) -> Linked:
    """A query as a code span: shown exactly as typed, < and quotes included."""
    return Linked(f"`{query}`")

OPERATORS = [
    ("words", "castle penalty", "Ranked, none required: entries with every word come first, then those with some. "
     "English, Hungarian or Polish, any case ending, accents optional; a Hungarian compound closed, hyphenated "
     "or apart (`szegénységkártya`, `szegénység-kártya`)."),
    ('"…"', '"gold mine"', "A phrase: only entries with these words together, in this order."),
    ("field:value", "category:wood", "The field has this value (singular or plural, any language of its names). The value follows the "
     "colon at once: with a space after the colon, as in a heading, the field's name is just a word."),
    ("field=number", "cost=2", "The field's number is exactly this; `cost:2` is the same."),
    ("< <= > >=", "cost<=3", "The field's number compared. Only fields with numbers take these."),
    ("-", "-category:wood", "Without: leaves out entries with the filter, phrase or word."),
    ("or", "category:wood or category:stone", "Either: joins the filters or phrases on its two sides. "
     "Plain words are never required, so `or` between them changes nothing."),
]
# Malformed searches and what the parser says; game-neutral: the shared fields and an unknown one.
ERRORS = ["nosuchfield:1", "kind<3", 'kind:"building', "or kind:rule"]


LANGUAGE_NAMES = {"hu": "Hungarian", "pl": "Polish"}


def one_game_languages(index: SearchIndex) -> str:
    """" A search in Polish, which only Caylus's rulebook is in, lists Caylus first.", from the catalog."""
    titles = {d.game: d.title for d in index.documents if d.kind == "games"}
    return "".join(f" A search in {LANGUAGE_NAMES.get(language, language)}, which only {titles.get(game, game)}'s rulebook "
                   f"is in, lists {titles.get(game, game)} first."
                   for language, game in sorted(single_game_languages(index.languages).items()))


def search_syntax_page(db: Path, registry: Registry, url_of: Callable[[str], str | None]) -> str:
    index = index_from_database(db)
    parts = ["# Search syntax", "",
             "Type words or a question in the search box at the top of every page, in English, Hungarian or "
             "Polish. Add filters, as in card databases, to narrow the results down. The JSON API's `search` "
             "query reads the same syntax (see [JSON API](api.md)).", "",
             "Players' words find the rulebooks' own words where the two differ; the examples below show "
             "some.", "",
             "On a game's pages the search looks in that game first; the results offer a button to search "
             "every game. Press `/` to jump to the search box.", "",
             "## Order of the results", "",
             "Results with more of your words come first; among those, words in a result's name count more "
             "than words in its text, and rare words more than common ones. Among results that fit equally "
             "well, the thing itself comes first (a piece, building, card or character), then the glossary "
             "entry that names it, then the rules that mention it (a rule's main statement before its special "
             "cases), then rulings, then worked examples and the places where the rulebooks disagree. The "
             "rulebooks and web pages we cite come after our own entries.", "",
             "Searching every game (from the home page), each game's results are found with that game's own "
             "words: a word players use for one game's pieces (\"meeple\") finds each game's own piece, not "
             "another game's entry of that name." + one_game_languages(index), "",
             "## Operators", "", table(["operator", "example", "what it does"], [[o, code(e), m] for o, e, m in OPERATORS]), "",
             "## Fields", "",
             table(["field", "what it holds", "numbers"],
                   [[code(name), description, "yes" if name in index.numeric_fields else ""]
                    for name, description in index.fields.items()]), "",
             "An entry without a field (a rule has no cost) never passes a filter on it, and always passes its "
             "negation.", ""]
    for module in registry.modules:
        if not module.search_examples:
            continue
        rows = []
        for example in module.search_examples:
            hits = index.search(example.query, game=module.game, limit=1000)
            shown = [f"[{text(h.document.title)}]({url})" if (url := url_of(h.document.id)) else text(h.document.title)
                     for h in hits[:SHOWN]]
            more = f" and {len(hits) - SHOWN} more" if len(hits) > SHOWN else ""
            rows.append([code(example.query), example.meaning, Linked(f"{len(hits)}: " + ", ".join(shown) + more)])
        title = index.documents[next(i for i, d in enumerate(index.documents) if d.id == module.game)].title
        parts += [f"## Examples: {title}", "",
                  f"As searched on {text(title)}'s pages (in the API: `game={module.game}`).", "",
                  table(["search", "finds", "results in this build"], rows), ""]
    rows = []
    for query in ERRORS:
        try:
            index.search(query)
        except QueryError as problem:
            rows.append([code(query), str(problem)])
        else:
            raise RuntimeError(f"the search syntax page shows {query!r} as an error, and it is not one")
    parts += ["## Mistakes", "",
              "A search the box cannot read says why instead of showing results; the API answers it with "
              "status 400 and the same message.", "", table(["search", "message"], rows), ""]
    return "\n".join(parts)
