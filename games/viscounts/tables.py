"""Viscounts' part of the database and the API: readable columns beside the data (abilities in words,
what a card gives), a table of each card's icons, the canned queries a player asks (cards with an
icon under a cost, every card that gives virtue, a Hungarian card name in English), the API examples
and the search fields."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

from catalog import Catalog, Entry
from games.plugin import (ApiExample, Column, DerivedColumns, Facet, FacetValue, LinkTable, Param, Query, RowContext,
                          SearchExample, piece_words)
from games.viscounts.browser import icon_list
from games.viscounts.effects import Choice, Gain, Trigger
from games.viscounts.kinds import (BuildingType, CastleTier, CastleWedge, CollisionPosition, Manuscript, TradeExchange,
                                   ViscountsCard)
from games.viscounts.wording import steps

GAME = "viscounts"


def gains(effects: Iterable[object]) -> Iterator[str]:
    """Every kind of piece an effect list can give (through choices and triggers too)."""
    for effect in effects:
        if isinstance(effect, Gain):
            yield effect.what
        elif isinstance(effect, Choice):
            for option in effect.options:
                yield from gains(option)
        elif isinstance(effect, Trigger):
            yield from gains(effect.then)


def card_columns(entry: Entry, row: RowContext) -> dict[str, Any]:
    if not isinstance(entry, ViscountsCard):  # another game's card
        return {}
    given = list(dict.fromkeys([*gains(entry.ability), *gains(entry.hire_effect or [])]))
    ability = steps(entry.ability) if entry.ability else None
    hire = steps(entry.hire_effect) if entry.hire_effect else ("unknown" if entry.hire_effect is None else None)
    return {"ability_text": ability, "hire_text": hire,
            "effect_text": "; ".join(x for x in (ability, f"hired or dismissed: {hire}" if hire else None) if x) or None,
            "icons_text": icon_list(list(entry.icons)), "icon_count": len(entry.icons),
            "gives": ", ".join(given) or None, "gives_virtue": int("virtue" in given)}


def text_column(kind: str, name: str, description: str, value: Any) -> DerivedColumns:
    """A column holding an entry's effect in words; named effect_text, the search reads it."""
    def values(entry: Entry, row: RowContext) -> dict[str, Any]:
        return {name: value(entry)}
    return DerivedColumns(kind, {name: Column(str, description)}, values)


def _building(e: Entry) -> str:
    assert isinstance(e, BuildingType)
    return "; ".join(f"slot {s.slot}: {steps([s.effect])}" for s in sorted(e.slot_abilities, key=lambda s: s.slot))


def _collision(e: Entry) -> str:
    assert isinstance(e, CollisionPosition)
    return f"current player: {steps(e.current_gains)}; others ({e.others_condition.replace('_', ' ')}): {steps(e.others_gain)}"


def _wedge(e: Entry) -> str:
    assert isinstance(e, CastleWedge)
    return steps(e.tier2_reward) + (f" (and a part not read: {e.unread_part})" if e.unread_part else "")


def _tier(e: Entry) -> str:
    assert isinstance(e, CastleTier)
    return steps(e.bump_reward) if e.bump_reward else "cannot be bumped"


def _exchange(e: Entry) -> str:
    assert isinstance(e, TradeExchange)
    return f"{e.merchant_icons} merchant icons: {steps(e.gives)}"


def _manuscript(e: Entry) -> str | None:
    assert isinstance(e, Manuscript)
    return steps([e.end_game]) if e.end_game else None


COLUMNS = (
    DerivedColumns("cards", {
        "ability_text": Column(str, "The card's ability, in words"),
        "hire_text": Column(str, "What hiring or dismissing it gives, in words (unknown where no source says)"),
        "effect_text": Column(str, "The ability and the hire effect together, in words (what the search reads)"),
        "icons_text": Column(str, "Its icons, in words"),
        "icon_count": Column(int, "How many icons it has"),
        "gives": Column(str, "Pieces its ability or hire effect can give: silver, ink, gold, stone, any_resource, virtue, corruption, debt, deed"),
        "gives_virtue": Column(int, "1 if its ability or hire effect can give virtue"),
    }, card_columns),
    text_column("building_types", "effect_text", "What each emptied slot uncovers, in words", _building),
    text_column("collision_positions", "effect_text", "What the current and the other players gain, in words", _collision),
    text_column("castle_wedges", "effect_text", "The tier-2 reward, in words", _wedge),
    text_column("castle_tiers", "effect_text", "What a bumped worker's owner gets, in words", _tier),
    text_column("trade_exchanges", "effect_text", "The exchange, in words", _exchange),
    text_column("manuscripts", "effect_text", "How it scores at the end, in words", _manuscript),
)


def icon_rows(catalog: Catalog, game: str) -> Iterator[dict[str, Any]]:
    for card in catalog.typed("cards", ViscountsCard, game):
        for icon, count in Counter(card.icons).items():
            yield {"card_id": card.id, "icon_id": f"{game}.icon.{icon}", "icon": icon, "count": count}


