"""Word forms the suffix list cannot undo (outputs/search/wordforms.py): Hungarian assimilated
endings and Polish alternations, checked against Snowball's stemmers over the catalog's words, and
closed compounds split into the catalog's own vocabulary, alike in the API and the site's script."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest
import snowballstemmer

from outputs.search import Analyzer, Document, SearchIndex, Term, index_from_database
from outputs.search.analysis import _WORD

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def analyzer() -> Analyzer:
    return Analyzer.default()


def meet(analyzer: Analyzer, typed: str, written: str) -> bool:
    return bool(analyzer.keys(analyzer.fold(typed)) & analyzer.keys(analyzer.fold(written)))


@pytest.mark.parametrize("typed, written", [
    ("építésszel", "építész"),      # -vel after sz: ssz
    ("kastéllyal", "kastély"),      # -val after ly: lly
    ("kódexszel", "kódex"),         # after x: xsz (Snowball misses it)
    ("lovaggá", "lovag"),           # translative -vá
    ("lakóépületté", "lakóépület"),  # translative -vé
    ("udvarnaggyal", "udvarnagy"),  # gy: ggy
    ("kulccsal", "kulcs"),          # cs: ccs
    ("karcie", "karta"),            # PL t -> ci
    ("drodze", "droga"),            # PL g -> dz
    ("rzece", "rzeka"),             # PL k -> c
    ("rundzie", "runda"),           # PL d -> dzi
    ("kolorze", "kolor"),           # PL r -> rz
    ("budowli", "budowla"),
    ("architekcie", "architekt"),
])
def test_an_assimilated_or_alternating_ending_meets_the_base_word(analyzer: Analyzer, typed: str, written: str) -> None:
    assert meet(analyzer, typed, written), (analyzer.keys(analyzer.fold(typed)), analyzer.keys(analyzer.fold(written)))


@pytest.mark.parametrize("one, other", [
    ("race", "rak"),        # English -ce is no Polish locative: a base keeps four letters
    ("vissza", "visz"),     # "back" is no "carries": a back ending needs a back vowel in the base
    ("musze", "much"),      # Polish "I must" is not English "much"
    ("latte", "lát"),       # a front ending (-vé) after a base whose last vowel is a
    ("grze", "gr"),         # no key under min_stem letters
])
def test_the_rules_do_not_join_unrelated_words(analyzer: Analyzer, one: str, other: str) -> None:
    assert not meet(analyzer, one, other)
    assert all(len(k) >= analyzer.min_stem for k in analyzer.keys(one))


def catalog_words(db: Path, analyzer: Analyzer, language: str) -> set[str]:
    """The catalog's words of a language (every entry's names, forms and cited headings in it) and
    its translation file's forms, lower case as written."""
    out: set[str] = set()
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        for (table,) in conn.execute("select name from sqlite_master where type = 'table'"):
            columns = {row[1] for row in conn.execute(f'pragma table_info("{table}")')}
            for column in sorted(columns & {f"name_{language}", f"forms_{language}", f"refs_{language}"}):
                for (value,) in conn.execute(f'select "{column}" from "{table}" where "{column}" is not null'):
                    out.update(w.lower() for w in _WORD.findall(value))
    finally:
        conn.close()
    for lemma in analyzer.definition["translations"][language].values():
        for form in lemma["forms"]:
            out.update(w.lower() for w in _WORD.findall(form))
    return out


def test_our_keys_undo_what_snowball_undoes(built, analyzer: Analyzer) -> None:  # type: ignore[no-untyped-def]
    """Wherever Snowball's stem of a catalog word undoes an assimilation (the stem is not the start
    of the word, or the word goes on with the stem's last consonant written again) and that stem is a
    word of the catalog too, the word's keys meet the stem word's keys. Snowball's Polish stemmer
    undoes no alternation ("karcie" -> "kar"); the next test checks the Polish ones."""
    db = built.build / "kb.db"
    missed, checked = [], 0
    for language, name in (("hu", "hungarian"), ("pl", "polish")):
        stemmer = snowballstemmer.stemmer(name)
        words = catalog_words(db, analyzer, language)
        vocabulary = {analyzer.fold(w) for w in words}
        for word in sorted(words):
            folded, stem = analyzer.fold(word), analyzer.fold(stemmer.stemWord(word))
            if stem == folded or stem not in vocabulary or len(stem) < analyzer.min_stem or not analyzer.is_meaningful(stem):
                continue
            doubled = folded.startswith(stem) and folded[len(stem)] == stem[-1] and stem[-1] not in "aeiouy"
            if folded.startswith(stem) and not doubled:
                continue
            checked += 1
            if not analyzer.keys(folded) & analyzer.keys(stem):
                missed.append(f"{word} ({language}) -> {stemmer.stemWord(word)}")
    assert checked >= 40, checked
    assert not missed, missed


