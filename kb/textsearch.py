"""Folding and stemming shared by the database index, the Datasette query function and the site.

SQLite's unicode61 tokenizer folds most accents but not Polish ł, and has no Hungarian or Polish
stemmer; lunr on the site has no diacritic folding and no Polish. So every searchable text is
stored three ways (as written, folded, stemmed) and a query is folded and stemmed the same way.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

import snowballstemmer

# Letters without a Unicode decomposition, which NFKD leaves alone.
_EXTRA_FOLDS = str.maketrans({"ł": "l", "Ł": "l", "ø": "o", "đ": "d", "ß": "ss", "æ": "ae", "œ": "oe"})
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
LANGUAGES = ("english", "hungarian", "polish")


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
def stems(word: str) -> tuple[str, ...]:
    """Folded stems of one word in every language we serve, without repeats."""
    out: list[str] = []
    for language in LANGUAGES:
        stem = fold(_stemmer(language).stemWord(word.lower()))
        if len(stem) >= 2 and stem not in out:
            out.append(stem)
    return tuple(out)


def folded_text(text: str) -> str:
    return " ".join(fold(w) for w in words(text))


def stemmed_text(text: str) -> str:
    return " ".join(" ".join(stems(w)) for w in words(text))


def fts_query(query: str) -> str:
    """An FTS5 MATCH expression for a user's words: each word as written, folded, or stemmed.

    Words are ANDed; the alternatives of one word are ORed, and stems match as prefixes so that
    an inflected query (``kőfejtőben``) finds the base form (``kőfejtő``).
    """
    clauses = []
    for word in words(query):
        options = {f'"{fold(word)}"'}
        # Short stems as prefixes would match unrelated words ("las" for "łaska"): keep those exact.
        options.update(f'"{stem}" *' if len(stem) >= 4 else f'"{stem}"' for stem in stems(word))
        clauses.append("(" + " OR ".join(sorted(options)) + ")")
    return " AND ".join(clauses) if clauses else '""'
