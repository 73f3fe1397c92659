"""How Viscounts effects read in English, generated from the data (a card's ability, a slot's ability,
a castle or collision reward)."""

from __future__ import annotations

from collections.abc import Sequence

from catalog import Words
from games.viscounts.effects import (
    Choice, Destroy, DismissCost, Discard, ExtraMove, FreeHire, FreeManuscript, Flip, Gain, HandLimit, MoveCastleWorker,
    PermanentIcon, PlaceWorkers, PointsPer, Rearrange, Shuffle, Substitute, Trigger,
)

PIECES = {"silver": ("silver", "silver"), "ink": ("ink well", "ink wells"), "gold": ("gold", "gold"), "stone": ("stone", "stone"),
          "any_resource": ("resource of your choice (ink, gold or stone)", "resources of your choice (ink, gold or stone)"),
          "virtue": ("virtue", "virtue"), "corruption": ("corruption", "corruption"), "debt": ("debt", "debts"), "deed": ("deed", "deeds")}
FLIPS = {"debt": "a debt (to paid)", "deed": "a deed (to approved)", "debt_or_deed": "a debt or a deed"}
WHEN = {"after_build": "After you build", "after_noble": "After you place workers (noble action)",
        "after_transcribe": "After you transcribe a manuscript", "after_trade": "After you trade",
        "on_collision": "Whenever any player resolves a collision", "on_flip_debt": "Whenever you flip a debt",
        "on_gain_debt": "Whenever you gain a debt", "after_hire": "Whenever you hire a townsfolk"}
ACTIONS = {"trade": "trading", "build": "building", "noble": "placing workers", "transcribe": "transcribing"}
PAY = {"silver": "silver", "ink": "ink well", "gold": "gold", "stone": "stone", "merchant_icons": "merchant icons"}
PER = {"building": "building you built", "noble_icon": "noble icon", "criminal_icon": "criminal icon", "flipped_debt": "paid debt"}


def cards(n: int) -> str:
    return "a card" if n == 1 else f"{n} cards"


def simple(effect: object) -> str:
    if isinstance(effect, Gain):
        one, many = PIECES[effect.what]
        if effect.what in ("virtue", "corruption"):
            return f"+{effect.count} {one}"
        return f"gain {effect.count} {one if effect.count == 1 else many}"
    if isinstance(effect, Flip):
        return f"flip {FLIPS[effect.what]}" if effect.count == 1 else f"flip {effect.count} of {FLIPS[effect.what]}"
    if isinstance(effect, Discard):
        return f"discard {cards(effect.count)}"
    if isinstance(effect, Destroy):
        return f"destroy {cards(effect.count)}"
    if isinstance(effect, Rearrange):
        return "rearrange your board"
    if isinstance(effect, Shuffle):
        return "shuffle your discard pile into your deck"
    if isinstance(effect, FreeHire):
        return "hire a visible townsfolk for free"
    if isinstance(effect, MoveCastleWorker):
        return "move a tier-1 castle worker to an adjacent tier-1 section"
    if isinstance(effect, PlaceWorkers):
        return f"place {effect.count} workers free on a tier-1 castle section"
    if isinstance(effect, FreeManuscript):
        return f"take a manuscript costing {' or '.join(map(str, effect.costs))} free"
    if isinstance(effect, ExtraMove):
        return f"move {effect.spaces} more space{'s' if effect.spaces > 1 else ''} free"
    if isinstance(effect, DismissCost):
        return f"dismissing any townsfolk costs {effect.silver} silver"
    if isinstance(effect, PermanentIcon):
        return f"a permanent {effect.icon} icon"
    if isinstance(effect, HandLimit):
        return f"hand limit {effect.change:+d}"
    if isinstance(effect, PointsPer):
        return f"{effect.points} VP per {PER[effect.per]}" if effect.points is not None else f"VP per {PER[effect.per]} (how many is not known)"
    raise TypeError(f"no description for effect {effect!r}")


def steps(effects: Sequence[object]) -> str:
    """A sequence of steps in words, the first letter capitalised."""
    joiner = "; " if any(isinstance(e, (Trigger, Substitute)) for e in effects) else " and "
    out = joiner.join(step(e) for e in effects)
    return out[:1].upper() + out[1:]


def step(effect: object) -> str:
    if isinstance(effect, Choice):
        return " or ".join(" and ".join(simple(e) for e in option) for option in effect.options)
    if isinstance(effect, Trigger):
        condition = " if your board shows no criminal icon" if effect.only_without_criminal else ""
        return f"{WHEN[effect.when]}{condition}: {' and '.join(step(e) for e in effect.then)}"
    if isinstance(effect, Substitute):
        icons = f"{effect.icon_count} {effect.icon} icon{'s' if effect.icon_count > 1 else ''}"
        paid = f"{'one' if effect.once else 'each'} {effect.pay_count} {PAY[effect.pay]}" if effect.pay_count > 1 else \
               f"{'one' if effect.once else 'each'} {PAY[effect.pay]}"
        return f"When {ACTIONS[effect.action]}, {paid} may count as {icons}{' (once)' if effect.once else ''}"
    return simple(effect)


def describe(words: Words, effect: object) -> str:
    """One effect of the vocabulary in words (the game's registered wording)."""
    return steps([effect])
