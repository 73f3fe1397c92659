"""Search results read as sentences (issue 28, "snippets are sentences"): every kind of every game is
searched by the name of one of its entries, through the API and through the site's own search script,
and every snippet that comes back is a sentence (or whole sentences) in words: a capital first, an
end mark last, no "key value · key value" list, no entry id. Every entry's summary is one too."""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
from pathlib import Path
from urllib.parse import quote

import pytest

from catalog import Catalog
from kb.serve import datasette_app
from outputs.search import index_from_database
from snippets import data_words, sentence_problems

ROOT = Path(__file__).resolve().parent.parent


def one_entry_per_kind(db: Path) -> dict[tuple[str, str], tuple[str, str]]:
    """(game, kind) -> (entry id, its English title): the first entry of each kind of each game."""
    conn = sqlite3.connect(db)
    try:
        rows = conn.execute("select game, kind, entity_id, title from search where title is not null order by rowid").fetchall()
    finally:
        conn.close()
    chosen: dict[tuple[str, str], tuple[str, str]] = {}
    for game, kind, entity, title in rows:
        chosen.setdefault((game, kind), (entity, title))
    return chosen


def problems_of(hits: list[tuple[str, str]], wanted: str, query: str) -> list[str]:
    """What is wrong with a query's hits: the wanted entry missing, a snippet that is no sentence, or
    the wanted entry's snippet showing words as the data writes them."""
    found = dict(hits)
    if wanted not in found:
        return [f"{query!r}: {wanted} is not among the hits"]
    out = [f"{query!r} -> {entity}: {problem} ({snippet[:90]!r})"
           for entity, snippet in hits for problem in sentence_problems(snippet)]
    out += [f"{query!r} -> {wanted}: shows {word!r}" for word in data_words(found[wanted])]
    return out


def test_every_kind_of_every_game_is_searched(built, catalog: Catalog) -> None:  # type: ignore[no-untyped-def]
    searched = set(one_entry_per_kind(built.build / "kb.db"))
    kinds = {(loc.entry.game, loc.kind.key) for loc in catalog.entries.values()}
    assert searched == kinds and len(kinds) > 60


async def test_the_apis_snippets_are_sentences_for_every_kind(built) -> None:  # type: ignore[no-untyped-def]
    datasette = datasette_app(built)
    wrong: list[str] = []
    for (game, kind), (entity, title) in sorted(one_entry_per_kind(built.build / "kb.db").items()):
        response = await datasette.client.get(f"/kb/search.json?q={quote(title)}&game={game}&limit=100&_shape=array")
        assert response.status_code == 200, response.text[:300]
        wrong += problems_of([(row["entity_id"], row["snippet"]) for row in response.json()], entity, title)
    assert not wrong, "\n".join(wrong[:20])


def test_the_sites_snippets_are_sentences_for_every_kind(built) -> None:  # type: ignore[no-untyped-def]
    node = shutil.which("node")
    assert node, "Node.js runs the site's search script in this test"
    chosen = sorted(one_entry_per_kind(built.build / "kb.db").items())
    queries = [[title, game] for (game, _), (_, title) in chosen]
    result = subprocess.run([node, str(ROOT / "tests" / "js" / "run_search.js"), str(built.site / "javascripts" / "kb-search.js"),
                             str(built.site / "search" / "index.json")], input=json.dumps(queries),
                            capture_output=True, text=True, check=True)
    wrong: list[str] = []
    for ((_, _), (entity, title)), hits in zip(chosen, json.loads(result.stdout)):
        wrong += problems_of([(h[0], h[1]) for h in hits], entity, title)
    assert not wrong, "\n".join(wrong[:20])


def test_every_entrys_summary_is_a_sentence(built) -> None:  # type: ignore[no-untyped-def]
    """What a result shows when no word of the query is in its text (a name matched): its summary's
    first sentences."""
    index = index_from_database(built.build / "kb.db")
    wrong = [f"{d.id}: {problem} ({d.body[:90]!r})" for d in index.documents
             for problem in sentence_problems(index.snippet(d.body, []))]
    assert not wrong, "\n".join(wrong[:20])


@pytest.mark.parametrize("snippet, problem", [
    ("gold 12 · per <mark>palace</mark> · payer player", "not a capital"),
    ("Deck A · card type text · count 1", "' · '"),
    ("Take 3 deniers", "not . ! ? or …"),
    ("See caylus.phase2.placement-cost.", "an id"),
])
def test_the_check_catches_a_field_list(snippet: str, problem: str) -> None:
    assert any(problem in p for p in sentence_problems(snippet))
    assert not sentence_problems("Sell up to 4 <mark>wool</mark> for 7 gold each.")
