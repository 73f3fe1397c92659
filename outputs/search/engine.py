"""Ranked search over the catalog's entries, with snippets: the same for the API and the benchmark.

Filters and phrases (outputs/search/query.py) decide which entries may appear at all; the query's
plain words rank them. Ranking, most important first: how many of the query's terms an entry matches
(as a share of its game's reading of the query: one game's vocabulary may read two words as one phrase),
common words (in more than a fifth of all entries) not counted (so an entry with every word comes
first, and entries with some words follow when few have all); then a score that counts a word in the
entry's names ten times a word in its text, weighted by how rare the word is; an entry whose name is
the query itself comes first among equals; ties go by what the entry is (outputs/search/ranking.py).
Each game's entries are scored with the query as that game reads it (its players' vocabulary, the
translations of its rulebooks' languages), also when no game is chosen; a query in a language only one
game has puts that game's hits first. Filters alone list the entries they let through by title.
"""

from __future__ import annotations

import html
import math
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property

from outputs.search.analysis import Analyzer, Term
from outputs.search.filters import FilterIndex
from outputs.search.query import parse
from outputs.search.ranking import SOURCE_KINDS, entry_rank, game_languages, name_in, single_game_languages

NAME_WEIGHT, TERMS_WEIGHT, BODY_WEIGHT, BODY_TF_CAP = 10.0, 2.0, 1.0, 3
EXACT_NAME_BONUS, ALL_IN_NAMES_BONUS = 100.0, 20.0
# An entry whose name is made of the query's words is what the query is about ("artisan ability" ->
# the Artisan, "William Hamleigh takes back a material" -> his card): the share of its best-covered
# name's words that the query has, times this, is added to its score.
NAME_COVER_BONUS = 40.0
# A word found in more than this share of all entries ("player", "building") is common: it adds to
# an entry's score but not to the count of words it matches, so that missing it costs little.
# (Only in an index big enough for shares to mean something.)
COMMON_SHARE, COMMON_MIN_ENTRIES = 0.2, 100
# Entries that retell or dispute other entries mention everything their subject does: they rank
# below the entry that is the thing, at equal matches. A ruling restates what the rules it rests on
# say (or a discrepancy's decision), in a player's words: it counts as they do.
KIND_FACTOR = {"examples": 0.6, "discrepancies": 0.6, "scenarios": 0.6, "rulings": 0.6}
SNIPPET_WORDS = 28
SNIPPET_HEAD = 6
"""A match deep in a long sentence is shown after the sentence's first words and " … "."""
SHOWN_END = " ¶ "
"""In a document's body, what stands after this is searched but never shown: the snippet is drawn
from the entry's summary sentence (or its own text) before it, not from its list of facts."""
_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)
# Between two words, the end of a sentence (or of a question before its answer, " | ")
_SENTENCE_END = re.compile(r"[.!?…][\"'”’)\]]*\s|\s\|\s")


def _head(words: str) -> str:
    """A sentence's first words as they lead into " … ": without a bracket left open or a comma at the end."""
    if words.count("(") > words.count(")") and words.rfind("(") > 0:
        words = words[:words.rfind("(")]
    return words.rstrip(" ,;:")


@dataclass(frozen=True)
class Document:
    id: str
    game: str
    kind: str
    title: str
    names: str
    """Every name and surface form, in every language."""
    body: str
    name_hu: str | None = None
    name_pl: str | None = None
    terms: str = ""
    """Names, in every language, of the terms and pieces the entry's text mentions: how a Hungarian or
    Polish word finds a rule written in English."""
    facets: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Field -> values, for filters (``category:wood``)."""
    numbers: Mapping[str, tuple[float, ...]] = field(default_factory=dict)
    """Field -> numbers, for comparisons (``cost<=3``)."""
    order: int = 0
    """A rule's place within its section: the main statement comes before its edge cases."""

    @property
    def rank(self) -> int:
        """Lower first among hits of equal score (outputs/search/ranking.py)."""
        return entry_rank(self.kind, self.order)


