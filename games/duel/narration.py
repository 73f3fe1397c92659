"""How a Builders Duel scenario reads on the site: the engine's actions (``red line row1``,
``red convert 2wool``, ``chance deal a-income/gold=4``) and state keys (``players.red.camp.wool``,
``marks.blue``) as English sentences, with the catalog's names for cards and materials, and the card
offer as a three-by-three table."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from catalog.kinds import Resource
from games.grammar import (
    article,
    count,
    listing,
    parse_bundle,
    sentence,
)
from games.narration import (
    CHANCE,
    Clause,
    Fact,
    Holding,
    Narration,
    Table,
    Unworded,
)

DECK = re.compile(r" \((deck [A-Z])\)$")
"""The deck a generic card's name ends with: ``income card (deck A)``."""
GRID = 3
"""The offer is three rows of three cells, numbered row by row from 1."""
DECISIONS = {
    "stack": "stack the spare seals", "deal": "deal the next card of the offer", "place": "lay three markers in a line",
    "siege": "decide whether to play the Siege card", "flick": "flick a seal or give up the conflict",
    "face": "decide which face of the flicked seal lands up", "keep": "choose which seal to keep",
    "turn": "use cards, build or end the turn", "withdraw": "lift one of their markers off the offer",
    "buy_seals": "choose how many seals to buy", "take_raws": "choose the raw materials to take",
    "convert_raws": "choose the raw materials to convert", "market": "buy or sell at the market",
    "sell_wool": "choose how much wool to sell", "activate_card": "choose a card to activate",
    "return_material": "choose a material to give back",
}
PHASES = {"deal": "the cards of the offer are being dealt", "place": "the players are laying their markers",
          "siege": "the Siege card may be played", "conflict": "a conflict is under way",
          "turns": "the players are taking their turns", "over": "the game is over"}