def test_a_polish_locative_meets_its_noun(analyzer: Analyzer) -> None:
    """Every form in -e of a Polish noun of the translation file that keeps the noun's stem but its
    last consonant (karta: karcie; droga: drodze; most: moście) meets the noun."""
    import os.path

    missed, checked = [], 0
    for lemma, entry in analyzer.definition["translations"]["pl"].items():
        noun = analyzer.fold(lemma)
        if noun.endswith("c") or noun[-1] in "eiuy":  # verbs (-ć), adjectives, neuter verbal nouns
            continue
        stem = noun[:-1] if noun[-1] in "ao" else noun
        if stem[-1] in "aeiouy":
            continue
        for form in (analyzer.fold(f) for f in entry["forms"]):
            common = os.path.commonprefix([form, stem])
            if form.endswith("e") and not form.startswith(stem) and len(common) >= max(analyzer.min_stem, len(stem) - 1):
                checked += 1
                if not analyzer.keys(form) & analyzer.keys(noun):
                    missed.append(f"{form} -> {lemma}")
    assert checked >= 10, checked
    assert not missed, missed


# --- compounds --------------------------------------------------------------------------------------

def compound_index() -> SearchIndex:
    return SearchIndex([
        Document("g.card.poverty", "g", "cards", "Poverty card", "Poverty card | Szegénység-kártya",
                 "Taken when a player has nothing else.", name_hu="Szegénység-kártya"),
        Document("g.card.hero", "g", "cards", "Hero card", "Hero card | Hős-kártya", "A hero joins the deck.", name_hu="Hős-kártya"),
        Document("g.card.ruler", "g", "cards", "Ruler card", "Ruler card | Uralkodókártya", "The ruler (uralkodó) grants a favour.",
                 name_hu="Uralkodókártya"),
        Document("g.rule.poverty", "g", "rules", "Poverty", "Poverty", "Szegénység: the end of the game counts it."),
        Document("g.rule.market", "g", "rules", "Market", "Market | piac", "Everything in the marketplace has a price."),
        Document("g.card.personal", "g", "cards", "Personal card", "Personal card | Személykártya", "Each player has their own.",
                 name_hu="Személykártya"),
    ])


def found(index: SearchIndex, query: str) -> list[str]:
    return [h.document.id for h in index.search(query)]


def test_a_closed_compound_finds_the_hyphenated_words_and_needs_both() -> None:
    index = compound_index()
    assert found(index, "szegénységkártya") == ["g.card.poverty"]  # not the hero's card, nor poverty alone
    assert found(index, "szegénységkártyát")[0] == "g.card.poverty"  # with the compound's ending
    assert found(index, "hőskártyával") == ["g.card.hero"]  # a first part of three letters
    (term,) = index.analyzer.query("szegénységkártya")
    assert len(term.alternatives) == 2 and all(len(a) in (1, 2) for a in term.alternatives)


def test_a_hyphenated_or_split_query_finds_a_closed_word() -> None:
    """The catalog's closed "Uralkodókártya" splits (its first part is a word of the entries) and
    has its parts' keys: the query's words apart or hyphenated find it."""
    index = compound_index()
    for query in ("uralkodó-kártya", "uralkodó kártya", "uralkodó kártyát"):
        assert found(index, query)[0] == "g.card.ruler", query
    assert "g.card.ruler" in found(index, "kártya")  # the closed word has its parts' keys


def test_words_typed_apart_find_the_closed_word_the_catalog_has() -> None:
    """"Személy" is no word of the entries on its own, so the closed "Személykártya" does not split;
    the typed words joined are a closed word of the catalog, and the pair asks for it (or for both)."""
    index = compound_index()
    for query in ("személy-kártya", "személy kártya", "személy kártyát"):
        assert found(index, query)[0] == "g.card.personal", query
    (term,) = index.analyzer.query("személy-kártya")
    assert term.word == "szemely kartya" and len(term.alternatives) == 2  # folded
    assert index.analyzer.compounds is not None and not index.analyzer.compounds.splits("szemelykartya")
    assert found(index, "személy") == []  # one word alone is not joined
    # English words apart stay apart, even where the joined word is in the text ("marketplace")
    assert [t.word for t in index.analyzer.query("market place")] == ["market", "place"]


def test_english_words_do_not_split() -> None:
    index = compound_index()
    compounds = index.analyzer.compounds
    assert compounds is not None
    for word in ("another", "therefore", "building", "workers", "everything", "marketplace", "overview", "pointless"):
        assert compounds.splits(word) == [], word
    assert found(index, "thing") == [] and found(index, "place") == []
    (term,) = index.analyzer.query("everything")
    assert not term.alternatives


