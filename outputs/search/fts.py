"""The search definition in SQLite's full-text index (FTS5), for the API's paths that run in SQL:
table searches (``_search=`` on an entry table), and the ``term`` and ``rules_mentioning`` queries.

SQLite's own tokenizer neither stems nor folds ł, so the index does not store words for it to cut:
a column holds every word's keys as the Analyzer makes them (the folded word and each stem its
endings leave), and a query's MATCH expression asks for the keys of the Analyzer's terms of it. A
table search therefore meets the same words as the ranked ``search`` (``kőfejtőben`` finds
``kőfejtő`` and, through the translations, ``quarry``); only the ranking differs (SQL orders by
FTS5's bm25, or by the table's own order).

A game's own vocabulary applies to that game's rows only: the index also holds each row's game (the
``game`` column), and where the games read a query differently ("gold" is the money in the Duel and
Maharaja, a resource in Caylus) the expression says which reading holds for which game's rows.

The games' own queries that look one entry up by its name (``building``, ``character`` ...) compare
``kb_fold`` of the name typed with ``name_forms.folded`` (:func:`folded_words`): the same folding,
but a whole name, not words in any order, since they answer about that one entry.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from outputs.search.analysis import Analyzer, Term

NOTHING = '""'
"""A MATCH expression that matches no row: the query of a text without words."""
GAME_COLUMN = "game"
"""The FTS column holding a row's game id."""


def folded_words(text: str, analyzer: Analyzer | None = None) -> str:
    """The text's words folded, one space between them: ``Kő-fejtő`` -> ``ko fejto``."""
    return " ".join((analyzer or Analyzer.default()).words(text))


def keys_text(text: str, analyzer: Analyzer | None = None) -> str:
    """Every key of every word of a text, for an FTS column: what a query's keys meet."""
    analyzer = analyzer or Analyzer.default()
    keys = dict.fromkeys(key for word in analyzer.words(text) for key in sorted(analyzer.keys(word)))
    return " ".join(keys)


def _any_of(keys: Iterable[str]) -> str:
    # keys are letters and digits only (the Analyzer's words), so quoting them needs no escaping
    return "(" + " OR ".join(f'"{key}"' for key in sorted(keys)) + ")"


def _term(term: Term) -> str:
    """A word: any of its keys. A phrase of the players' vocabulary: every meaningful word of one of
    its group's phrases, each by any of its keys."""
    if not term.alternatives:
        return _any_of(term.keys)
    phrases = ["(" + " AND ".join(_any_of(keys) for keys in phrase) + ")" for phrase in term.alternatives]
    return phrases[0] if len(phrases) == 1 else "(" + " OR ".join(phrases) + ")"


def _terms(terms: list[Term]) -> str:
    return " AND ".join(_term(term) for term in terms) if terms else NOTHING


def match_expression(query: str, games: Sequence[str] = (), analyzer: Analyzer | None = None,
                     languages: Mapping[str, Iterable[str]] | None = None) -> str:
    """The FTS5 MATCH expression of a player's words: every term of the query as the ranked search
    reads it, each by any of its keys; ``NOTHING`` for a text without words.

    ``games`` are the games whose rows the index holds: a row is matched by its own game's reading of
    the query (its vocabulary and the shared one). Without them, every game's vocabulary applies to
    every row (for an index without a game column). ``languages``: game -> the languages whose
    translations apply to it (as the ranked search reads them; every language for a game not in it)."""
    analyzer = analyzer or Analyzer.default()
    if not games:
        return _terms(analyzer.query(query))
    readings: dict[str, list[str]] = {}  # expression -> the games that read the query so
    for game in games:
        spoken = languages.get(game) if languages is not None else None
        readings.setdefault(_terms(analyzer.query(query, game, spoken)), []).append(game)
    if len(readings) == 1:
        return next(iter(readings))
    return " OR ".join(f"({GAME_COLUMN} : {_any_of(of)} AND ({expression}))" for expression, of in readings.items())
