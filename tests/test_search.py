"""The search definition (outputs/search): keys, stop words, synonyms, ranking, fallback, snippets."""

from __future__ import annotations

import pytest

from outputs.search import Analyzer, Document, SearchIndex


@pytest.fixture(scope="module")
def analyzer() -> Analyzer:
    return Analyzer.default()


@pytest.mark.parametrize("typed, written", [
    ("kamieniołomie", "Kamieniołom"),   # PL locative, and ł folded
    ("kamieniolomu", "kamieniołom"),    # without diacritics
    ("palotát", "palota"),              # HU accusative
    ("jegyzővel", "jegyző"),            # HU instrumental
    ("dénárral", "dénár"),              # HU instrumental, assimilated
    ("kościoła", "kościół"),            # PL genitive: ó and o meet once folded
    ("burmistrzem", "burmistrz"),
    ("movement", "move"),
    ("castles", "castle"),
    ("házat", "ház"),                  # short HU words keep a 3-letter stem
    ("várban", "vár"),
])
def test_a_form_meets_the_written_word(analyzer: Analyzer, typed: str, written: str) -> None:
    typed_keys = analyzer.keys(analyzer.fold(typed))
    written_keys = analyzer.keys(analyzer.fold(written))
    assert typed_keys & written_keys, (typed_keys, written_keys)


def test_short_stems_are_not_cut(analyzer: Analyzer) -> None:
    """No stem below min_stem (3) letters: "last" and "łaska" must not meet."""
    assert not analyzer.keys("last") & analyzer.keys(analyzer.fold("łaska"))
    assert all(len(k) >= 3 for k in analyzer.keys("castles")) and "ca" not in analyzer.keys("cases")


def test_stop_words_go_unless_nothing_else_is_left(analyzer: Analyzer) -> None:
    assert [t.word for t in analyzer.query("how many workers does a player get")] == ["workers", "player"]
    assert [t.word for t in analyzer.query("gra na 2 osoby")] == ["gra", "2", "osoby"]
    assert [t.word for t in analyzer.query("the")] == ["the"]


def test_synonyms_join_digits_and_number_words(analyzer: Analyzer) -> None:
    two = analyzer.query("2")[0]
    assert {"two", "dwoch", "ketto"} <= two.keys


def test_a_players_word_meets_the_rulebooks_word(analyzer: Analyzer) -> None:
    # "what if I can't afford my action": the rules say what happens when a player cannot pay
    assert "pay" in analyzer.query("afford")[0].keys
    assert "cost" in analyzer.query("price")[0].keys


def test_drawing_a_card_is_not_a_tie(analyzer: Analyzer) -> None:
    # in card games "draw" means taking a card: as a synonym of "tie" it ranked the Poverty card's
    # reveal (a card drawn) above the final tie-break for "tiebreak at the end of the game"
    assert "draw" not in analyzer.query("tie")[0].keys
    assert "tie" not in analyzer.query("draw")[0].keys
    assert "tiebreak" in analyzer.query("tie")[0].keys


def test_a_negation_is_searched_for(analyzer: Analyzer) -> None:
    # "what if I can't build in the castle": the rule is the penalty for *not* building
    terms = analyzer.query("mi történik ha nem tudok építeni a várban")
    negation = next(t for t in terms if t.word == "nem")
    assert {"not", "no", "nie"} <= negation.keys


def index() -> SearchIndex:
    return SearchIndex([
        Document("g.term.castle", "g", "terms", "castle", "castle | vár | zamek", "The building players supply with batches."),
        Document("g.rule.penalty", "g", "rules", "Castle penalty", "Castle penalty",
                 "A player who gives no batch to the castle loses 2 prestige points."),
        Document("g.discrepancy.castle", "g", "discrepancies", "Castle wording", "Castle wording",
                 "The castle, the castle and the castle: the texts differ on batches for the castle."),
        Document("g.rule.provost", "g", "rules", "Provost", "Provost | udvarnagy",
                 "Players may <move> the provost up to three spaces.", terms="castle | vár"),
        Document("h.rule.ties", "h", "rules", "Ties", "Ties", "Equal totals favour the player holding power."),
    ])


def test_the_entry_that_is_the_thing_ranks_above_those_that_mention_it() -> None:
    hits = index().search("castle")
    assert hits[0].document.id == "g.term.castle"
    assert [h.document.id for h in hits].index("g.discrepancy.castle") > [h.document.id for h in hits].index("g.rule.penalty")


