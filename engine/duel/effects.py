"""Card effects: each effect kind of the catalog either happens at once or asks its player a choice.

A choice is a Decision whose ``data`` holds the effect (as catalog data) and the card's cell;
``legal`` lists the choices and ``resolve`` plays one. Gold and seals come from the bank and the
top of the stack and stop when those run out (duel.discrepancy.bank-runs-short).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations, product
from typing import Any

from engine.core import Action, Decision, format_bundle, interned, parse_bundle
from engine.duel.cards import CardInPlay, card_in_play
from engine.duel.rules import Rules
from engine.duel.state import State


def line_type(line: str) -> str:
    return line.rstrip("0123456789")


# --- the bank, the stack, markers ------------------------------------------------------------------


def pay_out(state: State, player: str, gold: int) -> int:
    paid = max(0, min(gold, state.bank))
    state.bank -= paid
    state.players[player].gold += paid
    return paid


def pay_in(state: State, player: str, gold: int) -> None:
    state.players[player].gold -= gold
    state.bank += gold


def take_seals(state: State, player: str, count: int) -> None:
    taken, state.stack = state.stack[:count], state.stack[count:]
    state.players[player].seals.extend(taken)


def bundles(caps: dict[str, int], most: int, least: int = 0) -> Iterator[dict[str, int]]:
    """Every bundle with at most ``caps[slug]`` of each slug and ``least``..``most`` markers in all
    (fresh dicts, in a stable order; the same few are asked for at turn after turn, so each list is
    worked out once)."""
    known = _bundles(tuple(sorted((s, n) for s, n in caps.items() if n > 0)), most, least)
    return (dict(bundle) for bundle in known)


def bundle_texts(caps: dict[str, int], most: int, least: int = 0) -> tuple[tuple[str, int], ...]:
    """:func:`bundles` as (text, markers in it), the text as ``format_bundle`` writes it."""
    return _bundle_texts(tuple(sorted((s, n) for s, n in caps.items() if n > 0)), most, least)


@lru_cache(maxsize=4096)
def _bundle_texts(caps: tuple[tuple[str, int], ...], most: int, least: int) -> tuple[tuple[str, int], ...]:
    return tuple((format_bundle(dict(bundle)), sum(n for _, n in bundle)) for bundle in _bundles(caps, most, least))


@lru_cache(maxsize=4096)
def _bundles(caps: tuple[tuple[str, int], ...], most: int, least: int) -> tuple[tuple[tuple[str, int], ...], ...]:
    slugs = [s for s, _ in caps]
    out = []
    for counts in product(*(range(min(n, most) + 1) for _, n in caps)):
        if least <= sum(counts) <= most:
            out.append(tuple((s, n) for s, n in zip(slugs, counts, strict=True) if n))
    return tuple(out)


def finish_section(state: State, rules: Rules, player: str, numeral: str) -> None:
    """A third material completes a section: its markers leave play and the first finisher is rewarded."""
    me = state.players[player]
    if len(me.sections[numeral]) < rules.construction.materials_per_section:
        return
    for material in me.sections[numeral]:
        raw = rules.raw_of[material]
        me.boxed[raw] = me.boxed.get(raw, 0) + 1
    me.sections[numeral] = []
    me.finished.append(numeral)
    state.log.append(f"{player} finishes section {numeral}")
    if len(me.finished) == len(rules.numerals):
        state.winner = player
        state.phase = "over"
        state.pending.clear()
        state.log.append(f"{player} completes the building and wins")
        return
    if numeral not in state.players[state.opponent(player)].finished:
        reward = rules.sections[(player, numeral)].reward
        state.log.append(f"{player} is first to finish section {numeral}")
        start(state, rules, player, reward.model_dump(), source=None, card=f"section {numeral}", rule="duel.building.rewards")


# --- starting an effect ------------------------------------------------------------------------------


def start(state: State, rules: Rules, player: str, effect: dict[str, Any], source: int | None, card: str,
          rule: str | None = None) -> None:
    """Carry out an effect for ``player``: at once, or by pushing the choice it needs."""
    kind = effect["kind"]
    me = state.players[player]
    if kind == "take_power":
        state.power = player
    elif kind == "income":
        pay_out(state, player, effect["gold"])
    elif kind == "take_seals":
        take_seals(state, player, effect["count"])
    elif kind == "gold_per_section":
        pay_out(state, player, effect["gold_each"] * len(me.finished))
    elif kind == "match_gold":
        pay_out(state, player, state.players[state.opponent(player)].gold - me.gold)
    elif kind == "build_cost_per_material":
        me.build_cost_each = effect["gold_each"]
    elif kind == "take_raws" and len(effect["raws"]) == 1 and effect["count"] is not None and not effect["gold_each"]:
        raw = effect["raws"][0]
        moved = min(effect["count_by_raw"].get(raw, effect["count"]), me.reserve.get(raw, 0))
        move_raws(state, rules, player, {raw: moved}, converted=effect["converted"])
    elif kind == "return_material":
        victim = effect["victim"]
        if any(state.players[victim].sections[n] for n in state.players[victim].sections):
            state.pending.append(Decision(kind, victim, "duel.cards.text", {"effect": effect, "card": card}))
    elif kind == "opponent_withdraws_marker":
        opponent = state.opponent(player)
        if state.marks.get(opponent):
            state.pending.append(Decision("withdraw", opponent, "duel.cards.text", {"card": card}))
    elif kind in CHOICES:
        state.pending.append(Decision(kind, player, rule or RULE_OF_KIND.get(kind, "duel.cards.text"),
                                      {"effect": effect, "source": source, "card": card}))
    elif kind != "none":
        raise ValueError(f"the Duel engine has no meaning for effect kind {kind!r}")


def move_raws(state: State, rules: Rules, player: str, bundle: dict[str, int], converted: bool) -> None:
    me = state.players[player]
    for raw, n in bundle.items():
        me.reserve[raw] -= n
        slot = rules.material_of[raw] if converted else raw
        me.camp[slot] = me.camp.get(slot, 0) + n


def use_card(state: State, rules: Rules, player: str, card: CardInPlay, source: int | None) -> None:
    start(state, rules, player, card.effect_data, source, card.token)


RULE_OF_KIND = {"buy_seals": "duel.cards.influence", "market": "duel.cards.market", "take_raws": "duel.cards.resource",
                "convert_raws": "duel.cards.craftsman"}


# --- choices -----------------------------------------------------------------------------------------


def _legal_buy_seals(state: State, rules: Rules, d: Decision) -> list[Action]:
    me = state.players[d.player]
    price = d.data["effect"]["gold_each"]
    most = min(len(state.stack), me.gold // price if price else len(state.stack))
    return [interned(d.player, "buy-seals", (str(n),)) for n in range(most + 1)]


def _legal_take_raws(state: State, rules: Rules, d: Decision) -> list[Action]:
    me, effect = state.players[d.player], d.data["effect"]
    price = effect["gold_each"]
    caps = {r: me.reserve.get(r, 0) for r in effect["raws"]}
    most = effect["count"] if effect["count"] is not None else sum(caps.values())
    if price:
        most = min(most, me.gold // price)
    return [interned(d.player, "take", (text,)) for text, _ in bundle_texts(caps, most)]


def _legal_convert_raws(state: State, rules: Rules, d: Decision) -> list[Action]:
    me, effect = state.players[d.player], d.data["effect"]
    caps = {r: me.camp.get(r, 0) for r in effect["raws"]}
    most = effect["count"] if effect["count"] is not None else sum(caps.values())
    if effect["gold_each"]:
        most = min(most, me.gold // effect["gold_each"])
    if effect["seals_each"]:
        most = min(most, len(me.seals) // effect["seals_each"])
    if effect["then_build"]:
        targets = [n for n in rules.numerals if n not in me.finished
                   and len(me.sections[n]) < rules.construction.materials_per_section]
        choices = [((raw,), n) for raw, cap in sorted(caps.items()) if cap for n in targets] if most >= 1 else []
        out = [interned(d.player, "convert", ("nothing",))]
        for (raw,), numeral in choices:
            out += [interned(d.player, "convert", (raw, numeral, *paid)) for paid in seal_payments(me.seals, effect["seals_each"])]
        return out
    out = []
    for text, count in bundle_texts(caps, most):
        out += [interned(d.player, "convert", (text, *paid)) for paid in seal_payments(me.seals, effect["seals_each"] * count)]
    return out


def seal_payments(hand: list[str], count: int) -> list[tuple[str, ...]]:
    """The ways to pay ``count`` neutral seals out of a hand: ``()`` when nothing is owed, else
    ``("paying", "0/5,1/4")`` for each different choice (the player picks which seals go)."""
    if not count:
        return [()]
    return list(_seal_payments(tuple(sorted(hand)), count))


@lru_cache(maxsize=1024)
def _seal_payments(hand: tuple[str, ...], count: int) -> tuple[tuple[str, ...], ...]:
    return tuple(("paying", ",".join(c)) for c in sorted(set(combinations(hand, count))))


def _legal_market(state: State, rules: Rules, d: Decision) -> list[Action]:
    me, effect = state.players[d.player], d.data["effect"]
    out = [interned(d.player, "finish")]
    if me.gold >= effect["gold"]:
        caps = {r: me.reserve.get(r, 0) for r in rules.raws}
        out += [interned(d.player, "buy", (text,)) for text, _ in bundle_texts(caps, effect["quantity"], effect["quantity"])]
    wool = me.camp.get("wool", 0)
    out += [interned(d.player, "sell", (_wool(n),)) for n in range(1, wool + 1)]
    return out


def _legal_sell_wool(state: State, rules: Rules, d: Decision) -> list[Action]:
    me, effect = state.players[d.player], d.data["effect"]
    most = min(effect["max"], me.camp.get("wool", 0))
    return [interned(d.player, "sell", (_wool(n),)) for n in range(most + 1)]


@lru_cache(maxsize=64)
def _wool(count: int) -> str:
    return format_bundle({"wool": count})


def activation_targets(state: State, rules: Rules, player: str, effect: dict[str, Any], source: int | None) -> list[int]:
    out = []
    for cell, text in enumerate(state.offer, start=1):
        if text is None or cell == source:
            continue
        card = card_in_play(rules, text)
        marked = any(cell in cells for cells in state.marks.values())
        if effect["select"] == "same_line":
            if source is None or not any(cell in line and source in line for name, line in rules.lines.items()
                                         if line_type(name) in ("row", "col")):
                continue
        elif effect["select"] == "unmarked" and marked or effect["select"] == "own_marker" and cell not in state.marks.get(player, []):
            continue
        if card.colour not in effect["colours"] or not card.usable_by(player):
            continue
        if effect["exclude_one_use"] and card.one_use:  # only where the card's own text says so
            continue
        if effect["exclude_personal"] and card.personal:
            continue
        out.append(cell)
    return out


def _legal_activate_card(state: State, rules: Rules, d: Decision) -> list[Action]:
    cells = activation_targets(state, rules, d.player, d.data["effect"], d.data["source"])
    return [interned(d.player, "activate", ("none",))] + [interned(d.player, "activate", (str(c),)) for c in cells]


def _legal_return_material(state: State, rules: Rules, d: Decision) -> list[Action]:
    me = state.players[d.player]
    return [interned(d.player, "return", (n, m)) for n in rules.numerals for m in sorted(set(me.sections[n]))]


def _legal_withdraw(state: State, rules: Rules, d: Decision) -> list[Action]:
    return [interned(d.player, "withdraw", (str(c),)) for c in sorted(state.marks.get(d.player, []))]


LEGAL = {
    "buy_seals": _legal_buy_seals,
    "take_raws": _legal_take_raws,
    "convert_raws": _legal_convert_raws,
    "market": _legal_market,
    "sell_wool": _legal_sell_wool,
    "activate_card": _legal_activate_card,
    "return_material": _legal_return_material,
    "withdraw": _legal_withdraw,
}
CHOICES = set(LEGAL) - {"return_material", "withdraw"}


def legal(state: State, rules: Rules, d: Decision) -> list[Action]:
    return LEGAL[d.kind](state, rules, d)


def resolve(state: State, rules: Rules, d: Decision, action: Action) -> None:
    """Play a legal choice (the decision is already off the stack)."""
    me = state.players[d.player]
    effect = d.data.get("effect", {})
    verb, args = action.verb, action.args
    if verb == "buy-seals":
        n = int(args[0])
        pay_in(state, d.player, n * effect["gold_each"])
        take_seals(state, d.player, n)
    elif verb == "take":
        bundle = parse_bundle(args[0])
        pay_in(state, d.player, effect["gold_each"] * sum(bundle.values()))
        move_raws(state, rules, d.player, bundle, converted=effect["converted"])
    elif verb == "convert" and args[0] != "nothing":
        bundle = parse_bundle(args[0])
        count = sum(bundle.values())
        pay_in(state, d.player, (effect["gold_each"] or 0) * count)
        if "paying" in args:
            for seal in args[args.index("paying") + 1].split(","):
                me.seals.remove(seal)
                state.stack.append(seal)
        for raw, n in bundle.items():
            me.camp[raw] -= n
            if effect["then_build"]:
                me.sections[args[1]].append(rules.material_of[raw])
            else:
                material = rules.material_of[raw]
                me.camp[material] = me.camp.get(material, 0) + n
        if effect["then_build"]:
            finish_section(state, rules, d.player, args[1])
    elif verb == "buy":
        bundle = parse_bundle(args[0])
        pay_in(state, d.player, effect["gold"])
        move_raws(state, rules, d.player, bundle, converted=False)
        state.pending.append(d)
    elif verb == "sell":
        n = parse_bundle(args[0]).get("wool", 0)
        me.camp["wool"] = me.camp.get("wool", 0) - n
        me.reserve["wool"] = me.reserve.get("wool", 0) + n
        price = effect["wool_price"] if d.kind == "market" else effect["gold_each"]
        pay_out(state, d.player, n * price)
        if d.kind == "market":
            state.pending.append(d)
    elif verb == "activate" and args[0] != "none":
        cell = int(args[0])
        card = card_in_play(rules, str(state.offer[cell - 1]))
        state.log.append(f"{d.player} activates {card.token} in cell {cell}")
        use_card(state, rules, d.player, card, cell)
    elif verb == "return":
        numeral, material = args
        me.sections[numeral].remove(material)
        raw = rules.raw_of[material]
        me.camp[raw] = me.camp.get(raw, 0) + 1
    elif verb == "withdraw":
        state.marks[d.player].remove(int(args[0]))
