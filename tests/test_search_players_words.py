"""Players' words the rulebooks do not use (outputs/search/translations/*.json, vocabulary.json): a
question as a player types it at the table, in English, Hungarian or Polish, finds the entry that
answers it, on the real index. Each of these found nothing, or the wrong entry, before its word was
added."""

from __future__ import annotations

import pytest

from outputs.search import SearchIndex, index_from_database


@pytest.fixture(scope="module")
def index(built) -> SearchIndex:  # type: ignore[no-untyped-def]
    return index_from_database(built.build / "kb.db")


@pytest.mark.parametrize(("query", "game", "answer"), [
    # who starts: Caylus has only a turn order, the Duel a power holder
    ("who starts", "caylus", "caylus.setup.turn-order"),
    ("ki kezd", "caylus", "caylus.setup.turn-order"),
    ("kto zaczyna", "caylus", "caylus.setup.turn-order"),
    ("who starts", "duel", "duel.term.power-holder"),
    # capacity: how many fit
    ("how many houses fit in a village", "maharaja", "maharaja.building.village-capacity"),
    ("hány ház fér egy faluba", "maharaja", "maharaja.building.village-capacity"),
    # first place: Maharaja pays gold by rank
    ("első hely", "maharaja", "maharaja.scoring.payout"),
    # turning one thing into another (Caylus's lawyer converts a building into a residence)
    ("alakítsd át a rezidenciát", "caylus", "caylus.phase5.lawyer-tiles"),
    # pieces and places the player names differently from the rulebook
    ("mennyi pontot ér a kézirat", "viscounts", "viscounts.transcribe.scoring"),
    ("kidobok egy kártyát", "viscounts", "viscounts.effects.destroy"),
    ("céh", "viscounts", "viscounts.building.guildhall"),
    ("vásár", "caylus", "caylus.phase5.marketplace"),
    ("mennyi zsetont kapok", "maharaja", "maharaja.component.action-chit"),
])
def test_a_players_question_finds_its_answer_first(index: SearchIndex, query: str, game: str, answer: str) -> None:
    hits = index.search(query, game=game)
    assert hits and hits[0].document.id == answer, [h.document.id for h in hits[:5]]


@pytest.mark.parametrize(("query", "game", "answer"), [
    ("prépost", "caylus", "caylus.term.provost"),       # the rulebook says intéző
    ("ügyvéd", "caylus", "caylus.building.lawyer"),     # the rulebook says jegyző
    ("jogásszal", "caylus", "caylus.building.lawyer"),  # assimilated instrumental of jogász
    ("przysługa", "caylus", "caylus.term.royal-favour"),  # the rulebook says łaska
    ("szerepkártya", "maharaja", "maharaja.term.character-card"),
    ("bérelek", "viscounts", "viscounts.term.hire"),
])
def test_a_players_word_for_a_piece_finds_it_among_the_first_three(index: SearchIndex, query: str, game: str, answer: str) -> None:
    assert answer in [h.document.id for h in index.search(query, game=game)[:3]]


def test_a_games_own_players_words_stay_in_that_game_over_all_games(index: SearchIndex) -> None:
    """Over all games (Home), a word of one game's vocabulary finds only that game's entries: the
    action disc's "tárcsa" is Maharaja's, "kezdeményezés" (initiative) the Duel's; "többség"
    (majority) is both Maharaja's gold by rank and Viscounts' podium, and no other game's."""
    def games(query: str) -> set[str]:
        return {h.document.game for h in index.search(query, limit=20)}

    assert games("tárcsa") == {"maharaja"}
    assert games("kezdeményezés") == {"duel"}
    assert games("többség") == {"maharaja", "viscounts"}