def test_every_word_ranks_above_some_and_partial_matches_are_not_dropped() -> None:
    hits = index().search("castle penalty nonsenseword")
    assert hits[0].document.id == "g.rule.penalty" and hits[0].matched == 2
    assert len(hits) >= 3  # no entry has every word: the best partial matches still come back


def test_a_hungarian_word_finds_an_english_rule_through_its_names_and_terms() -> None:
    assert index().search("udvarnagyot")[0].document.id == "g.rule.provost"
    assert "g.rule.provost" in [h.document.id for h in index().search("várban")]


def test_an_exact_tie_is_ranked_by_id_whatever_the_index_order() -> None:
    """Two games' entries that score alike with the same title (Caylus' and Viscounts' castle) come
    back in id order; the site's script sorts the same way (see the next-but-one test)."""
    twins = [Document(f"{game}.component.castle", game, "components", "castle", "castle", "The castle.") for game in ("b", "a")]
    for documents in (twins, twins[::-1]):
        hits = SearchIndex(documents).search("castle")
        assert hits[0].score == hits[1].score
        assert [h.document.id for h in hits] == ["a.component.castle", "b.component.castle"]


def test_the_game_filter_keeps_one_game() -> None:
    assert {h.document.game for h in index().search("player", game="h")} == {"h"}
    assert {h.document.game for h in index().search("player")} == {"g", "h"}


def test_snippets_are_the_entrys_text_with_marks_and_nothing_else() -> None:
    hit = index().search("moving provost")[0]
    assert hit.document.id == "g.rule.provost"
    assert hit.snippet == "Players may &lt;<mark>move</mark>&gt; the <mark>provost</mark> up to three spaces."
    assert "udvarnagy" not in hit.snippet  # names and forms are searched, never shown


def test_a_rule_is_found_by_the_heading_it_stands_under(built) -> None:  # type: ignore[no-untyped-def]
    """The Duel's rule on ties never says "conflict", but it stands under the conflict's heading on the
    site, so "tie in a conflict" matches it on both words."""
    from outputs.search import index_from_database

    index = index_from_database(built.build / "kb.db")
    tie = next(d for d in index.documents if d.id == "duel.conflict.tie")
    assert "conflict" not in tie.body.lower() and "conflict" in tie.terms.lower()
    hits = index.search("tie in a conflict", game="duel", limit=10)
    assert next(h for h in hits if h.document.id == "duel.conflict.tie").matched == 2


def test_every_name_an_entry_has_is_a_query_that_reads(built) -> None:  # type: ignore[no-untyped-def]
    """A player may paste any title or name form we show (a heading like "Shorter game: does the
    sixth palace end it?"): none is refused as a malformed filter, and a whole title finds its entry."""
    from outputs.search import index_from_database

    index = index_from_database(built.build / "kb.db")
    names = {(d.id, n) for d in index.documents for n in (d.title, *d.names.split(" | ")) if n}
    assert len(names) > 1000
    for _, name in names:
        index.search(name, limit=1)  # raises QueryError if the name is read as a broken filter
    heading = next(d for d in index.documents if d.title == "Shorter game: does the sixth palace end it?")
    assert index.search(heading.title, game=heading.game, limit=1)[0].document.id == heading.id


# Beyond the syntax page's examples: odd spacing, quotes inside filters, an unknown field ending in
# ":" read as a word, negated phrases, numbers compared across games.
FILTER_CASES = ['cost<=2', 'cost=2 category:wood', 'category:"wood"', '-"gold mine" gold', 'note: castle',
                'kind:buildings', 'kind:rule castle', 'produces:kamień or produces:arany', 'CATEGORY:Wood',
                'number>=5 or cost>=8', '"  gold   mine "', 'game:duel -kind:card seal', 'prestige>4.5',
                'Shorter game: does the sixth palace end it?', 'kind: rule castle']


