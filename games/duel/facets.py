"""The Duel's search fields: what a card-database search filters cards by (``deck:B type:text``)."""

from __future__ import annotations

from catalog import Entry
from games.duel.kinds import DuelCard
from games.plugin import Facet, FacetValue, SearchExample


def card_facets() -> tuple[Facet, ...]:
    """The search fields of cards (a value no source gives is left out, so it matches no filter)."""
    def card(entry: Entry) -> DuelCard:
        assert isinstance(entry, DuelCard)
        return entry

    def present(*values: object) -> list[FacetValue]:
        return [v for v in values if isinstance(v, (str, int, float)) and not isinstance(v, bool)]

    return (
        Facet("deck", "The deck a card belongs to: A, B, C ...", ("cards",), lambda e, c: present(card(e).deck)),
        Facet("type", "A card's type: resource, craftsman, market, text ...", ("cards",), lambda e, c: present(card(e).card_type)),
        Facet("colour", "A card's frame colour: neutral, blue (Philip's) or red (Waleran's)", ("cards",),
              lambda e, c: present(card(e).colour)),
        Facet("copies", "How many copies of a card the deck holds", ("cards",), lambda e, c: present(card(e).count)),
    )


SEARCH_EXAMPLES = (
    SearchExample("deck:B type:text", "Text cards of deck B"),
    SearchExample("colour:red or colour:blue", "Personal cards, Waleran's and Philip's"),
    SearchExample("deck:A -type:text", "Cards of deck A other than text cards"),
    SearchExample("who goes first", "The first player, whom the Duel calls the player holding power"),
)