@dataclass
class Hit:
    document: Document
    matched: int
    score: float
    snippet: str = ""
    share: float = 0.0
    """The share of the query's counted terms (as the entry's game reads the query) it matches."""
    terms: list[Term] = field(default_factory=list, repr=False)
    """The query's terms as its game's vocabulary and translations read them (for the snippet)."""

    def to_dict(self) -> dict[str, object]:
        """The hit as the API gives it: ``snippet`` as plain text with ``marks``, the [start, end) ranges
        of its matched words in characters, and ``snippet_html``, the same with <mark> (as the site shows it)."""
        d = self.document
        text, marks = plain_snippet(self.snippet)
        return {"entity_id": d.id, "kind": d.kind, "title": d.title, "name_hu": d.name_hu, "name_pl": d.name_pl,
                "game": d.game, "matched": self.matched, "score": round(self.score, 2), "snippet": text,
                "marks": marks, "snippet_html": self.snippet}


_MARKED = re.compile(r"<mark>(.*?)</mark>", re.S)


def plain_snippet(marked: str) -> tuple[str, list[list[int]]]:
    """A snippet as :meth:`SearchIndex.snippet` writes it (HTML-escaped text, matched words in <mark>)
    as plain text and the [start, end) character ranges of its marked words. The HTML form stays the
    engine's output because the site's script must write the very same; this reads it back exactly,
    since escaped text holds no "<" of its own."""
    text: list[str] = []
    marks: list[list[int]] = []
    at = length = 0
    for found in _MARKED.finditer(marked):
        before, word = html.unescape(marked[at:found.start()]), html.unescape(found.group(1))
        text += [before, word]
        length += len(before)
        marks.append([length, length + len(word)])
        length += len(word)
        at = found.end()
    text.append(html.unescape(marked[at:]))
    return "".join(text), marks


@dataclass
class _Posting:
    in_name: bool = False
    in_terms: bool = False
    body_tf: int = 0


