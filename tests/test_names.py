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