def test_the_catalogs_compounds_split_and_english_stays_whole(built) -> None:  # type: ignore[no-untyped-def]
    index = index_from_database(built.build / "kb.db")
    compounds = index.analyzer.compounds
    assert compounds is not None
    for word in ("another", "therefore", "building", "workers", "everything", "marketplace", "overview", "leftover",
                 "sideways", "wildcard", "gatekeeper"):
        assert word not in compounds.parts_keys and not compounds.splits(word), word
    for query, wanted in (("uralkodókártya", "viscounts.component.castle-leader-card"),
                          ("szegénységkártya", "viscounts.component.poverty-card"),
                          ("vesztegetésjelölő", "viscounts.component.corruption-marker"),
                          ("szegénység kártya", "viscounts.component.poverty-card"),
                          ("kódexszel", "viscounts.component.manuscript")):
        assert wanted in [h.document.id for h in index.search(query, game="viscounts", limit=3)], query


def site_script(built, stdin: object, runner: str) -> object:  # type: ignore[no-untyped-def]
    node = shutil.which("node")
    assert node, "Node.js runs the site's search script in this test"
    result = subprocess.run([node, str(ROOT / "tests" / "js" / runner), str(built.site / "javascripts" / "kb-search.js"),
                             str(built.site / "search" / "index.json")], input=json.dumps(stdin),
                            capture_output=True, text=True, timeout=120, check=True)
    return json.loads(result.stdout)


def test_the_site_script_cuts_every_word_as_the_api_does(built) -> None:  # type: ignore[no-untyped-def]
    """Every word of the index, of the translation files and the queries below: the same keys, and
    the same compound term, in the site's script as in the API."""
    index = index_from_database(built.build / "kb.db")
    analyzer = index.analyzer
    words = {w for d in index.documents for w in analyzer.words(" | ".join((d.title, d.names, d.terms, d.body)))}
    for language in ("hu", "pl"):
        words.update(w for lemma in analyzer.definition["translations"][language].values()
                     for form in lemma["forms"] for w in analyzer.words(form))
    words.update(analyzer.words("uralkodókártya szegénységkártyát vesztegetésjelölő hőskártya építésszel kódexszel lovaggá "
                                "karcie drodze rzece architekcie everything"))
    ordered = sorted(words)
    site = site_script(built, ordered, "run_keys.js")
    assert isinstance(site, list)
    differ = []
    for word, (keys, alternatives) in zip(ordered, site):
        term = analyzer.compound_term(Term(word, analyzer.keys(word)))
        if keys != sorted(analyzer.keys(word)) or alternatives != [[sorted(k) for k in a] for a in term.alternatives]:
            differ.append(word)
    assert not differ, differ[:10]


def test_the_site_script_finds_compounds_and_endings_as_the_api_does(built) -> None:  # type: ignore[no-untyped-def]
    queries = [[q, g] for q in ("uralkodókártya", "szegénységkártyát", "vesztegetés-jelölő", "szegénység kártya", "hőskártya", "személy-kártya", "palota kert", "két arannyal", "kastéllyal",
                                "építésszel", "kódexszel", "kastéllyal", "lovaggá", "kamieniołomie", "budowli", "architekcie")
               for g in (None, "viscounts")]
    site = site_script(built, queries, "run_search.js")
    api = index_from_database(built.build / "kb.db")
    assert isinstance(site, list)
    for (query, game), from_site in zip(queries, site):
        assert from_site == [[h.document.id, h.snippet] for h in api.search(query, game=game, limit=10)], (query, game)
    assert all(site[:10]), "each compound and ending finds something"


def test_a_closed_compound_in_the_players_vocabulary_needs_both_its_parts() -> None:
    """The vocabulary's "kezdőjátékos" (first player) is also "kezdő játékos" apart, but never "játékos"
    (player) alone: "who goes first" must not find every player board."""
    definition = dict(Analyzer.default().definition)
    definition["vocabulary"] = [{"game": None, "phrases": ["goes first", "kezdőjátékos"]}]
    index = SearchIndex([
        Document("g.rule.start", "g", "rules", "Start player", "Start player | Kezdő játékos", "The start player acts first.",
                 name_hu="Kezdő játékos"),
        Document("g.board", "g", "components", "Player board", "Player board | Játékostábla", "Each player's board.",
                 name_hu="Játékostábla"),
    ], Analyzer(definition))
    assert found(index, "who goes first") == ["g.rule.start"]


def test_a_form_the_translations_do_not_list_takes_its_base_forms_translation(analyzer: Analyzer) -> None:
    """"Arannyal" (with gold) is no form the Hungarian table lists; "arany" is, so the rules written
    in English ("gold") are found through it. A listed form keeps its own translation only."""
    (term,) = analyzer.query("arannyal", languages={"hu"})
    assert "gold" in term.keys
    (listed,) = analyzer.query("arany", languages={"hu"})
    assert "gold" in listed.keys
    (english,) = analyzer.query("arannyal", languages=set())
    assert "gold" not in english.keys  # no Hungarian table, no translation