@dataclass
class SearchIndex:
    documents: list[Document]
    analyzer: Analyzer = field(default_factory=Analyzer.default)
    fields: Mapping[str, str] = field(default_factory=dict)
    """The filter fields and what each means."""

    def __post_init__(self) -> None:
        # the entries' own words, which closed compounds split into (outputs/search/wordforms.py)
        self.analyzer = self.analyzer.with_vocabulary(
            (" | ".join((d.title, d.names, d.terms, d.body)) for d in self.documents),
            {"hu": [d.name_hu or "" for d in self.documents], "pl": [d.name_pl or "" for d in self.documents]})
        self.postings: dict[str, dict[int, _Posting]] = {}
        self.exact_names: list[set[str]] = []
        self.name_keys: list[list[tuple[frozenset[str], ...]]] = []
        for i, doc in enumerate(self.documents):
            names = [doc.title, *doc.names.split(" | ")]
            self.exact_names.append({" ".join(self.analyzer.words(n)) for n in names if n})
            self.name_keys.append(list(dict.fromkeys(
                keys for keys in (tuple(self.analyzer.keys(w) for w in self.analyzer.words(n) if self.analyzer.is_meaningful(w))
                                  for n in names) if keys)))
            for word in self.analyzer.words(" ".join(names)):
                for key in self.analyzer.keys(word):
                    self.postings.setdefault(key, {}).setdefault(i, _Posting()).in_name = True
            for word in self.analyzer.words(doc.terms):
                for key in self.analyzer.keys(word):
                    self.postings.setdefault(key, {}).setdefault(i, _Posting()).in_terms = True
            for word, count in Counter(self.analyzer.words(doc.body)).items():
                for key in self.analyzer.keys(word):
                    posting = self.postings.setdefault(key, {}).setdefault(i, _Posting())
                    posting.body_tf = max(posting.body_tf, count)
        # A name several entries of one game and kind share ("Kódex másolása" for every rule of that
        # section) is the heading over them, not the name of one: it finds them all but earns none the
        # bonus for being what the query names.
        sharing = Counter((doc.game, doc.kind, name) for doc, exact in zip(self.documents, self.exact_names) for name in exact)
        for doc, exact in zip(self.documents, self.exact_names):
            exact.difference_update({name for name in exact if sharing[(doc.game, doc.kind, name)] > 1})
        self.games = sorted({doc.game for doc in self.documents})
        self.languages = game_languages(self.documents)

    @cached_property
    def _language_words(self) -> dict[str, tuple[str, frozenset[str]]]:
        """For each language only one game has: that game, and the words of the language (its
        translation table's forms and the words of that game's names in it)."""
        out = {}
        for language, game in single_game_languages(self.languages).items():
            named = (name_in(d, language) or "" for d in self.documents if d.game == game)
            words = set(self.analyzer.translations.get(language, {})).union(*(self.analyzer.words(n) for n in named))
            out[language] = (game, frozenset(words))
        return out

    def language_game(self, text: str) -> str | None:
        """The game a query's language points to: a word of a language only one game has (Polish:
        only Caylus has a Polish rulebook) that is no other language's form and no word of another
        game's entries."""
        words = [w for w in self.analyzer.words(text) if self.analyzer.is_meaningful(w)]
        for language, (game, known) in sorted(self._language_words.items()):
            others = [table for other, table in self.analyzer.translations.items() if other != language]
            for word in words:
                if word in known and not any(word in table for table in others) and all(
                        self.documents[doc].game == game for doc in self.postings.get(word, {})):
                    return game
        return None

    @cached_property
    def numeric_fields(self) -> frozenset[str]:
        return frozenset(name for doc in self.documents for name in doc.numbers)

    @cached_property
    def filters(self) -> FilterIndex:
        def has_word(word: str) -> set[int]:
            return set(self._matches(Term(word, self.analyzer.keys(word))))
        return FilterIndex(self.analyzer, [d.facets for d in self.documents], [d.numbers for d in self.documents],
                           [" | ".join((d.title, d.names, d.terms, d.body)) for d in self.documents], has_word)

    def _matches(self, term: Term) -> dict[int, _Posting]:
        if term.alternatives:
            return self._phrase_matches(term.alternatives)
        found: dict[int, _Posting] = {}
        for key in term.keys:
            for doc, posting in self.postings.get(key, {}).items():
                best = found.setdefault(doc, _Posting())
                best.in_name |= posting.in_name
                best.in_terms |= posting.in_terms
                best.body_tf = max(best.body_tf, posting.body_tf)
        return found

    def _phrase_matches(self, alternatives: tuple[tuple[frozenset[str], ...], ...]) -> dict[int, _Posting]:
        """Entries with every word of one of a vocabulary group's phrases: in the names when a name has
        them in a row, in the linked terms when every word is in either, in the text as often as its
        rarest word (at least once when every word is somewhere)."""
        found: dict[int, _Posting] = {}
        for phrase in alternatives:
            by_word = [self._matches(Term("", keys)) for keys in phrase]
            for doc in set(by_word[0]).intersection(*by_word[1:]):
                postings = [found_word[doc] for found_word in by_word]
                best = found.setdefault(doc, _Posting())
                best.in_name |= all(p.in_name for p in postings) and self._name_has_phrase(doc, phrase)
                best.in_terms |= all(p.in_name or p.in_terms for p in postings)
                best.body_tf = max(best.body_tf, min(p.body_tf or 1 for p in postings))
        return found

    def _name_has_phrase(self, doc: int, phrase: tuple[frozenset[str], ...]) -> bool:
        """One of the entry's names has the phrase's words in a row (its meaningful words, that is)."""
        return any(any(all(name[start + j] & keys for j, keys in enumerate(phrase)) for start in range(len(name) - len(phrase) + 1))
                   for name in self.name_keys[doc])

    def search(self, query: str, game: str | None = None, kinds: Iterable[str] = (), limit: int = 10) -> list[Hit]:
        """The best ``limit`` entries for a query (raises :class:`QueryError` for a malformed one)."""
        return self.page(query, game, kinds, limit)[0]

    def page(self, query: str, game: str | None = None, kinds: Iterable[str] = (), limit: int = 10,
             offset: int = 0) -> tuple[list[Hit], int]:
        """Hits ``offset`` to ``offset + limit`` of a query, with their snippets, and the number of hits in
        all (raises :class:`QueryError` for a malformed query)."""
        parsed = parse(query, self.fields, self.numeric_fields)
        allowed = self.filters.allowed(parsed.groups) if parsed.groups else None
        wanted_kinds = set(kinds)
        # each game's query: its own vocabulary and its languages' translations, also over all games
        by_game = {g: self.analyzer.query(parsed.words, g, self.languages.get(g, frozenset())) for g in ([game] if game else self.games)}
        by_game = {g: terms for g, terms in by_game.items() if terms}
        if not by_game:
            listed = self._listing(allowed, game, wanted_kinds) if allowed is not None else []
            for hit in listed[offset:offset + limit]:
                hit.snippet = self.snippet(hit.document.body, [])
            return listed[offset:offset + limit], len(listed)
        found_cache: dict[Term, dict[int, _Posting]] = {}
        hits = [hit for g, terms in by_game.items() for hit in self._scored(terms, g, wanted_kinds, allowed, found_cache)]
        preferred = None if game else self.language_game(parsed.words)
        # at equal matches, our entries before source records; at equal scores, by what the entry is;
        # equal scores and titles (two games' cards of one name) fall back to the id, as the site's script does
        hits.sort(key=lambda h: (h.document.game != preferred, -h.share, h.document.kind in SOURCE_KINDS, -h.score,
                                 h.document.rank, h.document.title, h.document.id))
        for hit in hits[offset:offset + limit]:
            hit.snippet = self.snippet(hit.document.body, hit.terms)
        return hits[offset:offset + limit], len(hits)

    def _scored(self, terms: list[Term], game: str, kinds: set[str], allowed: set[int] | None,
                found_cache: dict[Term, dict[int, _Posting]]) -> list[Hit]:
        """The hits among one game's entries, scored with the query's terms as that game reads them."""
        total = len(self.documents)
        matched: Counter[int] = Counter()
        score: dict[int, float] = {}
        in_names: Counter[int] = Counter()
        found_by_term = [found_cache[term] if term in found_cache else found_cache.setdefault(term, self._matches(term))
                         for term in terms]
        common = [total >= COMMON_MIN_ENTRIES and len(found) > COMMON_SHARE * total for found in found_by_term]
        if all(common):
            common = [False] * len(terms)
        for term, found, is_common in zip(terms, found_by_term, common):
            idf = math.log(1 + total / (1 + len(found)))
            for doc, posting in found.items():
                if self.documents[doc].game != game:
                    continue
                matched[doc] += not is_common
                in_names[doc] += posting.in_name
                score[doc] = score.get(doc, 0.0) + idf * (NAME_WEIGHT * posting.in_name + TERMS_WEIGHT * posting.in_terms
                                     + BODY_WEIGHT * min(posting.body_tf, BODY_TF_CAP))
        # one game's vocabulary reads two words as one phrase, another's as two words: over all games,
        # hits compare by the share of their game's counted terms they match
        counted = max(1, len(terms) - sum(common))
        phrase = " ".join(t.word for t in terms)
        query_keys = frozenset().union(*(t.keys for t in terms))
        hits = []
        for doc, count in matched.items():
            document = self.documents[doc]
            if (kinds and document.kind not in kinds) or (allowed is not None and doc not in allowed):
                continue
            bonus = (EXACT_NAME_BONUS * (phrase in self.exact_names[doc]) + ALL_IN_NAMES_BONUS * (in_names[doc] == len(terms))
                     + NAME_COVER_BONUS * (in_names[doc] and self._name_cover(doc, query_keys)))
            hits.append(Hit(document, count, (score[doc] + bonus) * KIND_FACTOR.get(document.kind, 1.0), terms=terms,
                            share=count / counted))
        return hits

    def _name_cover(self, doc: int, query_keys: frozenset[str]) -> float:
        """The largest share of one of the entry's names whose words the query has."""
        return max((sum(bool(keys & query_keys) for keys in name) / len(name) for name in self.name_keys[doc]), default=0.0)

    def _listing(self, allowed: set[int], game: str | None, kinds: set[str]) -> list[Hit]:
        """Filters alone: the entries they let through, by title (without snippets)."""
        documents = [self.documents[i] for i in allowed]
        chosen = sorted((d for d in documents if (not game or d.game == game) and (not kinds or d.kind in kinds)),
                        key=lambda d: (d.title.casefold(), d.id))
        return [Hit(d, 0, 0.0) for d in chosen]

    def _marked_keys(self, terms: list[Term], present: set[str]) -> set[str]:
        """The keys a snippet marks: a word's own; for a vocabulary phrase, the words the player typed
        and the group's phrases whose every word the text has ("player" alone is not "first player")."""
        keys: set[str] = set()
        for term in terms:
            if not term.alternatives:
                keys |= term.keys
                continue
            keys = keys.union(*(self.analyzer.keys(w) for w in term.word.split() if self.analyzer.is_meaningful(w)))
            for phrase in term.alternatives:
                if all(word & present for word in phrase):
                    keys = keys.union(*phrase)
        return keys

    def snippet(self, text: str, terms: list[Term]) -> str:
        """Whole sentences of the entry's shown text (before ``SHOWN_END``), from the one with its first
        matched word, matched words marked with <mark> (everything else HTML-escaped): the query's own
        words, and the words of the phrases its vocabulary phrases found. A sentence longer than the
        snippet is cut with " …"; one whose match lies far in shows its first words, " … ", then the match."""
        text = text.split(SHOWN_END, 1)[0]
        tokens = list(_TOKEN.finditer(text))
        if not tokens:
            return ""
        token_keys = [self.analyzer.keys(self.analyzer.fold(m.group())) for m in tokens]
        keys = self._marked_keys(terms, set().union(*token_keys))
        hits = [i for i, found in enumerate(token_keys) if found & keys]
        anchor = hits[0] if hits else 0
        # token index -> where its sentence begins (an opening quote included), for every sentence start
        starts: dict[int, int] = {0: 0}
        for i in range(1, len(tokens)):
            found = _SENTENCE_END.search(text, tokens[i - 1].end(), tokens[i].start())
            if found and unicodedata.category(tokens[i].group()[0]) != "Ll":
                starts[i] = found.end()
        first = max(s for s in starts if s <= anchor)
        head = ""
        if anchor - first >= SNIPPET_WORDS * 2 // 3:  # the match is deep in a long sentence: its start, " … ", the match
            head = html.escape(_head(text[starts[first]:tokens[first + SNIPPET_HEAD - 1].end()])) + " … "
            first = anchor - SNIPPET_WORDS // 3
            last = min(len(tokens), first + SNIPPET_WORDS - SNIPPET_HEAD)
        else:
            last = min(len(tokens), first + SNIPPET_WORDS)
        start = starts.get(first, tokens[first].start())
        if last < len(tokens):
            ends = [s for s in starts if anchor < s <= last]
            if ends:  # stop after the last whole sentence that fits
                last = ends[-1]
                end, tail = len(text[:starts[last]].rstrip(" |")), ""
            else:
                end, tail = tokens[last - 1].end(), " …"
        else:
            end, tail = len(text), ""
        out, at = [], start
        for i in hits:
            if first <= i < last:
                m = tokens[i]
                out += [html.escape(text[at:m.start()]), "<mark>", html.escape(m.group()), "</mark>"]
                at = m.end()
        out.append(html.escape(text[at:end]))
        return head + "".join(out) + tail
