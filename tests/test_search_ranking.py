"""Ranking beyond the words (outputs/search/ranking.py): ties broken by what the entry is, each game's
vocabulary and translations for that game's entries only (also over all games), and a query in a
language only one game has ranking that game first. On small hand-made indexes, and on the real one
for the examples of issue 29."""

from __future__ import annotations

from typing import Any

from outputs.search import Analyzer, Document, SearchIndex
from outputs.search.analysis import load_definition
from outputs.search.engine import KIND_FACTOR


def ids(index: SearchIndex, query: str, game: str | None = None) -> list[str]:
    return [h.document.id for h in index.search(query, game=game, limit=20)]


# --- ties -------------------------------------------------------------------------------------------

def test_a_rules_main_statement_comes_before_its_edge_case_of_the_same_words() -> None:
    """Both rules are named alike in Hungarian (the rulebook's heading): the one stated first in its
    section comes first, whatever the alphabet says ("An empty ..." sorts before "Transcribing ...")."""
    documents = [
        Document("g.transcribe.empty-pile", "g", "rules", "An empty manuscript pile", "Kódex másolása", "Piles are not refilled.", order=4),
        Document("g.transcribe.cost", "g", "rules", "Transcribing a manuscript", "Kódex másolása", "Pay the cost and take it.", order=1),
    ]
    for shuffled in (documents, documents[::-1]):
        hits = SearchIndex(shuffled).search("kódex másolása")
        assert hits[0].score == hits[1].score
        assert [h.document.id for h in hits] == ["g.transcribe.cost", "g.transcribe.empty-pile"]


def test_a_heading_several_rules_share_is_not_the_name_of_one() -> None:
    """Rules named by their section's heading ("Jegyző") mention the lawyer more often than the
    building does: the building, the one entry the word names, still comes first."""
    index = SearchIndex([
        Document("g.rule.lawyer", "g", "rules", "Using the lawyer", "Using the lawyer | Jegyző", "The lawyer, the lawyer, the lawyer.",
                 name_hu="Jegyző", order=1),
        Document("g.rule.lawyer-limits", "g", "rules", "What the lawyer cannot do", "What the lawyer cannot do | Jegyző", "The lawyer, the lawyer.",
                 name_hu="Jegyző", order=2),
        Document("g.building.lawyer", "g", "buildings", "Lawyer", "Lawyer | jegyző", "Converts a building.", name_hu="jegyző"),
    ])
    assert ids(index, "jegyző")[0] == "g.building.lawyer"
    assert ids(index, "using the lawyer")[0] == "g.rule.lawyer"  # a rule's own name still earns it


def test_at_equal_score_the_thing_comes_before_the_entries_that_mention_it() -> None:
    """One name, five kinds: the piece, its glossary entry and the rule score alike, and the tie goes
    to the thing; the ruling and the example, which retell rules (a lower kind factor), come after;
    the alphabet of their titles or ids does not decide."""
    kinds = {"a.example.x": "examples", "b.ruling.x": "rulings", "c.rule.x": "rules", "d.term.x": "terms", "e.component.x": "components"}
    index = SearchIndex([Document(i, "g", kind, "quarry", "quarry", "") for i, kind in kinds.items()])
    hits = index.search("quarry")
    assert len({round(h.score, 6) for h in hits if h.document.kind not in KIND_FACTOR}) == 1
    assert [h.document.kind for h in hits] == ["components", "terms", "rules", "rulings", "examples"]


def test_source_records_come_after_our_entries_that_match_as_many_words() -> None:
    """"rules" is in the titles of the rulebooks we cite; a player asking about rules means ours."""
    index = SearchIndex([
        Document("g.source.en", "g", "sources", "Official English rules", "Official English rules", "The rules, as published."),
        Document("g.rule.order", "g", "rules", "Turn order", "Turn order", "The rules for who plays next."),
    ])
    hits = index.search("rules")
    assert hits[0].score < hits[1].score and [h.document.id for h in hits] == ["g.rule.order", "g.source.en"]
    # a source that matches more of the words still comes first
    assert ids(index, "official english rules")[0] == "g.source.en"


