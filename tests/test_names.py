"""Names in the catalogs: Polish nouns agree with the numbers before them, Hungarian forms that read
as inflections of their entry's name keep its stem, and a component and its glossary term share names."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

import pytest

from catalog import Catalog
from catalog.model import LANGUAGES, Entry

# --- Polish numeral agreement ---------------------------------------------------------------------

# Each noun that follows a number in a Polish name, by its four forms: nominative singular (after 1),
# nominative plural (after 2-4, 22-24, ... but not 12-14), genitive singular and genitive plural
# (after 0, 5-21, 25-31, ...). A number after one of GOVERNS_GENITIVE stands in the genitive itself
# ("moneta 1 denara", "wymiana 1 kostki"): then 1 takes the genitive singular, any other number the
# genitive plural. A new noun after a number fails until it is added here.
POLISH_NOUNS: dict[str, tuple[str, str, str, str]] = {
    "punkt": ("punkt", "punkty", "punktu", "punktów"),
    "denar": ("denar", "denary", "denara", "denarów"),
    "kostka": ("kostka", "kostki", "kostki", "kostek"),
    "pole": ("pole", "pola", "pola", "pól"),
    "osoba": ("osoba", "osoby", "osoby", "osób"),
    "drewno": ("drewno", "drewna", "drewna", "drewien"),
    "kamień": ("kamień", "kamienie", "kamienia", "kamieni"),
    "komplet": ("komplet", "komplety", "kompletu", "kompletów"),
}
GOVERNS_GENITIVE = {"moneta", "monet", "wymiana", "wymiany"}
# Number words whose count is plain; "jeden/jedna/jedno" are left out, as they are pronouns too.
POLISH_NUMBER_WORDS = {"dwa": 2, "dwie": 2, "trzy": 3, "cztery": 4, "pięć": 5, "sześć": 6, "siedem": 7,
                       "osiem": 8, "dziewięć": 9, "dziesięć": 10}
_COUNTED = re.compile(r"(?:(\w+)\s+)?(\d+|" + "|".join(POLISH_NUMBER_WORDS) + r")\s+([^\W\d_]+)", re.IGNORECASE)


def polish_form_after(number: int, genitive: bool) -> int:
    """Which of a noun's four forms follows ``number`` (an index into POLISH_NOUNS' tuples)."""
    if genitive:
        return 2 if number == 1 else 3
    if number == 1:
        return 0
    if number % 10 in (2, 3, 4) and number % 100 not in (12, 13, 14):
        return 1
    return 3


def polish_agreement_problems(text: str) -> list[str]:
    """Every counted noun in ``text`` that is not in the form its number asks for."""
    problems = []
    for match in _COUNTED.finditer(text):
        before, numeral, word = match.group(1), match.group(2).lower(), match.group(3).lower()
        number = int(numeral) if numeral.isdigit() else POLISH_NUMBER_WORDS[numeral]
        lemma = next((lemma for lemma, forms in POLISH_NOUNS.items() if word in forms), None)
        if lemma is None:
            problems.append(f"{match.group(0)!r}: {word!r} is not in POLISH_NOUNS (add its four forms)")
            continue
        wanted = POLISH_NOUNS[lemma][polish_form_after(number, (before or "").lower() in GOVERNS_GENITIVE)]
        if word != wanted:
            problems.append(f"{match.group(0)!r}: after {number} the noun is {wanted!r}, not {word!r}")
    return problems


def polish_texts(entry: Entry) -> Iterator[str]:
    if entry.names.pl:
        yield entry.names.pl
    yield from entry.names.forms.pl


@pytest.mark.parametrize("text, wanted", [
    ("1 punkty prestiżu", "punkt"), ("5 punkty prestiżu", "punktów"), ("3 denarów", "denary"),
    ("12 denary", "denarów"), ("22 denarów", "denary"), ("moneta 1 denar", "denara"),
    ("wymiana 2 kostki", "kostek"), ("dwie osób", "osoby"),
])
def test_the_agreement_check_catches_a_wrong_form(text: str, wanted: str) -> None:
    problems = polish_agreement_problems(text)
    assert len(problems) == 1 and f"the noun is {wanted!r}" in problems[0], problems


@pytest.mark.parametrize("text", ["1 punkt prestiżu", "4 punkty prestiżu", "5 punktów prestiżu", "3 denary",
                                  "14 denarów", "23 denary", "moneta 5 denarów", "wymiana 1 kostki na 2",
                                  "Caylus na 2 osoby", "w dwie osoby", "Faza 2 – Rozmieszczanie robotników"])
def test_the_agreement_check_accepts_a_right_form(text: str) -> None:
    assert polish_agreement_problems(text) == []


def test_polish_nouns_agree_with_their_numbers(catalog: Catalog) -> None:
    problems = [f"{loc.file}: {loc.entry.id}: {problem}"
                for loc in catalog.entries.values()
                for text in polish_texts(loc.entry)
                for problem in polish_agreement_problems(text)]
    assert not problems, "\n".join(problems)



# --- Hungarian forms keep their name's stem -------------------------------------------------------

# A form may be a synonym (kőfejtő for kőbánya) and then looks nothing like the name. A form that
# starts like a word of the name (its first four letters, accents aside) claims to be an inflection
# of it, and must then keep that word's stem. Stems allow for: a plural name (dénárok -> dénár), a
# verbal noun (pöckölés -> pöcköl, licitálás -> licit), the vowel a last syllable drops (torony ->
# tornyok) and the doubled consonant before -val/-vel (udvarnagy -> udvarnaggyal). Two small tables
# hold what the rulebooks do beyond that; anything else (hírnevet, a form of hírnév, listed under
# hírnévpont) fails.
HU_SHORT_NAMES = {
    "karakterkártya": "karakter",  # Maharaja: the character cards are called characters too
    "kormányzójelző": "kormányzó",  # Maharaja: a city's governor is its marker on the governor track
    "adóslevél": "adósság",  # Viscounts: a debt is a letter of debt (adóslevél) and a debt card (adósságkártya)
}
HU_MISSPELLINGS = {
    # Builders Duel: the text never prints the standard spelling (see duel.term.character-marker)
    "építtetőjelző": ("építetjelző", "építetőjelző", "építettőjelző", "építettjelző"),
    # Viscounts: the text prints the standard spelling once and elbocsájt- everywhere else (viscounts.term.dismiss)
    "elbocsátás": ("elbocsájtás",),
    # Viscounts: the HU text mostly drops the t of játékostábla (player board)
    "játékostábla": ("játékosábla",),
}
_VOWELS = "aeiou"
_DIGRAPHS = ("gy", "ly", "ny", "ty", "sz", "zs", "cs", "dz")


def fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def hungarian_stems(word: str) -> set[str]:
    """Beginnings an inflected form of ``word`` (folded) may start with."""
    stems = {word}
    for suffix in ("ok", "ek", "ak", "k", "asa", "ese", "as", "es"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            stems.add(word[: -len(suffix)])
    stems |= {s[:-2] for s in stems if s.endswith("al") and len(s) >= 5}  # licitál -> licit
    more = set()
    for stem in stems:
        if len(stem) >= 4 and stem[-2] in _VOWELS and stem[-3] not in _VOWELS and stem[-1] not in _VOWELS:
            more.add(stem[:-2] + stem[-1])  # torony -> torny-
        digraph = next((d for d in _DIGRAPHS if stem.endswith(d)), None)
        if digraph:
            more.add(stem[:-2] + digraph[0] + digraph)  # udvarnagy -> udvarnaggy-
        elif stem[-1] not in _VOWELS:
            more.add(stem + stem[-1])
    return stems | more


def hungarian_form_problem(name: str, form: str) -> str | None:
    name_words = [fold(w) for w in re.findall(r"\w+", name)]
    form_words = [fold(w) for w in re.findall(r"\w+", form)]
    for word in list(name_words):  # a plural name word (karakterkártyák) starts with its singular
        name_words += [fold(short) for long, short in HU_SHORT_NAMES.items() if word.startswith(fold(long))]
        for standard, spellings in HU_MISSPELLINGS.items():
            if word.startswith(fold(standard)):
                name_words += [fold(s) for s in spellings]
    claims = [(w, f) for w in name_words for f in form_words if len(w) >= 4 and f[:4] == w[:4]]
    if not claims or any(f.startswith(stem) for w, f in claims for stem in hungarian_stems(w)):
        return None
    return f"{form!r} starts like {name!r} but does not keep its stem"


@pytest.mark.parametrize("name, form", [
    ("hírnévpont", "hírnevet"), ("tulajdonos", "tulajdonában"), ("hírnévpont", "hírnévsáv"), ("adóslevél", "adósok"),
])
def test_the_stem_check_catches_a_form_of_another_word(name: str, form: str) -> None:
    assert hungarian_form_problem(name, form)


@pytest.mark.parametrize("name, form", [
    ("hírnévpont", "hírnévpontokat"), ("dénárok", "dénársor"), ("tornyok", "torony"), ("szobor", "szobrot"),
    ("pöckölés", "pöcköli"), ("licitálás", "licitjét"), ("udvarnagy", "udvarnaggyal"), ("kőbánya", "kőfejtő"),
    ("munkás elhelyezése", "elhelyezik"), ("karakterkártya", "karaktert"), ("építtetőjelző", "építetjelzőiteket"),
    ("adóslevél", "adósságkártyát"), ("elbocsátás", "elbocsájtathatod"),
])
def test_the_stem_check_accepts_inflections_and_synonyms(name: str, form: str) -> None:
    assert hungarian_form_problem(name, form) is None


def test_hungarian_forms_keep_their_names_stem(catalog: Catalog) -> None:
    problems = [f"{loc.file}: {loc.entry.id}: {problem}"
                for loc in catalog.entries.values() if loc.entry.names.hu
                for form in loc.entry.names.forms.hu
                if (problem := hungarian_form_problem(loc.entry.names.hu, form))]
    assert not problems, "\n".join(problems)


# --- a component and its glossary term ------------------------------------------------------------


def test_a_component_and_its_glossary_term_share_their_names(catalog: Catalog) -> None:
    pairs = [(term, catalog.get(term.refers_to)) for term in catalog.of_kind("terms")
             if getattr(term, "refers_to", None) and catalog.kind_of(term.refers_to).key == "components"]
    assert len(pairs) >= 20, "the catalogs link fewer glossary terms to components than expected"
    problems = [f"{term.id} and {component.id}: {lang} {getattr(term.names, lang)!r} != {getattr(component.names, lang)!r}"
                for term, component in pairs for lang in LANGUAGES
                if getattr(term.names, lang) != getattr(component.names, lang)]
    assert not problems, "\n".join(problems)