def test_the_site_script_and_the_api_give_the_same_results(built) -> None:  # type: ignore[no-untyped-def]
    """One definition, two implementations: the site's script (under Node) and the API's Python give
    the same ten results with the same snippets for every query of the player query set, over all
    games and within each query's game."""
    import json
    import shutil
    import subprocess
    from pathlib import Path

    import yaml

    from outputs.search import index_from_database

    node = shutil.which("node")
    assert node, "Node.js runs the site's search script in this test"
    root = Path(__file__).resolve().parent.parent
    cases = yaml.safe_load((root / "scripts" / "search_queries.yaml").read_text(encoding="utf-8"))["queries"]
    from games import REGISTRY
    from outputs.pages.search_syntax import ERRORS
    from outputs.search import QueryError

    filters = [[e.query, m.game] for m in REGISTRY.modules for e in m.search_examples] + [[e, None] for e in FILTER_CASES]
    queries = ([[c["q"], None] for c in cases] + [[c["q"], c["game"]] for c in cases] + filters + [[e, None] for e in ERRORS]
               + [["kőfejtőben", None], ["", None]])
    result = subprocess.run([node, str(root / "tests" / "js" / "run_search.js"), str(built.site / "javascripts" / "kb-search.js"),
                             str(built.site / "search" / "index.json")], input=json.dumps(queries),
                            capture_output=True, text=True, timeout=120, check=True)
    site = json.loads(result.stdout)
    api = index_from_database(built.build / "kb.db")
    differ = []
    for (query, game), from_site in zip(queries, site):
        try:
            from_api: object = [[h.document.id, h.snippet] for h in api.search(query, game=game, limit=10)]
        except QueryError as problem:
            from_api = {"error": str(problem)}
        if from_site != from_api:
            differ.append(f"{query!r} ({game}): site {from_site[:3]} api {from_api[:3]}")
    assert not differ, "\n".join(differ[:10])
    assert site[-2] and not site[-1]
    assert all(isinstance(site[queries.index([e, None])], dict) for e in ERRORS)
    assert all(site[queries.index(f)] for f in filters[:-len(FILTER_CASES)]), "every syntax page example finds something"


def test_an_entry_that_is_all_data_is_found_by_its_values(built) -> None:  # type: ignore[no-untyped-def]
    """What each Maharaja player starts with has no prose, only values: its summary says them in a
    sentence, which its snippet shows; the values themselves ("gold 15 · palaces 7 ...") stay in its
    searched text after the summary, never shown, so "starting gold" finds it."""
    from outputs.search import index_from_database
    from outputs.search.engine import SHOWN_END

    index = index_from_database(built.build / "kb.db")
    starting = next(d for d in index.documents if d.id == "maharaja.starting")
    summary, facts = starting.body.split(SHOWN_END)
    assert summary.startswith("Each player starts with 15 gold, 7 palaces")
    assert facts.startswith("gold 15 · palaces 7")
    hits = index.search("starting gold", game="maharaja", limit=5)
    found = next(h for h in hits if h.document.id == "maharaja.starting")
    assert found.snippet.startswith("Each player <mark>starts</mark> with 15 <mark>gold</mark>")
    assert "·" not in found.snippet
    gold = next(d for d in index.documents if d.id == "maharaja.resource.gold")
    assert "camp" not in gold.body  # a value of 0 (no gold starts in a camp) is left out


def sentences_index() -> SearchIndex:
    from outputs.search.engine import SHOWN_END

    long = " ".join(f"word{i}" for i in range(40))
    return SearchIndex([
        Document("g.rule.two", "g", "rules", "Two", "", "Players pass in turn. A player who passes takes the bridge marker. "
                 "Then the bailiff moves."),
        Document("g.rule.long", "g", "rules", "Long", "", f"Start {long} needle {long}."),
        Document("g.ruling.q", "g", "rulings", "Q", "", "Can a player pass twice? | No. Passing ends the player's turn."),
        Document("g.cost.data", "g", "costs", "Cost", "", f"A palace costs 12 gold.{SHOWN_END}gold 12 · per palace"),
    ])


def test_a_snippet_is_whole_sentences_from_the_one_with_the_match() -> None:
    """A snippet starts where the sentence with the first matched word starts and ends with a
    sentence's end; the rest of a long text is left out without a dangling half sentence."""
    hits = {h.document.id: h.snippet for h in sentences_index().search("bridge marker")}
    assert hits["g.rule.two"] == "A player who passes takes the <mark>bridge</mark> <mark>marker</mark>. Then the bailiff moves."
    hits = {h.document.id: h.snippet for h in sentences_index().search("twice")}
    assert hits["g.ruling.q"] == "Can a player pass <mark>twice</mark>? | No. Passing ends the player&#x27;s turn."


def test_a_match_deep_in_a_long_sentence_follows_the_sentences_first_words() -> None:
    """The sentence's first words, " … ", the words around the match, " …": still a sentence."""
    snippet = sentences_index().search("needle")[0].snippet
    assert snippet.startswith("Start word0 word1 word2 word3 word4 … word31 ")
    assert snippet.endswith(" …") and "<mark>needle</mark>" in snippet


