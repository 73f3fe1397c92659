"""Viscounts of the West Kingdom, the public entry point of its engine.

``Viscounts(players=3)`` holds the static rules (read from the catalog, the main board as the
catalog's assumed layout); ``new_state()`` starts at setup with chance dealing the player-card pairs;
``legal_actions``/``apply`` as every engine. Notation: engine/viscounts/choices.py. Hidden draws and
reveals are chance actions. With 1 player the Monk AI plays too (engine/viscounts/solo.py). Known gaps (listed in the engine test file and the report of issue 13):
transcribing from an empty pile, card abilities the catalog leaves null (hire effects of starting
townsfolk and heroes, which then give nothing)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from catalog import Catalog
from engine.core import CHANCE, Action, Decision, DecisionGame, InvalidState
from engine.merge import merge
from engine.viscounts import choices, flow, scoring, solo
from engine.viscounts import effects as fx
from engine.viscounts.board import Board
from engine.viscounts.invariants import KeptCounts, invariant_problems
from engine.viscounts.position import check_position, check_turn
from engine.viscounts.rules import COLOURS, GAME, READS, Rules
from engine.viscounts.state import Castle, Player, State


PLAYOUT_WEIGHTS = {"skip": 0.2, "keep": 0.5, "pass": 0.5, "rearrange": 0.1}
"""Verbs random play picks less often than acting (any other verb weighs 1)."""


class Viscounts(DecisionGame):
    name = GAME
    READS = READS
    notation_rule = "viscounts.turn.phases"
    over_rule = "viscounts.end.trigger"

    def __init__(self, players: tuple[str, ...] | list[str] | int = 3, variants: tuple[str, ...] | list[str] = (),
                 catalog: Catalog | None = None):
        self.rules = Rules.load(catalog)
        self.board = Board.build(self.rules)
        counts = self.rules.player_counts
        self.player_counts = tuple(counts)
        count = players if isinstance(players, int) else len(players)
        if count not in counts:
            raise ValueError(f"Viscounts is played by {counts[0]} to {counts[-1]} players, got {count}")
        if variants:
            raise ValueError(f"Viscounts has no variants in the engine, got {', '.join(variants)}")
        chosen = tuple(COLOURS[:count]) if isinstance(players, int) else tuple(players)
        if len(set(chosen)) != count or not set(chosen) <= set(COLOURS):
            raise ValueError(f"players are distinct colours of {', '.join(COLOURS)}; got {', '.join(map(str, chosen))}")
        self.players = chosen
        self._kept = KeptCounts()
        self._heroes = frozenset(c.slug for c in self.rules.cards.values() if c.kind == "hero")
        self._deals: dict[tuple[int, str], Action] = {}

    # --- states ---------------------------------------------------------------------------------

    def _blank(self) -> State:
        rules, n = self.rules, len(self.players)
        sections = len(rules.wedges)
        players = {c: Player(board=[None] * len(rules.starting_icons), workers=rules.workers,
                                virtue=rules.track_end) for c in self.players}
        box: list[str] = []
        for card in rules.cards.values():
            if card.kind == "starting":
                box += [card.slug] * card.count
        neutral = sorted(c.slug for c in rules.cards.values() if c.kind == "neutral" for _ in range(c.count))
        decks = self.board.segments
        sizes = [len(neutral) // decks + (i < len(neutral) % decks) for i in range(decks)]
        grey = sorted(m.slug for m in rules.manuscripts.values() if m.back == "grey" for _ in range(m.count))
        black = sorted(m.slug for m in rules.manuscripts.values() if m.back == "black" for _ in range(m.count))
        heroes = sorted(c.slug for c in rules.cards.values() if c.kind == "hero")
        state = State(players=players, order=list(self.players), box=box + heroes,
                     castle=Castle([{} for _ in range(sections)], [{} for _ in range(sections)], {}, -1),
                     townsfolk=[None] * decks, townsfolk_left=sizes, townsfolk_pool=neutral,
                     manuscripts=[None] * decks, manuscripts_left=[len(grey + black) // decks] * decks,
                     grey_pool=grey, black_pool=black, bonus_left=list(rules.ribbons),
                     debt_pile=rules.pile_size("debt", n), deed_pile=rules.pile_size("deed", n))
        if n == 1:
            solo.blank(rules, state)
        return state

    def new_state(self) -> State:
        state = self._blank()
        self._advance(state)
        return state

    def scenario_start(self, given: dict[str, Any]) -> State:
        """A plain start, edited by ``given``: player i took player card i+1 and the i-th hero (by name),
        castle wedge a at section 1, townsfolk and manuscripts dealt in name order, every card of a
        player in their draw deck; ``to_move`` starts that player's turn (``stage`` a later phase)."""
        state = self._blank()
        state.castle.rotation = 0
        for i, who in enumerate(self.players):
            hero = sorted(c for c in state.box if self.rules.cards[c].kind == "hero")[0]
            state.box.remove(hero)
            self._take_pair(state, who, i + 1, hero)
        state.queue = []
        if state.solo is not None:  # the AI's viscount starts on the next player card's space
            solo.start(self.rules, state, self.board, self._start_space(len(self.players) + 1))
            while state.queue:  # its start is done before ``given`` edits the position
                if flow.resolve(state, self.rules, self.board, state.queue.pop(0)) is not None:
                    raise ValueError("the Monk's start asks for a decision: a scenario cannot start from there")
        for seg in range(self.board.segments):
            state.townsfolk[seg] = state.townsfolk_pool.pop(seg * 7 % len(state.townsfolk_pool))
            state.townsfolk_left[seg] -= 1
            state.manuscripts[seg] = state.grey_pool.pop(0)
            state.manuscripts_left[seg] -= 1
        state.stage = "slide"
        if given:
            data = merge(state.to_dict(), {k: v for k, v in given.items() if k != "to_move"})
            data["pending"] = []
            schemes = set(solo.solo_rules(self.rules).schemes) if state.solo is not None else None
            check_position(data, self.rules, self.board, list(state.order), schemes)
            state = State.from_dict(data)
            self._reconcile(state, given)
        if "to_move" in given:
            if given["to_move"] not in state.order:
                raise ValueError(f"given.to_move: {given['to_move']!r} is not a player ({', '.join(state.order)})"[:300])
            state.turn = state.order.index(given["to_move"])
        if given:
            check_turn(state.stage, state.current, state.solo is not None)
        try:
            self.check(state)
        except InvalidState as exc:  # the invariants of every step, on the position as given
            raise InvalidState(f"given: an impossible position: {exc}") from exc
        self._advance(state)
        return state

    def _reconcile(self, state: State, given: dict[str, Any]) -> None:
        """Cards ``given`` puts somewhere come out of where they were (the player's own draw deck unless
        given, then the townsfolk under the tops, then the box); cards it leaves out go to the box."""
        from engine.viscounts.invariants import zones

        seen, total = zones(state), Counter(self.rules.card_copies)
        surplus, missing = seen - total, total - seen
        given_players = given.get("players") or {}
        sources = [p.deck for w, p in state.players.items() if "deck" not in (given_players.get(w) or {})]
        for card, n in surplus.items():
            for _ in range(n):
                source = next((s for s in [*sources, state.townsfolk_pool, state.box] if card in s), None)
                if source is None:
                    raise ValueError(f"given: more copies of {card!r} than the box holds ({total[card]})")
                source.remove(card)
        state.box += sorted(missing.elements())
        for p in state.players.values():
            p.deck.sort()

    def _take_pair(self, state: State, who: str, number: int, hero: str) -> None:
        """viscounts.setup.choose-pair: the viscount to the card's space, its contents, the starting deck."""
        card = self.rules.player_cards[number]
        player = state.players[who]
        player.player_card = number
        player.viscount = f"o{self._start_space(number)}"
        starting = [c.slug for c in self.rules.cards.values() if c.kind == "starting"]
        for slug in starting:
            state.box.remove(slug)
        player.deck = sorted(starting + [hero])
        state.queue.extend({"p": who, "e": s.model_dump()} for s in card.assumed_contents)

    def _start_space(self, number: int) -> int:
        return self.rules.player_cards[number].assumed_start_space or number

    def check(self, state: State) -> None:
        problem = next(invariant_problems(state, self.rules, self._kept), None)
        if problem is None and state.solo is not None:
            problem = next(solo.problems(state, self.rules), None)
        if problem is not None:
            raise InvalidState(problem)

    def from_dict(self, raw: dict[str, Any]) -> State:
        state = State.from_dict(raw)
        self.check(state)
        return state

    # --- play ------------------------------------------------------------------------------------

    def _advance(self, state: State) -> None:
        while True:
            if state.stage == "setup" and not state.pending and not state.queue:
                decision = self._setup_step(state)
                if decision is not None:
                    state.pending.append(decision)
                    return
                continue
            flow.advance(state, self.rules, self.board)
            if state.pending and solo.is_ai(state, state.pending[-1].player):
                decision = state.pending.pop()  # the AI decides by its rules, never the caller
                action = solo.pick(self.rules, state, decision, choices.legal(state, self.rules, self.board, decision))
                state.log.append(str(action))
                choices.apply(state, self.rules, self.board, decision, action)
                continue
            if state.pending or state.stage != "setup":
                return

    def _setup_step(self, state: State) -> Decision | None:
        n = len(self.players)
        chosen = [p for p in self.players if state.players[p].player_card]
        if len(state.pairs) + len(chosen) < n + 1:
            return Decision("deal", CHANCE, "viscounts.setup.player-card-pairs")
        if len(chosen) < n:
            reverse = list(self.players)[::-1]
            return Decision("pair", next(p for p in reverse if not state.players[p].player_card), "viscounts.setup.choose-pair")
        if state.castle.rotation < 0:
            return Decision("castle", CHANCE, "viscounts.setup.castle")
        for seg, top in enumerate(state.townsfolk):
            if top is None and state.townsfolk_left[seg]:
                return Decision("townsfolk", CHANCE, "viscounts.setup.townsfolk-decks", {"seg": seg})
        for seg, top in enumerate(state.manuscripts):
            if top is None and state.grey_pool:
                return Decision("manuscript", CHANCE, "viscounts.setup.manuscript-piles", {"seg": seg, "grey": True})
        for who in self.players:
            if len(state.players[who].hand) < self.rules.hand_limit:
                d = flow.draw_one(state, self.rules, who, "hand")
                if d is not None:
                    return d
                return None
        if state.solo is not None:  # viscounts.solo.player-cards: the pair left over places the AI
            solo.start(self.rules, state, self.board, self._start_space(state.pairs[0][0]))
        state.box += [h for _, h in state.pairs]
        state.pairs = []
        state.stage = "slide"
        return None

    def legal_actions(self, state: State) -> list[Action]:
        decision = self.current(state)
        if decision is None:
            return []
        if decision.kind in solo.DECISIONS:
            return solo.legal(state, decision)
        if decision.kind == "deal":
            taken = {n for n, _ in state.pairs}
            heroes = sorted(self._heroes.intersection(state.box))
            return [self._deal(n, h) for n in sorted(self.rules.player_cards) if n not in taken for h in heroes]
        return choices.legal(state, self.rules, self.board, decision)

    def _deal(self, number: int, hero: str) -> Action:
        """The chance action laying out this pair, built once (each game lists them all at setup)."""
        made = self._deals.get((number, hero))
        if made is None:
            made = self._deals[(number, hero)] = Action(CHANCE, "deal", (str(number), hero))
        return made

    def why_illegal(self, state: State, decision: Decision, action: Action) -> tuple[str, str]:
        if action.player != decision.player:
            return decision.rule, f"it is {decision.player}'s decision ({decision.kind}), not {action.player}'s"
        return decision.rule, f"not a legal choice for this decision ({decision.kind})"

    def _apply(self, state: State, decision: Decision, action: Action) -> None:
        if decision.kind == "deal":
            state.box.remove(action.args[1])
            state.pairs.append([int(action.args[0]), action.args[1]])
        elif decision.kind == "pair":
            number = int(action.args[0])
            hero = next(h for n, h in state.pairs if n == number)
            state.pairs.remove([number, hero])
            self._take_pair(state, action.player, number, hero)
        elif decision.kind in solo.DECISIONS:
            solo.apply(state, self.rules, decision, action)
        else:
            choices.apply(state, self.rules, self.board, decision, action)
        self._advance(state)

    # --- outcome ---------------------------------------------------------------------------------

    def is_terminal(self, state: State) -> bool:
        return state.stage == "over"

    def scores(self, state: State) -> dict[str, int]:
        total = scoring.scores(self.rules, state)
        if state.solo is not None:
            total[solo.AI] += solo.resource_points(self.rules, state)
        return total

    def winners(self, state: State) -> list[str]:
        if not self.is_terminal(state):
            return []
        return solo.winners(self.scores(state)) if state.solo is not None else scoring.winners(self.rules, state)

    def progress(self, state: State) -> dict[str, int]:
        """Counts that never go back: rounds, buildings built, manuscripts taken, cards out of the game."""
        buildings = manuscripts = 0
        for p in state.players.values():  # one pass: this runs after every step
            buildings += sum(p.built.values())
            manuscripts += len(p.manuscripts)
        return {"round": state.round, "buildings": buildings, "manuscripts": manuscripts,
                "cards out of the game": len(state.removed), "workers on tier 3": sum(state.castle.tier3.values())}

    def playout_weights(self, state: State, actions: list[Action]) -> list[float]:
        """Random play that gets somewhere: skipping an action or passing a hire is rarer than acting."""
        weight = PLAYOUT_WEIGHTS.get
        return [weight(a.verb, 1.0) for a in actions]

    def hand_limit(self, state: State, who: str) -> int:
        return fx.hand_limit(self.rules, state, who)