# --- each game's words for its own entries ------------------------------------------------------------

def small_analyzer() -> Analyzer:
    """The real definition, with two games' vocabularies for "meeple" and one Polish lemma only."""
    definition: dict[str, Any] = {**load_definition()}
    definition["vocabulary"] = [{"game": "a", "phrases": ["meeple", "worker"]},
                                {"game": "b", "phrases": ["meeple", "architect"]}]
    definition["translations"] = {"pl": {"kamieniołom": {"forms": ["kamieniołom", "kamieniołomu"], "en": ["quarry"]}}}
    return Analyzer(definition)


def two_games() -> SearchIndex:
    return SearchIndex([
        Document("a.building.architect", "a", "buildings", "Architect", "Architect | architekt", "Builds a prestige building.", name_pl="architekt"),
        Document("a.component.worker", "a", "components", "worker", "worker | robotnik", "Each player's five pieces.", name_pl="robotnik"),
        Document("a.building.quarry", "a", "buildings", "Quarry", "Quarry | kamieniołom", "Produces stone.", name_pl="kamieniołom"),
        Document("b.component.architect", "b", "components", "architect", "architect", "Each player's pawn."),
        Document("b.action.quarry", "b", "rules", "Quarry", "Quarry", "Take 2 stones from the quarry. 2 houses."),
        Document("b.rule.pairs", "b", "rules", "2", "2", "With 2 players, 2 pawns each, 2 rounds."),
    ], analyzer=small_analyzer())


def test_a_games_vocabulary_finds_only_that_games_entries_over_all_games() -> None:
    """"meeple" is game a's worker and game b's architect: searching every game finds both, and not
    game a's Architect building, which is no meeple in game a."""
    found = ids(two_games(), "meeple")
    assert set(found) == {"a.component.worker", "b.component.architect"}
    assert ids(two_games(), "meeple", game="a") == ["a.component.worker"]


def test_a_translation_applies_to_the_games_of_its_language_only() -> None:
    """Only game a has Polish names: the Polish word finds a's quarry, not b's, also over all games."""
    assert ids(two_games(), "kamieniołomu") == ["a.building.quarry"]
    assert ids(two_games(), "kamieniołomu", game="b") == []


def test_a_query_in_the_language_only_one_game_has_ranks_that_game_first() -> None:
    """"2" names one entry of game b, which scores above game a's quarry for the Polish word; both match
    one word of two, and the query is Polish: game a comes first."""
    index = two_games()
    assert index.language_game("kamieniołomu 2") == "a"
    hits = index.search("kamieniołomu 2")
    assert [h.document.id for h in hits][:2] == ["a.building.quarry", "b.rule.pairs"] and hits[0].score < hits[1].score
    assert index.language_game("quarry 2") is None
    assert ids(index, "quarry 2")[0] == "b.action.quarry"


# --- the real catalog: the issue's examples ----------------------------------------------------------

def real_index(built: Any) -> SearchIndex:
    from outputs.search import index_from_database

    return index_from_database(built.build / "kb.db")


def test_the_issues_examples_over_all_games(built) -> None:  # type: ignore[no-untyped-def]
    index = real_index(built)
    meeple = ids(index, "meeple")
    assert "caylus.building.architect" not in meeple, "Maharaja's meeple (its architect) is no Caylus building"
    assert {"caylus.component.worker", "maharaja.component.architect"} <= set(meeple[:8])
    assert ids(index, "kamieniołomu")[0].startswith("caylus.building.quarry")
    assert not [i for i in ids(index, "kamieniołomu") if not i.startswith("caylus.")]
    ends = ids(index, "véget ér")
    assert not [i for i in ends[:5] if i.startswith("caylus.scoring.")], "'ér' in 'véget ér' is not 'worth'"


def test_the_issues_ties_on_the_real_catalog(built) -> None:  # type: ignore[no-untyped-def]
    index = real_index(built)
    transcribe = ids(index, "kódex másolása", game="viscounts")
    assert transcribe.index("viscounts.transcribe.cost") < transcribe.index("viscounts.transcribe.empty-pile")
    assert not [i for i in ids(index, "rules")[:10] if ".source." in i]
