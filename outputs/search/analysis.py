"""Text and queries cut into search keys, by the one definition in definition.json.

A key is a folded word (lower case, no accents, ł as l) or a stem of it: the word with one listed
suffix of any of our languages removed, as long as ``min_stem`` letters remain. A text and a query
meet where their keys do, so "kamieniołomie" finds "kamieniołom" and "palotát" finds "palota"
without word forms generated into the pages. The site's search script reads the same definition.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

DEFINITION = Path(__file__).with_name("definition.json")
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
# Words folded and cut into keys are remembered (the catalog's vocabulary is some tens of thousands of
# words), up to a bound, so that a client sending endless new words cannot grow the server's memory.
CACHED_WORD, CACHED_WORDS = 40, 200_000


@dataclass(frozen=True)
class Term:
    """One word of a query: as typed (folded), and the keys that find it."""

    word: str
    keys: frozenset[str]


class Analyzer:
    def __init__(self, definition: dict[str, Any]):
        self.definition = definition
        self.folds = str.maketrans(definition["extra_folds"])
        self.min_stem: int = definition["min_stem"]
        self.suffixes = sorted({s for lang in definition["suffixes"].values() for s in lang}, key=len)
        self.stop_words = {w for lang in definition["stop_words"].values() for w in lang}
        # a Hungarian or Polish word -> the English words of our rules that mean it
        self.translations: dict[str, tuple[str, ...]] = {}
        for lemmas in definition.get("translations", {}).values():
            for lemma in lemmas.values():
                english = tuple(self.fold(w) for w in lemma["en"])
                for form in lemma["forms"]:
                    typed = self.fold(form)
                    if " " not in typed:
                        self.translations[typed] = tuple(dict.fromkeys(self.translations.get(typed, ()) + english))
        self.synonyms: dict[str, tuple[str, ...]] = {}
        for group in definition["synonyms"]:
            folded = tuple(self.fold(w) for w in group)
            for word in folded:
                self.synonyms[word] = tuple(w for w in folded if w != word)

    @classmethod
    def default(cls) -> Analyzer:
        return _default()

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
        """The keys of one folded word: itself and each stem its suffixes leave."""
        found = self._keys_cache.get(word)
        if found is None:
            out = {word}
            for suffix in self.suffixes:
                if word.endswith(suffix) and len(word) - len(suffix) >= self.min_stem:
                    out.add(word[: -len(suffix)])
            found = frozenset(out)
            if len(self._keys_cache) < CACHED_WORDS:
                self._keys_cache[word] = found
        return found

    def is_meaningful(self, word: str) -> bool:
        """Not a stop word, and not one letter unless a digit."""
        return word not in self.stop_words and (len(word) > 1 or word.isdigit())

    def query(self, text: str) -> list[Term]:
        """The query's terms: stop words and one-letter words dropped (unless nothing else is left),
        each term with its own keys and those of its synonyms."""
        words = list(dict.fromkeys(self.words(text)))
        meaningful = [w for w in words if self.is_meaningful(w)]
        out = []
        for word in meaningful or words:
            keys = set(self.keys(word))
            for other in (*self.synonyms.get(word, ()), *self.translations.get(word, ())):
                keys |= self.keys(other)
            out.append(Term(word, frozenset(keys)))
        return out


def load_definition(path: Path = DEFINITION) -> dict[str, Any]:
    """The definition with its translation tables read in (they live in files of their own)."""
    definition: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    definition["translations"] = {lang: json.loads((path.parent / file).read_text(encoding="utf-8"))["lemmas"]
                                  for lang, file in definition.get("translations", {}).items()}
    return definition


@lru_cache(maxsize=1)
def _default() -> Analyzer:
    return Analyzer(load_definition())