class DuelNarration(Narration):
    decisions = DECISIONS
    score = Holding("finished section", "finished sections")

    # --- names --------------------------------------------------------------------------------------

    def card(self, token: str, deck: bool = True) -> str:
        """A card as the engine writes it (``a-income/gold=4/one_use=true``), with its printed values:
        ``income card (deck A, 4 gold, 1x)``; the deck left out where the offer's caption names it."""
        slug, *printed = token.split("/")
        name = self.name("card", slug)
        match = DECK.search(name)
        details = [match.group(1)] if match and deck else []
        name = DECK.sub("", name)
        for part in printed:
            key, _, value = part.partition("=")
            if key == "gold":
                details.append(f"{value} gold")
            elif key == "raw":
                details.append(self.resource(value).singular)
            elif key == "quantity":
                details.append(count(int(value), "material") if value.isdigit() else f"{value} materials")
            elif key == "wool_price":
                details.append(f"wool sold at {value}")
            elif key == "one_use":
                details.append("1x" if value == "true" else "not 1x")
            elif key == "colour":
                details.append(f"{value} frame")
            else:
                raise Unworded(token)
        return f"{name} ({', '.join(details)})" if details else name

    def the_card(self, token: str) -> str:
        """A card inside a sentence: ``the income card (...)``, but ``Aliena`` as she is."""
        named = self.card(token)
        return f"the {named}" if named[:1].islower() else named

    def deck(self, offer: list[str | None]) -> str:
        letters = sorted({m.group(1) for t in offer if t and (m := DECK.search(self.name("card", t.split("/")[0])))})
        return f" ({listing(letters)})" if letters else ""

    def line(self, name: str) -> str:
        kind, number = name.rstrip("0123456789"), name[len(name.rstrip("0123456789")):]
        if kind == "row":
            return f"row {number}"
        if kind == "col":
            return f"column {number}"
        if kind == "diag":
            corners = (1, GRID * GRID) if number == "1" else (GRID, GRID * GRID - GRID + 1)
            return f"the diagonal from cell {corners[0]} to cell {corners[1]}"
        raise Unworded(name)

    def seals(self, text: str) -> str:
        return listing([article(f"{s} seal") for s in text.split(",")])

    def built_side(self, bundle: Mapping[str, int], one: bool = False) -> str:
        """The building side of raw materials: ``{"wool": 2}`` -> ``2 cloth``; ``one``: ``a cloth``."""
        sides = {}
        for slug, n in bundle.items():
            raw = self.catalog.get(f"{self.game}.resource.{slug}")
            if not isinstance(raw, Resource) or raw.other_side is None:
                raise Unworded(slug)
            sides[raw.other_side] = n
        if one:
            return article(self.resource(next(iter(sides))).singular)
        return listing([self.resource(s).count(n) for s, n in sides.items()])

    # --- actions ------------------------------------------------------------------------------------

    def action(self, player: str, verb: str, args: tuple[str, ...], decision: str | None) -> Clause:
        if player == CHANCE:
            if verb == "deal" and len(args) == 1:
                return Clause("chance", f"deal {self.the_card(args[0])} into the next empty cell of the offer")
            if verb == "face" and len(args) == 1:
                return Clause("the flicked seal", f"land with {args[0]} up")
            if verb == "stack" and len(args) == 1:
                return Clause("chance", f"stack the spare seals, top first: {', '.join(args[0].split(','))}")
            raise Unworded(verb)
        return Clause(self.player(player), self.predicate(verb, args, decision))

    def predicate(self, verb: str, args: tuple[str, ...], decision: str | None) -> str:
        one = args[0] if len(args) == 1 else None
        if verb == "line" and one:
            return f"lay three markers along {self.line(one)}"
        if verb == "pass" and not args:
            return f"hold back the {self.name('card', 'siege')} card"
        if verb == "play" and one:
            return f"play the {self.name('card', 'siege')} card" if one == "siege" else f"play {self.the_card(one)}, kept from an earlier round"
        if verb == "withdraw" and one:
            return f"lift the marker on cell {one}"
        if verb == "flick" and args:
            return self.flick(args)
        if verb == "concede" and not args:
            return "give up the conflict"
        if verb == "keep" and one:
            return f"keep {article(one + ' seal')}"
        if verb == "use" and one:
            return f"use the card in cell {one}"
        if verb == "build" and len(args) == 2:
            return f"build {self.goods(args[1])} on section {args[0]}"
        if verb == "done" and not args:
            return "end the turn"
        if verb == "buy-seals" and one:
            return f"buy {one} seal{'s' if one != '1' else ''}" if one != "0" else "buy no seals"
        if verb == "take" and one:
            return f"take {self.goods(one)}"
        if verb == "convert" and args:
            return self.convert(args)
        if verb == "buy" and one:
            return f"buy {self.goods(one)} at the market"
        if verb == "sell" and one:
            return f"sell {self.goods(one)}" if parse_bundle(one) else "sell nothing"
        if verb == "finish" and not args:
            return "finish at the market"
        if verb == "activate" and one:
            return "activate no card" if one == "none" else f"activate the card in cell {one}"
        if verb == "return" and len(args) == 2:
            return f"give back the {self.resource(args[1]).singular} on section {args[0]}"
        raise Unworded(f"{verb} {' '.join(args)}")

    def flick(self, args: tuple[str, ...]) -> str:
        seal = "the personal seal" if args[0] == "personal" else article(f"{args[0]} seal")
        if len(args) == 1:
            return f"flick {seal}"
        if args[1] == "low":
            return f"lay down {seal} with its low face up, free"
        if args[1] == "high":
            return f"lay down {seal} with its high face up, paying gold for it"
        raise Unworded(" ".join(args))

    def convert(self, args: tuple[str, ...]) -> str:
        paying = ""
        if "paying" in args:
            at = args.index("paying")
            paying, args = f", paying {self.seals(args[at + 1])}", args[:at]
        if args == ("nothing",):
            return "convert nothing"
        if len(args) == 2:  # a raw, then the section it is built on at once
            return f"turn {article(self.resource(args[0]).singular)} into {self.built_side({args[0]: 1}, one=True)} for section {args[1]}{paying}"
        if len(args) == 1:
            bundle = parse_bundle(args[0])
            return f"turn {self.goods(args[0])} into {self.built_side(bundle)}{paying}"
        raise Unworded(" ".join(args))

    # --- the state ----------------------------------------------------------------------------------

    def holding(self, key: str) -> Holding | None:
        if key == "gold":
            return self.resource("gold")
        place, _, slug = key.partition(".")
        if place == "camp" and slug:
            return self.resource(slug)
        if place == "reserve" and slug:
            found = self.resource(slug)
            return Holding(f"{found.singular} in the reserve", f"{found.plural} in the reserve", in_changes=False)
        return None

    def column(self, key: str) -> str | None:
        place, _, rest = key.partition(".")
        if place == "camp":
            return self.resource(rest).singular.capitalize()
        if place == "sections":
            return f"Section {rest}"
        headers = {"gold": "Gold", "seals": "Seals", "finished": "Finished sections", "held": "Kept 1x cards",
                   "personal_seal": "Personal seal"}
        if key in headers:
            return headers[key]
        return None

    def cell(self, key: str, value: Any) -> str:
        if key == "personal_seal":
            return "in hand" if value else "used"
        if key == "held":
            return ", ".join(self.card(t) for t in value or []) or "—"
        if key.startswith("sections."):
            return ", ".join(self.resource(m).singular for m in value or []) or "—"
        if isinstance(value, list):
            return ", ".join(map(str, value)) or "—"
        return str(value or 0)

    def player_fact(self, player: str, key: str, value: Any) -> str:
        who = self.player(player)
        place, _, rest = key.partition(".")
        if place == "sections" and rest:
            held = [article(self.resource(m).singular) for m in value]
            return sentence(f"{who}'s section {rest} holds {listing(held)}") if held else sentence(f"{who}'s section {rest} is empty")
        if key == "finished":
            return sentence(f"{who} has finished section{'s' if len(value) != 1 else ''} {listing(value)}") if value \
                else sentence(f"{who} has finished no section")
        if key == "seals":
            return sentence(f"{who}'s seals: {', '.join(value)}") if value else sentence(f"{who} has no neutral seal")
        if key == "personal_seal":
            return sentence(f"{who} {'still has' if value else 'has used'} the personal seal")
        if key == "held":
            return sentence(f"{who} keeps {listing([self.the_card(t) for t in value])} for later") if value \
                else sentence(f"{who} keeps no 1x card")
        if key == "boxed":
            return sentence(f"out of play on {who}'s finished sections: {self.goods('+'.join(f'{n}{s}' for s, n in value.items()))}")
        raise Unworded(f"players.{player}.{key}")

    def fact(self, path: str, value: Any) -> str:
        head, _, rest = path.partition(".")
        if path == "bank":
            return f"The bank holds {value} gold."
        if path == "phase":
            return sentence(PHASES[value]) if value in PHASES else self.unknown(path)
        if path in ("round", "year"):
            return f"It is {path} {value}."
        if path == "power":
            return sentence(f"{self.player(value)} holds the power")
        if path == "used":
            cells = listing([str(c) for c in value])
            return (f"The card in cell {cells} has been used this turn." if len(value) == 1 else
                    f"The cards in cells {cells} have been used this turn." if value else "No card has been used this turn.")
        if path == "order":
            return sentence(f"{self.player(value[0])} acts first this round, then {self.players(value[1:])}")
        if path == "stack":
            return sentence(f"the seal stack, top first: {', '.join(value)}") if value else "The seal stack is empty."
        if head == "marks":
            return self.marks({rest: value} if rest else value)
        if head == "conflict":
            return self.conflict(rest, value)
        if path == "offer":
            dealt = [f"{self.the_card(t)} in cell {i}" for i, t in enumerate(value, start=1) if t]
            return sentence(f"the offer holds {listing(dealt)}") if dealt else "The offer is empty."
        return self.unknown(path)

    def unknown(self, path: str) -> str:
        raise Unworded(path)

    def marks(self, marks: Mapping[str, list[int]]) -> str:
        parts = [f"{self.player(p)}'s markers are on cells {listing([str(c) for c in cells])}" for p, cells in marks.items() if cells]
        return sentence(listing(parts)) if parts else "No marker is on the offer."

    def conflict(self, rest: str, value: Any) -> str:
        if not rest:
            return "No conflict is under way." if value is None else sentence(f"a conflict over cell {value['cell']} is under way")
        if rest == "cell":
            return f"The conflict is over the card in cell {value}."
        if rest == "totals":
            return sentence("conflict totals: " + listing([f"{self.player(p)} {n}" for p, n in value.items()]))
        if rest.startswith("totals."):
            return sentence(f"{self.player(rest.split('.', 1)[1])}'s conflict total is {value}")
        raise Unworded(f"conflict.{rest}")

    def situation(self, given: Mapping[str, Any], start: Mapping[str, Any]) -> list[Fact]:
        out: list[Fact] = []
        offer = start.get("offer") or given.get("offer") or []
        marks = start.get("marks") or given.get("marks") or {}
        if any(offer):
            owner = {cell: p for p, cells in marks.items() for cell in cells}
            rows = []
            for r in range(GRID):
                cells = []
                for c in range(GRID):
                    number = r * GRID + c + 1
                    token = offer[number - 1] if number - 1 < len(offer) else None
                    text = f"{number}. {self.card(token, deck=False)}" if token else f"{number}. —"
                    cells.append(text + (f", {self.player(owner[number])}" if number in owner else ""))
                rows.append((f"Row {r + 1}", *cells))
            caption = f"The card offer{self.deck(offer)}: cell number, card, and whose marker lies on it"
            out.append(Table(caption, ("", *(f"Column {c + 1}" for c in range(GRID))), tuple(rows)))
        elif "marks" in given:
            out.append(self.marks(marks))
        for key in ("year", "round", "power", "stack", "phase"):
            if key in given:
                out.append(self.fact(key, start.get(key, given[key])))
        return out
