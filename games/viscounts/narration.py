"""How a Viscounts scenario reads on the site: the engine's actions (``red build workshop 2a``,
``red move o3``) and state keys as English sentences, with the catalog's card names."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from games.grammar import count, listing, times
from games.narration import CHANCE, Clause, Holding, Narration, Unworded
from games.viscounts.kinds import ViscountsCard

DECISIONS = {
    "deal": "lay out the next player card and hero", "pair": "choose a player card and its hero",
    "castle": "turn the castle", "townsfolk": "turn up the next townsfolk card",
    "manuscript": "turn up the next manuscript", "draw": "draw the next card", "play": "play a card to the board",
    "move": "move the viscount", "action": "choose the primary action", "dismiss": "dismiss the townsfolk beside the viscount or keep it",
    "trade": "trade", "build": "choose a building and its spot", "noble": "place workers in the castle",
    "transcribe": "transcribe the manuscript", "hire": "hire the townsfolk beside the viscount or pass",
    "take": "choose a resource", "flip": "flip a debt or a deed", "discard": "discard a card or not",
    "destroy": "destroy a card or not", "rearrange": "rearrange the board or not", "free-hire": "hire a townsfolk free",
    "choose": "choose one reward", "climb": "choose the section whose worker climbs first",
    "bump": "choose whose worker is bumped", "shift": "move a castle worker sideways or not",
    "section": "choose a castle section", "free-manuscript": "take a manuscript free",
    "scheme": "turn up the Monk's next scheme card", "future": "give the Monk its next future scheme card",
}
COUNTS = {"silver": ("silver", "silver"), "ink": ("ink well", "ink wells"), "gold": ("gold", "gold"),
          "stone": ("stone", "stone"), "debts": ("unpaid debt", "unpaid debts"), "paid": ("paid debt", "paid debts"),
          "deeds": ("acquired deed", "acquired deeds"), "approved": ("approved deed", "approved deeds"),
          "workers": ("worker in the supply", "workers in the supply")}
ORDINALS = ("first", "second", "third", "fourth")
BUILDINGS = {"workshop": "a workshop", "trading-post": "a trading post", "guildhall": "a guildhall"}


class ViscountsNarration(Narration):
    decisions = DECISIONS

    @cached_property
    def card_names(self) -> dict[str, str]:
        return {e.id.rsplit(".", 1)[1]: e.names.en for e in self.catalog.typed("cards", ViscountsCard, self.game)}

    def card(self, slug: str) -> str:
        if slug == "top":
            return "the top card of the draw deck"
        if slug not in self.card_names:
            raise Unworded(f"card {slug}")
        return f"the {self.card_names[slug]}"

    def space(self, slug: str) -> str:
        path = {"o": "outer", "i": "inner"}.get(slug[:1])
        if path is None or not (slug[1:].isascii() and slug[1:].isdigit()):
            raise Unworded(f"space {slug}")
        return f"{path} space {slug[1:]}"

    def manuscript(self, slug: str) -> str:
        parts = slug.split("-")
        return f"a {parts[1]} manuscript costing {parts[2]}" if len(parts) >= 3 else "a manuscript"

    def action(self, player: str, verb: str, args: tuple[str, ...], decision: str | None) -> Clause:
        one = args[0] if args else ""
        if player == CHANCE:
            said = {
                "deal": lambda: f"lay out player card {one} with the hero {self.card(args[1]).removeprefix('the ')}",
                "castle": lambda: f"turn the castle by {count(_number(one), 'wedge')}",
                "townsfolk": lambda: f"turn up {self.card(args[1])} on townsfolk deck {one}",
                "manuscript": lambda: f"turn up {self.manuscript(args[1])} on pile {one}",
                "draw": lambda: f"give the card drawn: {self.card(one)}",
                "scheme": lambda: f"turn up the Monk's {_scheme(one)}",
                "future": lambda: f"give the Monk the future {_scheme(one)}",
            }
            if verb in said:
                return Clause("chance", said[verb]())
            raise Unworded(verb)
        return Clause(self.player(player), self.predicate(verb, args, decision))

    def predicate(self, verb: str, args: tuple[str, ...], decision: str | None) -> str:
        one = args[0] if args else ""
        simple = {"trade": "choose to trade", "noble": "choose the noble action", "transcribe": "transcribe the manuscript",
                  "dismiss": "dismiss the townsfolk beside the viscount", "keep": "keep the townsfolk beside the viscount",
                  "pass": "pass on hiring", "skip": "do without it"}
        if verb == "build" and not args:
            return "choose to build"
        if verb in simple and not args:
            return simple[verb]
        if verb == "hire":
            return f"hire from townsfolk deck {one} free" if args else "hire the townsfolk beside the viscount"
        if verb == "pair":
            return f"take player card {one} and its hero"
        if verb == "play":
            return f"play {self.card(one)} to the board"
        if verb == "move":
            return f"move the viscount to {self.space(one)}"
        if verb == "exchange":
            return f"use the exchange {times(_number(one))}"
        if verb == "build" and len(args) == 2:
            return f"build {BUILDINGS[args[0]]} on spot {args[1]}"
        if verb == "place":
            return f"place {count(_number(one), 'worker')} in the castle"
        if verb == "take":
            return f"take {COUNTS[one][0]}"
        if verb == "flip":
            return f"flip {'a debt' if one == 'debt' else 'a deed'}"
        if verb in ("discard", "destroy"):
            return f"{verb} {self.card(one)}"
        if verb == "rearrange":
            return "rearrange the board as " + listing([self.card(c) for c in one.split(",")])
        if verb == "choose":
            return f"choose reward {one}"
        if verb == "climb":
            return f"let a worker climb from section {one} first"
        if verb == "bump" and len(args) == 3:
            return f"bump a worker of {self.player(args[2])} from tier {args[0]} section {args[1]}"
        if verb == "shift" and len(args) == 2:
            return f"move a worker from section {args[0]} to section {args[1]}"
        if verb == "section":
            return f"place the workers in section {one}"
        if verb == "manuscript":
            return f"take the manuscript of pile {one} free"
        raise Unworded(f"{verb} {' '.join(args)}")

    def holding(self, key: str) -> Holding | None:
        if key in COUNTS:
            return Holding(*COUNTS[key])
        return None

    def cell(self, key: str, value: Any) -> str:
        if isinstance(value, list):
            return listing([self.card(c).removeprefix("the ") if c in self.card_names else str(c) for c in value if c]) or "none"
        return super().cell(key, value)

    def column(self, key: str) -> str | None:
        headers = {"hand": "Hand", "board": "Board", "viscount": "Viscount", "corruption": "Corruption marker",
                   "virtue": "Virtue marker"}
        return headers.get(key) or super().column(key)

    def player_fact(self, player: str, key: str, value: Any) -> str:
        who = self.player(player)
        if key in ("corruption", "virtue"):
            return f"{who}'s {key} marker stands on space {value}."
        if key == "viscount":
            return f"{who}'s viscount stands on {self.space(str(value))}."
        if key in ("discard", "hand", "board"):
            names = listing([self.card(c) for c in value if c]) or "nothing"
            return f"{who}'s {'discard pile' if key == 'discard' else key} holds {names}."
        if key == "manuscripts":
            return f"{who} has transcribed " + (listing([self.manuscript(m) for m in value]) or "no manuscript") + "."
        if key.startswith("built"):
            return f"{who} has built {value} of that building."
        if key == "deck":
            return f"{who}'s draw deck " + self.held(value) + "."
        if key == "player_card":
            return f"{who} holds player card {value}."
        raise Unworded(f"players.{player}.{key}")

    def fact(self, path: str, value: Any) -> str:
        if path == "castle.rotation":
            return f"The castle is turned by {count(value, 'wedge')}."
        if path.startswith("castle."):
            parts = path.split(".")
            if len(parts) == 4:
                return f"{self.player(parts[3])} has {count(value, 'worker')} on castle {parts[1].replace('tier', 'tier ')}, section {int(parts[2]) + 1}."
            if parts[1] == "tier3" and len(parts) == 3:
                return f"{self.player(parts[2])} has {count(value, 'worker')} in the castle's centre."
            if len(parts) == 3 and isinstance(value, dict):
                where = f"Castle {parts[1].replace('tier', 'tier ')}, section {int(parts[2]) + 1}"
                held = listing([f"{n} of {self.player(p)}'s workers" for p, n in value.items()])
                return f"{where} holds {held}." if held else f"{where} is empty."
        if path.startswith("scores"):
            return "The scores are " + (listing([f"{self.player(p)} {v}" for p, v in value.items()]) if isinstance(value, dict)
                                        else str(value)) + "."
        if path.startswith("spots."):
            owner, _, kind = str(value).partition(":")
            return f"{self.player(owner)}'s {BUILDINGS[kind].removeprefix('a ').removeprefix('an ')} stands on spot {path.split('.')[1]}."
        if path == "action.icons":
            return f"The action has {count(value, 'icon')} from the dismissed townsfolk."
        if path == "manuscripts":
            return "The manuscripts shown are " + listing([self.manuscript(m) for m in value if m]) + "."
        if path == "stage" and value == "over":
            return "The game is over."
        if path == "order":
            return "The turn order is " + listing([self.player(p) for p in value]) + "."
        if path.startswith("solo."):
            pile = {"schemes": "scheme slots", "discard": "scheme discard pile", "deck": "scheme deck",
                    "future": "future scheme deck"}.get(path.split(".")[1], path.split(".")[1])
            return f"The Monk's {pile}: " + (listing([_scheme(str(c)) for c in value if c]) or "none") + "."
        if path == "removed":
            return "Out of the game: " + listing([self.card(c) for c in value]) + "."
        return self.setup_fact(path, value)

    def held(self, value: Any) -> str:
        """What a pile holds (``holds the Abbot and the Thief``), or with includes and excludes, some of it."""
        if isinstance(value, dict):
            said = [f"holds {listing([self.card(c) for c in value.get('includes', [])])}" if value.get("includes") else "",
                    f"does not hold {listing([self.card(c) for c in value.get('excludes', [])])}" if value.get("excludes") else ""]
            return " and ".join(s for s in said if s) or "holds anything"
        return "holds " + (listing([self.card(c) for c in value]) or "nothing")

    def setup_fact(self, path: str, value: Any) -> str:
        """The townsfolk decks and manuscript piles, the pairs laid out at setup, the box, what an action cost."""
        head, _, index = path.partition(".")
        if head in ("townsfolk", "manuscripts") and index.isascii() and index.isdigit():
            where = f"{'Townsfolk deck' if head == 'townsfolk' else 'Manuscript pile'} {int(index) + 1}"
            if not value:
                return f"{where} shows nothing on top."
            return f"{where} shows {self.card(value) if head == 'townsfolk' else self.manuscript(value)} on top."
        if head in ("townsfolk_left", "manuscripts_left") and index.isascii() and index.isdigit():
            thing, where = ("townsfolk card", "townsfolk deck") if head == "townsfolk_left" else ("manuscript", "manuscript pile")
            return f"{count(value, thing)} {'lies' if value == 1 else 'lie'} hidden under the top of {where} {int(index) + 1}."
        if path == "pairs":
            laid = listing([f"player card {n} with {self.card(h).removeprefix('the ')}" for n, h in value])
            return f"Laid out: {laid}." if laid else "No player card is left laid out."
        if path == "box":
            return "The box " + self.held(value) + "."
        if path == "action.spent":
            paid = listing([f"{n} {COUNTS[k][0] if n == 1 else COUNTS[k][1]}" for k, n in value.items()])
            return f"The action cost {paid}." if paid else "The action cost nothing."
        return self.end_fact(path, value)

    def end_fact(self, path: str, value: Any) -> str:
        """The turn order, the Poverty and Prosperity cards and the rounds left."""
        if path == "turn":
            return f"The turn is with the {ORDINALS[int(value)]} player in turn order."
        if path in ("poverty", "prosperity"):
            return f"The {path.capitalize()} card is {'revealed' if value else 'not revealed'}."
        if path in ("debt_pile", "deed_pile"):
            card, thing = ("Poverty", "debt") if path == "debt_pile" else ("Prosperity", "deed")
            return f"{count(value, thing)} {'is' if value == 1 else 'are'} left on the {card} card."
        if path == "last_round":
            return f"Round {value} is the last." if value else "No end card has been revealed."
        if path == "round":
            return f"It is round {value}."
        if path == "collision_at":
            return f"The collision pays the rewards of space {value} of the collision track."
        if path == "leader":
            return f"{self.player(str(value))} holds the castle leader card." if value else "Nobody holds the castle leader card."
        raise Unworded(path)


def _scheme(name: str) -> str:
    """An assumed scheme card (data/viscounts-cards.yaml, assumed_schemes) in words."""
    return f"scheme “{name.replace('-', ' ')}”"


def _number(arg: str) -> int:
    """An action's count argument (``red place 2``); anything else is not an action the narration words."""
    if not (arg.isascii() and arg.isdigit()):
        raise Unworded(f"not a number: {arg!r}")
    return int(arg)
