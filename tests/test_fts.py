"""The FTS5 paths (table searches, ``term``, ``rules_mentioning``) read text and queries by the one
search definition: the index holds the Analyzer's keys, a query asks for the keys of its terms, so
SQL finds what the ranked search finds."""

from __future__ import annotations

import sqlite3

import pytest

from outputs.search import Analyzer, Document, SearchIndex
from outputs.search.fts import NOTHING, folded_words, keys_text, match_expression


@pytest.mark.parametrize("text, folded", [
    ("Kamieniołom", "kamieniolom"),
    ("ŁASKA", "laska"),
    ("Kőfejtő", "kofejto"),
    ("zarządca", "zarzadca"),
    ("Église", "eglise"),
    ("plain", "plain"),
])
def test_fold(text: str, folded: str) -> None:
    assert Analyzer.default().fold(text) == folded
    assert folded_words(text) == folded


def test_folded_words_split_on_what_is_not_a_letter() -> None:
    assert folded_words("Kő-fejtő (Kamieniołom)") == "ko fejto kamieniolom"


def matching(documents: list[str], query: str, index: SearchIndex | None = None) -> set[int]:
    """The documents (by number) ``query`` finds when both go through the index's keys (read as the
    ranked ``index`` reads them for its one game, when given)."""
    conn = sqlite3.connect(":memory:")
    conn.execute("create virtual table t using fts5(keys, tokenize='unicode61 remove_diacritics 2')")
    analyzer = index.analyzer if index else None
    conn.executemany("insert into t (rowid, keys) values (?, ?)", [(i, keys_text(d, analyzer)) for i, d in enumerate(documents)])
    expression = match_expression(query, index.games, analyzer, index.languages) if index else match_expression(query)
    return {row[0] for row in conn.execute("select rowid from t where t match ?", (expression,))}


def match(document: str, query: str) -> bool:
    return matching([document], query) == {0}


@pytest.mark.parametrize("document, query", [
    ("kőfejtő", "kőfejtőben"),
    ("intéző", "intézőt"),
    ("udvarnagy", "udvarnagyot"),
    ("Kamieniołom", "kamieniolom"),
    ("kamieniołom", "kamieniołomu"),
    ("królewska łaska", "łaski"),
    ("burmistrz", "burmistrza"),
    ("quarry", "quarries"),
])
def test_inflected_and_unaccented_queries_match(document: str, query: str) -> None:
    assert match(document, query)


@pytest.mark.parametrize("document, query", [("kőbánya", "tornapálya"), ("łaska", "last"), ("burmistrz", "bank")])
def test_unrelated_words_do_not_match(document: str, query: str) -> None:
    assert not match(document, query)


def test_a_hungarian_word_finds_the_english_word_its_translation_gives() -> None:
    assert match("The quarry produces stone", "kőfejtőben")


def test_every_word_must_match_and_stop_words_are_dropped() -> None:
    documents = ["the gold mine", "a mine of stone", "gold and stone"]
    assert matching(documents, "gold mine") == {0}
    assert matching(documents, "what is the mine") == {0, 1}


def test_a_phrase_of_the_players_vocabulary_finds_the_rulebooks_words() -> None:
    """"Who goes first" is one term of the Duel's vocabulary: it finds "power holder" (every word of
    one of its group's phrases), as the ranked search does."""
    analyzer = Analyzer.default()
    phrases = [t for t in analyzer.query("who goes first") if t.alternatives]
    assert phrases, "the vocabulary no longer has 'goes first'"
    assert match("The power holder takes the first turn", "who goes first")
    assert not match("The power of the holy", "who goes first")


def test_query_of_only_punctuation_matches_nothing() -> None:
    assert match_expression("?!") == NOTHING
    assert not match("anything", "?!")


QUERIES = ["quarries", "kőfejtőben", "gold mine", "kamieniołomu", "who goes first", "łaski", "stone worker",
           "intézőt", "not build", "3 deniers", "palotát", "castle", "xylophonequartz"]


def test_sql_finds_exactly_the_entries_the_ranked_search_finds_with_every_word() -> None:
    """On a small index (where no word is common), the FTS path's rows are the ranked search's hits
    that match every term of the query."""
    texts = [("quarry", "The quarry: take a stone cube."), ("kőfejtő", "Kőfejtőben egy követ kapsz."),
             ("Gold mine", "Take a gold cube from the mine."), ("Kamieniołom", "Weź kamień z kamieniołomu."),
             ("Power holder", "The power holder takes the first turn."), ("Królewska łaska", "Łaska króla: 3 denary."),
             ("Stonemason", "A worker who builds in stone."), ("Provost", "Intéző: move the provost."),
             ("Castle", "Build in the castle; if you do not build, lose 2 prestige."),
             ("Palace", "A palota három pénzbe kerül; 3 deniers.")]
    # the game has Hungarian and Polish names, so both languages' translations apply to it, as they
    # do to every row in SQL without a game column
    named = {"kőfejtő": {"name_hu": "kőfejtő"}, "Kamieniołom": {"name_pl": "Kamieniołom"}}
    documents = [Document(str(i), "g", "k", title, title, body, **named.get(title, {}))  # type: ignore[arg-type]
                 for i, (title, body) in enumerate(texts)]
    index = SearchIndex(documents)
    assert index.languages["g"] == {"hu", "pl"}
    for query in QUERIES:
        every_word = {int(h.document.id) for h in index.search(query, limit=100)
                      if h.matched == len(index.analyzer.query(query, "g", index.languages["g"]))}
        assert matching([f"{title} | {title} | {body}" for title, body in texts], query, index) == every_word, query


def test_a_games_own_vocabulary_applies_to_its_rows_only() -> None:
    """"Gold" is the money in the Duel (its vocabulary says so), a resource in Caylus: a Duel row about
    money is found, a Caylus one is not; a row with the word itself is found in either game."""
    rows = [("caylus", "take a gold cube"), ("caylus", "pay money to the bank"), ("duel", "pay money to the bank"),
            ("duel", "gold")]
    conn = sqlite3.connect(":memory:")
    conn.execute("create virtual table t using fts5(keys, game, tokenize='unicode61 remove_diacritics 2')")
    conn.executemany("insert into t (rowid, keys, game) values (?, ?, ?)",
                     [(i, keys_text(text), game) for i, (game, text) in enumerate(rows)])
    expression = match_expression("gold", ("caylus", "duel"))
    assert {r[0] for r in conn.execute("select rowid from t where t match ?", (expression,))} == {0, 2, 3}
    # where every game reads the query alike, the expression names no game
    assert match_expression("quarries", ("caylus", "duel")) == match_expression("quarries")
