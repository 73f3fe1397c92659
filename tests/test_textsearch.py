"""Folding and stemming: the same functions index the data and read the query."""

from __future__ import annotations

import sqlite3

import pytest

from outputs.textsearch import fold, fts_query, stemmed_text


@pytest.mark.parametrize("text, folded", [
    ("Kamieniołom", "kamieniolom"),
    ("ŁASKA", "laska"),
    ("Kőfejtő", "kofejto"),
    ("zarządca", "zarzadca"),
    ("Église", "eglise"),
    ("plain", "plain"),
])
def test_fold(text: str, folded: str) -> None:
    assert fold(text) == folded


def match(document: str, query: str) -> bool:
    """Does ``query`` find ``document`` when both go through the index's folding and stemming?"""
    conn = sqlite3.connect(":memory:")
    conn.execute("create virtual table t using fts5(raw, folded, stemmed, tokenize='unicode61 remove_diacritics 2')")
    conn.execute("insert into t values (?, ?, ?)", (document, fold(document), stemmed_text(document)))
    return bool(conn.execute("select count(*) from t where t match ?", (fts_query(query),)).fetchone()[0])


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


def test_query_of_only_punctuation_matches_nothing() -> None:
    assert fts_query("?!") == '""'
    assert not match("anything", "?!")
