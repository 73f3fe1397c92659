"""Folding and stemming for the database's FTS5 index (table searches with ``_search=``, and the
``term`` and ``rules_mentioning`` queries). The ``search`` query and the site search use
outputs/search instead.

SQLite's unicode61 tokenizer folds most accents but not Polish ł, and has no Hungarian or Polish
stemmer. So every searchable text is stored three ways (as written, folded, stemmed) and a query is
folded and stemmed the same way.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

import snowballstemmer

# Letters without a Unicode decomposition, which NFKD leaves alone.
_EXTRA_FOLDS = str.maketrans({"ł": "l", "Ł": "l", "ø": "o", "đ": "d", "ß": "ss", "æ": "ae", "œ": "oe"})
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
# Each stem is stored with a language tag ("hu" + stem), so a Hungarian stem of the query only
# meets Hungarian stems of the text: untagged, "łaska" and "last" would share the stem "las".
LANGUAGES = {"english": "en", "hungarian": "hu", "polish": "pl"}


def fold(text: str) -> str:
    """Lower case, no diacritics, ł -> l: ``Kamieniołom`` -> ``kamieniolom``."""
    decomposed = unicodedata.normalize("NFKD", text.lower().translate(_EXTRA_FOLDS))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


@lru_cache(maxsize=None)
def _stemmer(language: str) -> snowballstemmer.stemmer:
    return snowballstemmer.stemmer(language)


@lru_cache(maxsize=65536)
def stems(word: str) -> tuple[tuple[str, str], ...]:
    """(language tag, folded stem) of one word in every language we serve."""
    out: list[tuple[str, str]] = []
    for language, tag in LANGUAGES.items():
        stem = fold(_stemmer(language).stemWord(word.lower()))
        # A stem of 3 letters or fewer joins too many unrelated words ("last", "łaska" -> "las").
        if len(stem) >= 4 or stem == fold(word):
            out.append((tag, stem))
    return tuple(out)


def folded_text(text: str) -> str:
    return " ".join(fold(w) for w in words(text))


def stemmed_text(text: str) -> str:
    """Language-tagged stems (``hukofejto``) of every word."""
    return " ".join(" ".join(tag + stem for tag, stem in stems(w)) for w in words(text))


# Stems shorter than this are matched exactly, never as prefixes: "las*" would find "last".
PREFIX_MIN = 6


def fts_query(query: str) -> str:
    """An FTS5 MATCH expression for a user's words.

    Each word matches as written (folded), through a stem of the same language (``kőfejtőben`` ->
    ``hukofejto``), or, for long stems, as the prefix of a plain word (``kamieniołomu`` ->
    ``kamieniolom*`` finds ``kamieniołom``). Words are ANDed.
    """
    clauses = []
    for word in words(query):
        options = {f'"{fold(word)}"'}
        for tag, stem in stems(word):
            long_enough = len(stem) >= PREFIX_MIN
            options.add(f'"{tag}{stem}" *' if long_enough else f'"{tag}{stem}"')
            if long_enough:
                options.add(f'"{stem}" *')
        clauses.append("(" + " OR ".join(sorted(options)) + ")")
    return " AND ".join(clauses) if clauses else '""'
