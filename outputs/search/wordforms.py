"""Word forms that removing one suffix cannot undo, by the rules of definition.json: endings that
change the stem before them, and closed compounds.

**Alternations** (``"alternations"`` in the definition): a Hungarian ending that begins with "v"
takes the sound of a consonant before it, which is then written twice (the instrumental -val/-vel,
the translative -vá/-vé: "építész" -> "építésszel", "kastély" -> "kastéllyal", "lovag" -> "lovaggá",
"kódex" -> "kódexszel"); a Polish locative or dative -e softens the consonant before it ("karta" ->
"karcie", "droga" -> "drodze", "rzeka" -> "rzece"). A rule lists such endings and, for each, the
stem's end as written before it and as it is in the word's other forms; a word that ends so also has
the key of its base form. Snowball's stemmers undo these too, but Snowball has no build the site's
script could run offline (none at all for Polish), and its Hungarian stemmer misses "kódexszel": so
the rules are data here, the API and the site's script apply them alike, and a test checks them
against Snowball's stems over the catalog's words (tests/test_search_words.py).

**Compounds** (``"compounds"``): Hungarian writes a compound closed ("uralkodókártya") where the
catalog often writes it with a hyphen or apart ("uralkodó-kártya"). A word splits into a first part
that is a whole word of the catalog's vocabulary (the words of the indexed entries) and a rest whose
keys include a whole vocabulary word (the rest may carry the compound's ending: "kártyát"); one of
the two is a word of the language's own vocabulary (the entries' names in it and the translation
files' forms), so that English words ("everything", "marketplace") stay whole. An indexed word that
splits has its parts' keys too (so "szegénység kártya" finds a closed word); a query word that
splits asks for both parts (see :meth:`outputs.search.analysis.Analyzer.compound_term`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class _Alternation:
    ending: str
    written: str
    """The stem's end as written before the ending ("ssz" before "el")."""
    base: str
    """What the stem's end is in the word's other forms ("sz")."""
    min_base: int
    vowels: str
    has_one_of: str
    """The base must have one of these vowels (a back ending needs a back vowel), when given."""
    last_vowel_not: str
    """The base's last vowel must not be one of these, when given."""

    def base_of(self, word: str) -> str | None:
        if not word.endswith(self.written + self.ending):
            return None
        base = word[:len(word) - len(self.written) - len(self.ending)] + self.base
        vowels = [ch for ch in base if ch in self.vowels]
        if len(base) < self.min_base or (self.has_one_of and not any(v in self.has_one_of for v in vowels)) or (
                self.last_vowel_not and (not vowels or vowels[-1] in self.last_vowel_not)):
            return None
        return base


class Alternations:
    """The definition's alternation rules: a word -> the base forms its ending hides."""

    def __init__(self, rules: Iterable[Mapping[str, Any]], min_stem: int):
        # by the ending's last letter: most words end in a letter no rule's ending does
        self.by_last: dict[str, list[_Alternation]] = {}
        for rule in rules:
            for ending, condition in rule["endings"].items():
                for written, base in rule["stems"]:
                    self.by_last.setdefault(ending[-1], []).append(_Alternation(
                        ending, written, base, max(min_stem, rule.get("min_base", min_stem)), rule["vowels"],
                        condition.get("has_one_of", ""), condition.get("last_vowel_not", "")))

    def bases(self, word: str) -> list[str]:
        return [base for rule in self.by_last.get(word[-1:], ()) if (base := rule.base_of(word)) is not None]


class Compounds:
    """Which words split into the vocabulary's words, and where."""

    def __init__(self, settings: Mapping[str, Any], vocabulary: set[str], own_words: set[str],
                 plain_keys: Callable[[str], frozenset[str]], is_meaningful: Callable[[str], bool], suffixes: set[str]):
        self.first_part: int = settings["first_part"]
        self.rest: int = settings["rest"]
        self.vocabulary = vocabulary
        self.own_words = own_words
        self.plain_keys = plain_keys
        self.is_meaningful = is_meaningful
        self.suffixes = suffixes
        self.longest = max(map(len, vocabulary), default=0)
        # an indexed word that splits -> its parts' keys
        self.parts_keys: dict[str, frozenset[str]] = {}
        for word in vocabulary:
            found = self.splits(word)
            if found:
                self.parts_keys[word] = frozenset().union(*(self.plain_keys(p) | self.plain_keys(r) for p, r in found))

    def splits(self, word: str) -> list[tuple[str, str]]:
        """Each (first part, rest) the word splits into, shortest first part first."""
        out = []
        # a first part is a vocabulary word: no longer than the longest (a typed word may be very long)
        for at in range(self.first_part, min(len(word) - self.rest, self.longest) + 1):
            first, rest = word[:at], word[at:]
            if first not in self.vocabulary or not first.isalpha() or not rest.isalpha() or rest in self.suffixes \
                    or not self.is_meaningful(first):
                continue
            whole = [k for k in self.plain_keys(rest) if len(k) >= self.rest and k in self.vocabulary]
            if whole and (first in self.own_words or any(k in self.own_words for k in whole)):
                out.append((first, rest))
        return out


def own_words(definition: Mapping[str, Any], languages: Iterable[str], names: Mapping[str, Iterable[str]],
              words: Callable[[str], list[str]]) -> set[str]:
    """The words of the given languages: the entries' names in them and their translation files' forms."""
    out: set[str] = set()
    for language in languages:
        for name in names.get(language, ()):
            out.update(words(name))
        for lemma in definition.get("translations", {}).get(language, {}).values():
            for form in lemma["forms"]:
                out.update(words(form))
    return out
