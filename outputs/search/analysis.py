"""Text and queries cut into search keys, by the one definition in definition.json.

A key is a folded word (lower case, no accents, ł as l) or a stem of it: the word with one listed
suffix of any of our languages removed, as long as ``min_stem`` letters remain. A text and a query
meet where their keys do, so "kamieniołomie" finds "kamieniołom" and "palotát" finds "palota"
without word forms generated into the pages. Endings that change the stem before them (Hungarian
"építésszel", Polish "karcie") and closed compounds ("uralkodókártya" for the catalog's
"uralkodó-kártya") follow the definition's rules, described in outputs/search/wordforms.py. Where
players and rulebooks use different words, the players' vocabulary (vocabulary.json, groups of
phrases per game) makes the player's phrase one term that finds the rulebook's ("who goes first"
finds the Duel's "power holder"). The site's search script reads the same definition, and the
database's full-text indexes hold these keys (fts.py).
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from outputs.search.wordforms import Alternations, Compounds, own_words

DEFINITION = Path(__file__).with_name("definition.json")
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
# Words folded and cut into keys are remembered (the catalog's vocabulary is some tens of thousands of
# words), up to a bound, so that a client sending endless new words cannot grow the server's memory.
CACHED_WORD, CACHED_WORDS = 40, 200_000
TRANSLATED_KEY = 4
"""A typed form the translation tables do not list takes the translation of a form its endings
leave, if that form has at least this many letters (shorter ones are often other words)."""


@dataclass(frozen=True)
class Term:
    """One word of a query: as typed (folded), and the keys that find it. A phrase of the players'
    vocabulary ("goes first") is one term: it finds an entry that has every word of one of its
    group's phrases ("power holder"), and ``keys`` are all those words' keys (for marks in snippets)."""

    word: str
    keys: frozenset[str]
    alternatives: tuple[tuple[frozenset[str], ...], ...] = ()
    """For a vocabulary phrase: each phrase of its group, as the keys of its meaningful words."""


class Analyzer:
    def __init__(self, definition: dict[str, Any]):
        self.definition = definition
        self.folds = str.maketrans(definition["extra_folds"])
        self.min_stem: int = definition["min_stem"]
        self.suffixes = sorted({s for lang in definition["suffixes"].values() for s in lang}, key=len)
        self.alternations = Alternations(definition.get("alternations", []), self.min_stem)
        self.compounds: Compounds | None = None
        """Set by :meth:`with_vocabulary`: without a vocabulary, no word splits."""
        self.stop_words = {w for lang in definition["stop_words"].values() for w in lang}
        # per language: a Hungarian or Polish word -> the English words of our rules that mean it
        self.translations: dict[str, dict[str, tuple[str, ...]]] = {}
        # per language: forms of several words ("véget ér", "kończy się") -> English words, read as one
        self.phrase_translations: dict[str, dict[tuple[str, ...], tuple[str, ...]]] = {}
        for language, lemmas in definition.get("translations", {}).items():
            table = self.translations.setdefault(language, {})
            phrase_table = self.phrase_translations.setdefault(language, {})
            for lemma in lemmas.values():
                english = tuple(self.fold(w) for w in lemma["en"])
                for form in lemma["forms"]:
                    typed = self.fold(form)
                    if " " not in typed:
                        table[typed] = tuple(dict.fromkeys(table.get(typed, ()) + english))
                    elif words := tuple(self.words(form)):
                        phrase_table[words] = tuple(dict.fromkeys(phrase_table.get(words, ()) + english))
        self.synonyms: dict[str, tuple[str, ...]] = {}
        for group in definition["synonyms"]:
            folded = tuple(self.fold(w) for w in group)
            for word in folded:
                self.synonyms[word] = tuple(w for w in folded if w != word)
        # the players' vocabulary: groups of phrases that mean one thing in a game ("goes first",
        # "power holder" in the Duel), or in any game (game None)
        self.phrase_groups: list[tuple[str | None, tuple[tuple[str, ...], ...]]] = [
            (group["game"], tuple(p for p in (tuple(self.words(phrase)) for phrase in group["phrases"]) if p))
            for group in definition.get("vocabulary", [])]
        self._phrases_by_first: dict[str, list[tuple[tuple[str, ...], int]]] = {}
        for number, (_, phrases) in enumerate(self.phrase_groups):
            for phrase in phrases:
                self._phrases_by_first.setdefault(phrase[0], []).append((phrase, number))

    @classmethod
    def default(cls) -> Analyzer:
        return _default()

    def with_vocabulary(self, texts: Iterable[str], names: Mapping[str, Iterable[str]]) -> Analyzer:
        """An analyzer of this definition that splits compounds into the words of ``texts`` (the
        indexed entries' texts); ``names``: language -> the entries' names in it."""
        analyzer = Analyzer(self.definition)
        vocabulary = {w for text in texts for w in analyzer.words(text)}
        settings = self.definition.get("compounds")
        if settings:
            own = own_words(self.definition, settings["languages"], names, analyzer.words)
            analyzer.compounds = Compounds(settings, vocabulary, own, analyzer.plain_keys, analyzer.is_meaningful,
                                           set(analyzer.suffixes))
        return analyzer

    def fold(self, text: str) -> str:
        found = self._fold_cache.get(text)
        if found is None:
            decomposed = unicodedata.normalize("NFKD", text.lower().translate(self.folds))
            found = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
            if len(text) <= CACHED_WORD and len(self._fold_cache) < CACHED_WORDS:
                self._fold_cache[text] = found
        return found

    @cached_property
    def _fold_cache(self) -> dict[str, str]:
        """Folded words: snippets fold every word of twenty entries' texts for each query."""
        return {}

    def words(self, text: str) -> list[str]:
        """Folded words of a text, in order."""
        return [self.fold(w) for w in _WORD.findall(text)]

    @cached_property
    def _keys_cache(self) -> dict[str, frozenset[str]]:
        return {}

    def keys(self, word: str) -> frozenset[str]:
        """The keys of one folded word: its :meth:`plain_keys`, and for an indexed closed compound
        its parts' keys as well."""
        found = self._keys_cache.get(word)
        if found is None:
            found = self.plain_keys(word)
            if self.compounds is not None and word in self.compounds.parts_keys:
                found |= self.compounds.parts_keys[word]
            if len(self._keys_cache) < CACHED_WORDS:
                self._keys_cache[word] = found
        return found

    def plain_keys(self, word: str) -> frozenset[str]:
        """The word itself, each stem its suffixes leave, and the base forms its ending hides."""
        out = {word, *self.alternations.bases(word)}
        for suffix in self.suffixes:
            if word.endswith(suffix) and len(word) - len(suffix) >= self.min_stem:
                out.add(word[: -len(suffix)])
        return frozenset(out)

    def phrase_keys(self, phrase: tuple[str, ...]) -> list[tuple[frozenset[str], ...]]:
        """A vocabulary phrase as the keys of its meaningful words, and once more for each way one of
        its closed compounds splits, with the parts as words of their own ("kezdőjátékos" is also
        "kezdő játékos"), never as either part alone."""
        words = [w for w in phrase if self.is_meaningful(w)]
        if not words:
            return []
        plain = [self.plain_keys(w) for w in words]
        out = [tuple(plain)]
        for at, word in enumerate(words):
            for first, rest in self.compounds.splits(word) if self.compounds is not None else ():
                out.append((*plain[:at], self.plain_keys(first), self.plain_keys(rest), *plain[at + 1:]))
        return out

    def compound_term(self, term: Term) -> Term:
        """A query word that splits into the vocabulary's words as one term that asks for the word
        itself or for both its parts (like a vocabulary phrase), not for either part alone: a
        "szegénységkártya" is no card of any kind. Other terms, and words that mean others (synonyms,
        translations), are kept as they are."""
        if self.compounds is None or term.alternatives or term.keys != self.keys(term.word):
            return term
        splits = self.compounds.splits(term.word)
        if not splits:
            return term
        alternatives = ((self.plain_keys(term.word),), *((self.plain_keys(p), self.plain_keys(r)) for p, r in splits))
        return Term(term.word, frozenset().union(*(k for alternative in alternatives for k in alternative)), alternatives)

    def is_meaningful(self, word: str) -> bool:
        """Not a stop word, and not one letter unless a digit."""
        return word not in self.stop_words and (len(word) > 1 or word.isdigit())

    def query(self, text: str, game: str | None = None, languages: Iterable[str] | None = None) -> list[Term]:
        """The query's terms: its vocabulary phrases (those of ``game`` and of any game; of every game
        when it is None), then its other words, stop words and one-letter words dropped (unless nothing
        else is left), each word with its own keys, those of its synonyms and those of its translations
        from ``languages`` (every language when None: a game's search passes the languages it has)."""
        tables = [table for language, table in self.translations.items() if languages is None or language in languages]
        phrase_tables = [table for language, table in self.phrase_translations.items() if languages is None or language in languages]
        phrases, rest = self._vocabulary_phrases(self.words(text), game)
        translated, rest = self._translated_phrases([w for w in dict.fromkeys(rest) if w not in {t.word for t in phrases}], phrase_tables)
        words = rest
        meaningful = [w for w in words if self.is_meaningful(w)]
        out = phrases + translated
        plain: list[Term] = []
        for word in meaningful or ([] if out else words):
            keys = set(self.keys(word))
            for other in (*self.synonyms.get(word, ()), *self._translation(word, tables)):
                keys |= self.keys(other)
            plain.append(Term(word, frozenset(keys)))
        i = 0
        while i < len(plain):
            joined = self.joined(plain[i].word, plain[i + 1].word) if i + 1 < len(plain) else None
            if joined is None:
                out.append(self.compound_term(plain[i]))
                i += 1
                continue
            first, second = plain[i], plain[i + 1]
            alternatives = ((self.plain_keys(joined),), (first.keys, second.keys))
            out.append(Term(f"{first.word} {second.word}", first.keys | second.keys | self.plain_keys(joined), alternatives))
            i += 2
        return out

    def joined(self, first: str, second: str) -> str | None:
        """Two words typed apart or with a hyphen ("palota kert", "személy-kártya") that the catalog
        writes as one closed compound ("palotakert"): the closed word, when one of its keys is a key of
        a vocabulary word and one of the typed words is a word of a language's own (so English words
        stay apart). The pair is
        then one term that asks for the closed word or for both words."""
        if self.compounds is None:
            return None
        joined = first + second
        if not joined.isalpha():
            return None
        own = self.compounds.own_words
        if not (self.plain_keys(first) & own or self.plain_keys(second) & own):
            return None
        return joined if self.plain_keys(joined) & self._closed_keys else None

    @cached_property
    def _closed_keys(self) -> frozenset[str]:
        """The keys, long enough to be a compound's, of the vocabulary's words (so "nyersanyag-jelzők"
        finds the catalog's "nyersanyagjelzőt" through "nyersanyagjelző")."""
        if self.compounds is None:
            return frozenset()
        shortest = self.compounds.first_part + self.compounds.rest
        return frozenset(k for w in self.compounds.vocabulary if len(w) >= shortest for k in self.plain_keys(w) if len(k) >= shortest)

    def _translation(self, word: str, tables: list[dict[str, tuple[str, ...]]]) -> list[str]:
        """The English words the translation tables give a typed word: for its own form if they list
        it, otherwise for the forms its endings leave ("arannyal" -> "arany" -> gold), so that an
        ending the tables do not list still finds the rules written in English."""
        found = [english for table in tables for english in table.get(word, ())]
        if found:
            return found
        return [english for key in sorted(self.plain_keys(word)) if key != word and len(key) >= TRANSLATED_KEY
                for table in tables for english in table.get(key, ())]

    def _translated_phrases(self, words: list[str], tables: list[dict[tuple[str, ...], tuple[str, ...]]]) -> tuple[list[Term], list[str]]:
        """The translation tables' forms of several words in the query (the longest at each place), each
        as one term with its English words' keys, and the words left over: "ér" alone is "worth", "véget
        ér" is "ends"."""
        longest = max((len(phrase) for table in tables for phrase in table), default=0)
        found: list[Term] = []
        rest: list[str] = []
        i = 0
        while i < len(words):
            for length in range(min(longest, len(words) - i), 1, -1):
                phrase = tuple(words[i:i + length])
                english = [e for table in tables for e in table.get(phrase, ())]
                if english:
                    keys = set().union(*(self.keys(w) for w in phrase if self.is_meaningful(w)), *(self.keys(e) for e in english))
                    found.append(Term(" ".join(phrase), frozenset(keys)))
                    i += length
                    break
            else:
                rest.append(words[i])
                i += 1
        return found, rest

    def _same_word(self, typed: str, listed: str) -> bool:
        """The typed word is the listed one with or without an ending ("workers" is "worker"; "work" is not)."""
        return listed in self.keys(typed)

    def _vocabulary_phrases(self, words: list[str], game: str | None) -> tuple[list[Term], list[str]]:
        """The query's phrases of the players' vocabulary (the longest at each place, any word endings)
        as terms, and the words left over. A phrase in the groups of several games finds what any of
        them says."""
        found: list[Term] = []
        rest: list[str] = []
        i = 0
        while i < len(words):
            matching: dict[int, int] = {}  # group -> length of its longest phrase found here
            for key in self.keys(words[i]):  # the phrase's first word, as typed or without an ending
                for phrase, group in self._phrases_by_first.get(key, ()):
                    group_game = self.phrase_groups[group][0]
                    if (game is None or group_game in (None, game)) and len(phrase) <= len(words) - i and all(
                            self._same_word(typed, listed) for typed, listed in zip(words[i:], phrase)):
                        matching[group] = max(matching.get(group, 0), len(phrase))
            if not matching:
                rest.append(words[i])
                i += 1
                continue
            length = max(matching.values())
            phrases = [p for group in sorted(g for g, n in matching.items() if n == length) for p in self.phrase_groups[group][1]]
            alternatives = tuple(dict.fromkeys(keys for p in phrases for keys in self.phrase_keys(p)))
            typed = " ".join(words[i:i + length])
            # two phrases of one group ("minus points" after "negative points") are one term
            if alternatives and all(typed != t.word and alternatives != t.alternatives for t in found):
                found.append(Term(typed, frozenset().union(*(k for alt in alternatives for k in alt)), alternatives))
            i += length
        return found, rest


def load_definition(path: Path = DEFINITION) -> dict[str, Any]:
    """The definition with its translation tables read in (they live in files of their own)."""
    definition: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    definition["translations"] = {lang: json.loads((path.parent / file).read_text(encoding="utf-8"))["lemmas"]
                                  for lang, file in definition.get("translations", {}).items()}
    if "vocabulary" in definition:
        groups = json.loads((path.parent / definition["vocabulary"]).read_text(encoding="utf-8"))["groups"]
        definition["vocabulary"] = [{"game": group["game"], "phrases": group["phrases"]} for group in groups]
    return definition


@lru_cache(maxsize=1)
def _default() -> Analyzer:
    return Analyzer(load_definition())
