"""Cards in play: a catalog card plus the values printed on it.

The rulebook only pictures most cards' numbers, so a card in the offer is written as a token:
the card's slug, then ``/name=value`` for each printed value, e.g. ``a-income/gold=4``,
``b-craftsman/raw=ore/gold=3`` or ``siege``. ``colour=`` and ``one_use=`` override what the
catalog says (or does not know). Scenarios write the tokens they need; random games take them
from the deck composition the catalog declares as an assumption.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from engine.core import ActionSyntaxError
from engine.duel.rules import Rules
from catalog import Model
from games.duel.kinds import DuelCard
from games.duel.printed import fill_printed


def token(card: str, printed: dict[str, Any]) -> str:
    parts = [card] + [f"{k}={_text(v)}" for k, v in sorted(printed.items())]
    return "/".join(parts)


def _text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _value(text: str) -> Any:
    if text in ("true", "false"):
        return text == "true"
    return int(text) if text.lstrip("-").isascii() and text.lstrip("-").isdigit() else text


@dataclass(frozen=True)
class CardInPlay:
    token: str
    card: DuelCard
    printed: dict[str, Any]

    @cached_property
    def slug(self) -> str:
        return self.token.split("/", 1)[0]

    @cached_property
    def colour(self) -> str:
        """Unknown colours count as neutral (see duel.discrepancy.generic-card-values)."""
        return str(self.printed.get("colour", self.card.colour or "neutral"))

    @cached_property
    def one_use(self) -> bool:
        return bool(self.printed.get("one_use", self.card.one_use or False))

    @cached_property
    def personal(self) -> bool:
        return self.colour != "neutral"

    def usable_by(self, player: str) -> bool:
        return not self.personal or self.colour == player

    def effect(self) -> Model:
        """The card's effect with every printed value filled in; raises if one is missing."""
        effect = self.card.effect
        if effect is None:
            raise ActionSyntaxError(f"card {self.slug} has no effect in the catalog")
        try:
            return fill_printed(effect, self.printed)
        except ValueError as exc:
            raise ActionSyntaxError(f"card {self.token}: {exc}") from None

    @cached_property
    def effect_data(self) -> dict[str, Any]:
        """:meth:`effect` as plain data, worked out once per card: the engine only reads it (the
        choices it asks keep it in their decision's data)."""
        return self.effect().model_dump()


def card_in_play(rules: Rules, text: str) -> CardInPlay:
    """The card of a token; each token is read once per rules (a year deals the same few again and again)."""
    known = rules.cards_in_play.get(text)
    if known is not None:
        return known
    slug, *rest = text.split("/")
    card = rules.cards.get(slug)
    if card is None:
        raise ActionSyntaxError(f"unknown card {slug!r} (known: {', '.join(sorted(rules.cards))})")
    printed: dict[str, Any] = {}
    for part in rest:
        name, sep, value = part.partition("=")
        if not sep:
            raise ActionSyntaxError(f"card {text!r}: {part!r} is not name=value")
        printed[name] = _value(value)
    rules.cards_in_play[text] = found = CardInPlay(text, card, printed)
    return found