LINK_TABLES = (
    LinkTable("card_icons", {"card_id": str, "icon_id": str, "icon": str, "count": int}, ("card_id", "icon"),
              (("card_id", "cards", "id"), ("icon_id", "icons", "id")), icon_rows),
)

# name_forms.folded turns hyphens into spaces and kb_fold keeps them: the queries fold a hyphen the same way.
ICON_PARAM = Param("icon", "An icon in English or Hungarian: criminal, merchant, builder, noble, cleric (bűnöző, kereskedő, építő, nemes, szerzetes)")
QUERIES = (
    Query("cards_with_icon", "Cards with an icon, up to a cost",
          "Viscounts townsfolk and heroes showing an icon and costing at most the given silver, cheapest first.",
          "select c.id, c.name_en, c.name_hu, c.card_type, c.cost, c.icons_text, c.timing, c.ability_text, c.hire_text\n"
          "from cards c join card_icons ci on ci.card_id = c.id\n"
          "where c.cost <= cast(:max_cost as integer)\n"
          "  and ci.icon_id in (select i.id from icons i where i.slug = lower(trim(:icon))\n"
          "                     or i.id in (select entity_id from name_forms where folded = kb_fold_words(:icon)))\n"
          "order by c.cost, c.name_en, c.id",
          (ICON_PARAM, Param("max_cost", "The highest cost in silver (1 to 3)", type="integer", minimum=1, maximum=3))),
    Query("cards_giving_virtue", "Cards that give virtue",
          "Every Viscounts card whose ability or hire/dismiss effect can give virtue (also through a choice or a trigger).",
          "select c.id, c.name_en, c.name_hu, c.card_type, c.cost, c.timing, c.ability_text, c.hire_text\n"
          "from cards c where c.game = 'viscounts' and c.gives_virtue = 1\n"
          "order by c.cost, c.name_en, c.id"),
    Query("card_in_english", "A Hungarian card name in English",
          "A Viscounts card by its Hungarian (or English) name, with or without accents, in any case ending the text uses "
          "or a longer inflected form of it (favágót, uzsorásnak).",
          "select c.id, c.name_hu, c.name_en, c.card_type, c.cost, c.icons_text, c.ability_text\n"
          "from cards c\n"
          "where c.game = 'viscounts' and c.id in (select f.entity_id from name_forms f\n"
          "  where f.folded = kb_fold_words(:name)\n"
          "     or (length(f.folded) >= 4 and kb_fold_words(:name) like f.folded || '%'))\n"
          "order by c.cost, c.id",
          (Param("name", "A card's name in Hungarian or English, any case ending, accents optional"),)),
)

API_EXAMPLES = (
    ApiExample("Noble cards up to 2 silver", "/kb/cards_with_icon.json?icon=noble&max_cost=2&_shape=array",
               "Townsfolk and heroes with a noble icon costing at most 2 silver; `icon=nemes` asks the same in Hungarian."),
    ApiExample("Filter the cards table by icon", "/kb/cards.json?game=viscounts&icons__arraycontains=noble&cost__lte=1&_shape=array&_col=name_en&_col=cost&_col=icons",
               "`icons` is a JSON list: `icons__arraycontains` filters by one icon, and `_facet_array=icons` (on the HTML or JSON "
               "table view) counts the cards of each icon. The `card_icons` table has one row per card and icon."),
    ApiExample("Every card that gives virtue", "/kb/cards_giving_virtue.json?_shape=array",
               "Abilities and hire/dismiss effects that can raise virtue, in words."),
    ApiExample("A Hungarian card name in English", "/kb/card_in_english.json?name=favagot&_shape=array",
               "Favágót (no accents typed) is the Woodcutter; both Woodcutters come back."),
    ApiExample("The collision track", "/kb/collision_positions.json?_sort=position&_shape=array&_col=position&_col=effect_text",
               "What the current and the other players gain at each of the seven positions."),
)


def _card(e: Entry) -> ViscountsCard:
    assert isinstance(e, ViscountsCard)
    return e


def _icons(e: Entry, catalog: Catalog) -> list[FacetValue]:
    return [w for icon in dict.fromkeys(_card(e).icons) for w in piece_words(catalog, GAME, "icon", icon)]


FACETS = (
    Facet("cost", "What a card costs in silver (cost<=2)", ("cards",), lambda e, c: [_card(e).cost]),
    Facet("icon", "An icon a card shows: criminal, merchant, builder, noble, cleric (icon:nemes works too)", ("cards",), _icons),
    Facet("timing", "When a card's ability works: instant, ongoing, drop_off, none", ("cards",), lambda e, c: [_card(e).timing]),
    Facet("type", "A card's kind or type: starting, hero, neutral", ("cards",),
          lambda e, c: [_card(e).card_type]),
)

SEARCH_EXAMPLES = (
    SearchExample("game:viscounts icon:noble cost<=1", "Viscounts cards with a noble icon costing 1 silver"),
    SearchExample("icon:bűnöző timing:ongoing", "Ongoing criminal cards, the icon named in Hungarian"),
)