def test_the_first_words_before_the_ellipsis_leave_no_bracket_open() -> None:
    text = ("Green uses his own lawyer (no matter which of the many lawyers on the road it is, and whatever "
            "its owner might say) to pay 1 cloth and 1 denier and convert the neutral quarry.")
    snippet = SearchIndex([Document("g.example.x", "g", "examples", "X", "", text)]).search("quarry")[0].snippet
    assert snippet.startswith("Green uses his own lawyer … ") and "<mark>quarry</mark>." in snippet


def test_the_facts_after_the_summary_are_searched_but_never_shown() -> None:
    """"per palace" is in the entry's facts only: the entry is found, and its snippet is its summary."""
    hit = sentences_index().search("per")[0]
    assert hit.document.id == "g.cost.data"
    assert hit.snippet == "A palace costs 12 gold."


def test_remembered_words_are_bounded(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Folded words and their keys are remembered for speed, but a client sending endless new words
    fills the memory only up to the bound; the answers stay the same beyond it."""
    from outputs.search import analysis

    monkeypatch.setattr(analysis, "CACHED_WORDS", 50)
    analyzer = Analyzer.default().__class__(Analyzer.default().definition)  # a fresh one, empty caches
    for n in range(500):
        word = f"Kőfejtő{n}"
        assert analyzer.fold(word) == f"kofejto{n}"
        assert f"kofejto{n}" in analyzer.keys(analyzer.fold(word))
    assert len(analyzer._fold_cache) == 50 and len(analyzer._keys_cache) == 50
    assert analyzer.fold("x" * 41 + "Ő") == "x" * 41 + "o"  # a long text is folded, never remembered
    assert "x" * 41 + "Ő" not in analyzer._fold_cache


def vocabulary_analyzer(groups: list[dict[str, object]]) -> Analyzer:
    definition = dict(Analyzer.default().definition)
    definition["vocabulary"] = groups
    return Analyzer(definition)


def test_a_players_phrase_finds_the_rulebooks_phrase() -> None:
    """"who goes first" and the Duel's "power holder" share no word: the vocabulary joins them, and the
    phrase is one term that an entry matches with every word of one of the group's phrases."""
    analyzer = vocabulary_analyzer([{"game": "g", "phrases": ["goes first", "first player", "power holder"]}])
    index = SearchIndex([
        Document("g.term.power", "g", "terms", "power holder", "power holder", "The player who resolves first."),
        Document("g.rule.power", "g", "rules", "Who holds power", "Who holds power", "The power holder flicks first."),
        Document("g.rule.goes", "g", "rules", "Moving", "Moving", "A piece goes two spaces; the first is free."),
        Document("g.rule.half", "g", "rules", "Power", "Power", "Power is not held by anyone here."),
    ], analyzer)
    (term,) = analyzer.query("who goes first", "g")
    assert term.word == "goes first" and len(term.alternatives) == 3
    found = [h.document.id for h in index.search("who goes first", game="g")]
    assert found[0] == "g.term.power" and "g.rule.power" in found
    assert "g.rule.half" not in found  # "power" without "holder" is not the phrase


def test_a_games_vocabulary_stays_in_its_game() -> None:
    """A group written for one game is used in that game's search and in a search of every game, not
    in another game's: "gold" is money in Maharaja, a resource of its own in Caylus."""
    analyzer = vocabulary_analyzer([{"game": "maharaja", "phrases": ["money", "gold"]},
                                    {"game": None, "phrases": ["faq", "ruling"]}])
    assert analyzer.query("money", "maharaja")[0].alternatives
    assert analyzer.query("money", None)[0].alternatives
    assert not analyzer.query("money", "caylus")[0].alternatives
    assert analyzer.query("faq", "caylus")[0].alternatives  # a group of every game


def test_a_vocabulary_phrase_is_met_by_its_words_with_endings_only() -> None:
    """"workers" is the listed "worker" with an ending; "work" is another word, though both stem alike."""
    analyzer = vocabulary_analyzer([{"game": None, "phrases": ["meeple", "worker"]}])
    assert analyzer.query("workers")[0].alternatives
    assert not analyzer.query("work")[0].alternatives


def test_two_phrases_of_one_group_in_a_query_are_one_term() -> None:
    analyzer = vocabulary_analyzer([{"game": None, "phrases": ["negative points", "minus points", "lose points"]}])
    terms = analyzer.query("negative points or minus points for debts")
    assert [t.word for t in terms] == ["negative points", "debts"]


def test_a_phrase_is_in_a_name_only_with_its_words_in_a_row() -> None:
    """An entry whose name has the words apart ("Player.java (read for starting values)") matches the
    phrase "starting player" in its text, not in its name."""
    analyzer = vocabulary_analyzer([{"game": None, "phrases": ["who goes first", "starting player"]}])
    index = SearchIndex([
        Document("g.source", "g", "sources", "Player.java (read for starting values)", "", "Code of a player."),
        Document("g.rule", "g", "rules", "The starting player", "", "Chosen at random."),
    ], analyzer)
    assert [h.document.id for h in index.search("who goes first")] == ["g.rule", "g.source"]


def test_every_vocabulary_group_is_sound() -> None:
    """Each group of outputs/search/vocabulary.json names a game we have (or none), has at least two
    phrases of one to four words, and its last phrase is the catalog's own wording."""
    import json
    import re
    from pathlib import Path

    from games import REGISTRY

    root = Path(__file__).resolve().parent.parent
    groups = json.loads((root / "outputs" / "search" / "vocabulary.json").read_text(encoding="utf-8"))["groups"]
    catalog = " ".join(re.findall(r"\w+", " ".join(p.read_text(encoding="utf-8") for p in (root / "data").glob("*.yaml")).lower()))
    games = {m.game for m in REGISTRY.modules}
    problems = []
    for group in groups:
        phrases = group["phrases"]
        if group["game"] is not None and group["game"] not in games:
            problems.append(f"{phrases[0]}: unknown game {group['game']}")
        if len(phrases) < 2 or any(not 1 <= len(p.split()) <= 4 or p != p.lower() for p in phrases):
            problems.append(f"{phrases}: two or more phrases of 1-4 lower-case words")
        wording = " ".join(re.findall(r"\w+", phrases[-1]))
        if f" {wording} " not in f" {catalog} ":
            problems.append(f"{phrases[-1]}: the last phrase is not the catalog's wording")
    assert len(groups) >= 100 and not problems, problems


def test_the_syntax_pages_players_words_find_what_it_says(built) -> None:  # type: ignore[no-untyped-def]
    """The Search syntax page shows `who goes first` finding the Duel's player holding power and `VP`
    Caylus's prestige points: the built search finds them first, and only in their own game."""
    from outputs.search import index_from_database

    page = (built.build / "docs" / "search-syntax.md").read_text(encoding="utf-8")
    assert "| `who goes first` | The first player, whom the Duel calls the player holding power | " in page
    assert "| `VP` | Prestige points, which players call victory points | " in page
    index = index_from_database(built.build / "kb.db")
    assert index.search("who goes first", game="duel")[0].document.id == "duel.term.power-holder"
    assert "prestige point" in index.search("VP", game="caylus")[0].document.title
    assert "power" not in " ".join(h.document.id for h in index.search("who goes first", game="caylus"))


def test_gold_is_money_only_where_the_game_says_so(analyzer: Analyzer) -> None:
    """In Maharaja and the Duel the money is gold; in Caylus gold is a resource of its own beside the
    deniers. So "gold" and "arany" are not synonyms of money for every game: each game's vocabulary
    says what its money is."""
    def finds(query: str, game: str) -> frozenset[str]:
        return frozenset().union(*(t.keys for t in analyzer.query(query, game)))

    assert "denier" not in finds("gold", "caylus") and "denier" not in finds("arany", "caylus")
    assert "denier" in finds("money", "caylus")
    assert "gold" in finds("money", "maharaja") and "gold" in finds("money", "duel")
    assert "silver" in finds("money", "viscounts")


def test_a_snippet_marks_a_vocabulary_phrase_only_where_the_text_has_all_of_it() -> None:
    """"who goes first" finds an entry through "first player": its snippet marks "first" and "player";
    an entry's lone "player" (no "first", no "power holder") is not marked, a typed word always is."""
    analyzer = vocabulary_analyzer([{"game": None, "phrases": ["who goes first", "first player", "power holder"]}])
    index = SearchIndex([
        Document("g.rule.first", "g", "rules", "Turn order", "", "The first player takes a card."),
        Document("g.rule.power", "g", "rules", "The holder", "", "The power holder and the other player both flick."),
        Document("g.term.power", "g", "terms", "power holder", "", "Whoever has the marker acts first."),
    ], analyzer)
    snippets = {h.document.id: h.snippet for h in index.search("who goes first")}
    assert snippets["g.rule.first"] == "The <mark>first</mark> <mark>player</mark> takes a card."
    assert snippets["g.rule.power"] == "The <mark>power</mark> <mark>holder</mark> and the other player both flick."
    assert snippets["g.term.power"] == "Whoever has the marker acts <mark>first</mark>."
