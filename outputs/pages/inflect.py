"""Case forms of Hungarian and Polish names, for the site search.

lunr on the site cannot stem Hungarian queries consistently (see kb/pages.py), so each entry carries
the forms a player is likely to type: ``kőfejtő`` -> ``kőfejtőben``, ``kőfejtőt``, ``kőfejtőhöz`` ...
The generator follows the regular rules (vowel harmony, lengthening of a final a/e, assimilation
of -val/-vel); a rare wrong form costs nothing, since these are only search aliases.
"""

from __future__ import annotations

BACK = set("aáoóuú")
FRONT_ROUNDED = set("öőüű")
VOWELS = BACK | FRONT_ROUNDED | set("eéií")
DIGRAPHS = ("dzs", "sz", "zs", "cs", "gy", "ny", "ly", "ty", "dz")
PLAIN_T_AFTER = ("j", "l", "ly", "n", "ny", "r", "s", "sz", "z", "zs")

# suffix: (back, front unrounded, front rounded)
HU_SUFFIXES = [
    ("ban", "ben", "ben"), ("ba", "be", "be"), ("ból", "ből", "ből"), ("ra", "re", "re"), ("ról", "ről", "ről"),
    ("nál", "nél", "nél"), ("tól", "től", "től"), ("nak", "nek", "nek"), ("hoz", "hez", "höz"), ("ért", "ért", "ért"),
    ("ig", "ig", "ig"),
]


def _harmony(word: str) -> int:
    """0 back, 1 front unrounded, 2 front rounded: which suffix variant the word takes."""
    vowels = [c for c in word if c in VOWELS]
    if any(v in BACK for v in vowels):
        return 0
    return 2 if vowels and vowels[-1] in FRONT_ROUNDED else 1


def _lengthened(word: str) -> str:
    if word.endswith("a"):
        return word[:-1] + "á"
    if word.endswith("e"):
        return word[:-1] + "é"
    return word


def _last_consonant(word: str) -> str:
    for digraph in DIGRAPHS:
        if word.endswith(digraph):
            return digraph
    return word[-1]


def hungarian_forms(word: str) -> list[str]:
    """Common case forms and the plural of one Hungarian noun."""
    word = word.lower()
    if not word or not any(c in VOWELS for c in word):
        return []
    h = _harmony(word)
    ends_in_vowel = word[-1] in VOWELS
    stem = _lengthened(word)
    forms = [stem + s[h] for s in HU_SUFFIXES]
    if ends_in_vowel:
        forms += [stem + "t", stem + "n", stem + "k", stem + ("val", "vel", "vel")[h], stem + ("vá", "vé", "vé")[h]]
    else:
        consonant = _last_consonant(word)
        linking = ("o", "e", "ö")[h]
        forms.append(word + ("t" if consonant in PLAIN_T_AFTER else linking + "t"))
        forms += [word + linking + "n", word + linking + "k"]
        doubled = word + consonant[0] if len(consonant) == 1 else word[: -len(consonant)] + consonant[0] + consonant
        forms += [doubled + ("al", "el", "el")[h], doubled + ("á", "é", "é")[h]]
    return forms


PL_MASCULINE_ENDINGS = ("a", "u", "owi", "em", "y", "i", "e", "ów", "om", "ami", "ach")
PL_FEMININE_ENDINGS = ("i", "y", "ę", "ą", "e", "om", "ami", "ach")


def polish_forms(word: str) -> list[str]:
    """The regular case endings of a Polish noun ending in a consonant or in -a."""
    word = word.lower()
    if len(word) < 3:
        return []
    if word.endswith("a"):
        return [word[:-1] + e for e in PL_FEMININE_ENDINGS]
    if word[-1] not in "aeiouyąęó":
        return [word + e for e in PL_MASCULINE_ENDINGS]
    return []


def search_aliases(names: dict[str, list[str]]) -> list[str]:
    """Case forms of the last word of every Hungarian and Polish name (the word that takes the case)."""
    out: list[str] = []
    for name in names.get("hu", []):
        words = name.split()
        if words:
            out += [" ".join([*words[:-1], f]) for f in hungarian_forms(words[-1])]
    for name in names.get("pl", []):
        words = name.split()
        if words:
            out += [f for w in words for f in polish_forms(w)]
    return out
