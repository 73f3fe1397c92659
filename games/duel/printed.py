"""The values printed on a Duel card: which ones a card's effect leaves to the print (null in the
catalog), and the effect with them filled in. One reading for the catalog check (a deck's assumed
rows) and for the engine (the card tokens of scenarios and random games), so that both refuse the same
misspelt or missing value."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, get_args

from pydantic import ValidationError

from catalog.kinds import Card
from catalog.model import Model

OVERRIDES = ("colour", "one_use")
"""Printed on a token besides the effect's values: they override what the catalog says of the card."""
COLOURS: tuple[str, ...] = get_args(get_args(Card.model_fields["colour"].annotation)[0])
"""Frame colours (a card's ``colour``): neutral, or the player whose personal card it is."""


def printed_names(effect: Model) -> dict[str, str]:
    """Printed name -> effect field, for each value the card prints (null in the catalog). A card
    prints its price as ``gold`` where the effect charges per marker, and its one raw as ``raw``."""
    out = {}
    for name, value in effect.model_dump().items():
        if value is None:
            out["gold" if name == "gold_each" else "raw" if name == "raws" else name] = name
    return out


def fill_printed(effect: Model, printed: Mapping[str, Any]) -> Model:
    """The effect with the printed values filled in; ValueError naming the value that is unknown,
    missing or of the wrong kind."""
    names = printed_names(effect)
    known = ", ".join(sorted(names)) or "nothing"
    for name in printed:
        if name not in names and name not in OVERRIDES:
            raise ValueError(f"{name!r} is not a value this card prints (it prints: {known})")
    if "colour" in printed and printed["colour"] not in COLOURS:
        raise ValueError(f"'colour' is {printed['colour']!r}, not a frame colour ({', '.join(COLOURS)})")
    if "one_use" in printed and not isinstance(printed["one_use"], bool):
        raise ValueError(f"'one_use' is {printed['one_use']!r}, not true or false")
    values = effect.model_dump()
    for name, field in names.items():
        if name in printed:
            values[field] = [printed[name]] if field == "raws" else printed[name]
    # ``count`` left null means "any number", a value of its own, not a missing one
    missing = [name for name, field in names.items() if values[field] is None and field != "count"]
    if missing:
        raise ValueError(f"the value(s) {', '.join(missing)} are printed on the card and unknown; "
                         f"give them, e.g. {missing[0]}={'wood' if missing[0] == 'raw' else 2}")
    try:
        return type(effect).model_validate(values)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = str(first["loc"][0]) if first["loc"] else "effect"
        shown = next((n for n, f in names.items() if f == field), field)
        raise ValueError(f"{shown}: {first['msg']} (got {first.get('input')!r})") from None
