"""Building and favour effects: what a worker or a favour may do, and doing it.

Effects come from the catalog's small vocabulary (produce, gain, exchange, build, convert,
move_provost, ...). Wildcards (``any-cube``, ``any-non-gold``) are expanded into the concrete
cubes a player may pay or take, so every choice is an explicit action.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import combinations_with_replacement

from engine.caylus.rules import Rules
from engine.caylus.state import State
from engine.core import Decision, covers, format_bundle
from games.caylus.kinds import (  # at the top: an import inside start() ran at every activation
    BuildEffect,
    ConvertEffect,
    ExchangeEffect,
    GainEffect,
    MoveProvostEffect,
    ProduceEffect,
)


def concrete(rules: Rules, bundle: Mapping[str, int]) -> Iterator[dict[str, int]]:
    """Every concrete bundle a bundle with wildcards stands for (``any-cube: 1`` -> one per cube kind).

    The catalog's bundles are few and asked for at step after step: each is expanded once a game
    (and handed out as fresh dicts, which callers may change)."""
    key = tuple(bundle.items())
    known = rules.concrete_bundles.get(key)
    if known is None:
        known = rules.concrete_bundles[key] = list(_expand(rules, bundle))
    return (dict(one) for one in known)


def _expand(rules: Rules, bundle: Mapping[str, int]) -> Iterator[dict[str, int]]:
    fixed = {k: n for k, n in bundle.items() if rules.wildcard(k) is None}
    wild = [(k, n) for k, n in bundle.items() if rules.wildcard(k) is not None]

    def expand(i: int, acc: dict[str, int]) -> Iterator[dict[str, int]]:
        if i == len(wild):
            yield dict(acc)
            return
        kind, n = wild[i]
        for combo in combinations_with_replacement(rules.wildcard(kind) or [], n):
            nxt = dict(acc)
            for cube in combo:
                nxt[cube] = nxt.get(cube, 0) + 1
            yield from expand(i + 1, nxt)

    seen: set[tuple[tuple[str, int], ...]] = set()
    for one in expand(0, fixed):
        key = tuple(sorted(one.items()))
        if key not in seen:
            seen.add(key)
            yield one


def discounted(cost: Mapping[str, int], discount: Mapping[str, int]) -> dict[str, int]:
    return {k: n - discount.get(k, 0) for k, n in cost.items() if n - discount.get(k, 0) > 0}


def wallet(state: State, player: str) -> dict[str, int]:
    p = state.players[player]
    return {**p.cubes, "deniers": p.deniers, "prestige": p.prestige}


def can_pay(state: State, player: str, bundle: Mapping[str, int]) -> bool:
    return covers(wallet(state, player), bundle)


def pay(state: State, player: str, bundle: Mapping[str, int]) -> None:
    gain(state, player, {k: -n for k, n in bundle.items()}, floor=False)


def gain(state: State, player: str, bundle: Mapping[str, int], floor: bool = True) -> None:
    """Add a concrete bundle to a player. Prestige never drops below 0 through a loss (floor)."""
    p = state.players[player]
    for slug, n in bundle.items():
        if slug == "deniers":
            p.deniers += n
        elif slug == "prestige":
            p.prestige = max(0, p.prestige + n) if floor else p.prestige + n
        elif slug == "favours":
            continue  # granted by the caller as decisions
        else:
            p.cubes[slug] = p.cubes.get(slug, 0) + n


def order(rules: Rules) -> list[str]:
    return [*rules.resources]


def text(rules: Rules, bundle: Mapping[str, int]) -> str:
    """The bundle written out (``2food+wood``); the catalog's bundles and a player's few payments
    recur at step after step, so each is written once a game."""
    key = tuple(bundle.items())
    written = rules.bundle_texts.get(key)
    if written is None:
        written = rules.bundle_texts[key] = format_bundle(bundle, order(rules))
    return written


# --- favours -------------------------------------------------------------------------------------


def grant_favours(state: State, rules: Rules, player: str, count: int, rule: str) -> None:
    """Give royal favours: a decision on the favour table, or prestige under the simplified variant."""
    if count <= 0:
        return
    replacement = rules.favour_replacement()
    if replacement is not None:
        gain(state, player, {k: n * count for k, n in replacement.items()})
        state.log.append(f"{player} takes {text(rules, {k: n * count for k, n in replacement.items()})} for {count} favour(s)")
        return
    state.pending.append(Decision("favour", player, rule, {"count": count}))


def open_columns(state: State, rules: Rules) -> int:
    """The highest favour column open now: a column opens once its section's scoring is over."""
    best = 0
    for number, column in sorted(rules.favour_columns.items()):
        section = column.opens_after.rsplit(".", 1)[1] if column.opens_after else None
        if section is None or section in state.scored:
            best = number
    return best


def favour_choices(state: State, rules: Rules, player: str) -> list[tuple[str, int]]:
    """(row, column) pairs the player may use now: rows not yet used this phase, columns up to the
    marker after it advances one column where that column is open."""
    used = state.rows_used.get(player, [])
    limit = open_columns(state, rules)
    out: list[tuple[str, int]] = []
    for row in rules.favour_rows:
        row_slug = row.id.rsplit(".", 1)[1]
        if row_slug in used:
            continue
        marker = state.players[player].markers.get(row_slug, 0)
        reach = max(marker, min(marker + 1, limit))
        out.extend((row_slug, column) for column in range(1, reach + 1))
    return out


# --- building and converting ---------------------------------------------------------------------


def first_free_space(state: State) -> int | None:
    return next((i for i, s in enumerate(state.road) if s.building is None), None)


def build_options(state: State, rules: Rules, player: str, category: str, site: str,
                  discount: Mapping[str, int]) -> list[tuple[str, int, Mapping[str, int]]]:
    """(building slug, road index, concrete payment) for every build the player can make (the
    payments are the rules' own: read them, do not change them)."""
    if site == "first_free_space":
        free = first_free_space(state)
        sites = [] if free is None else [free]
    else:
        sites = [i for i, s in enumerate(state.road) if s.owner == player and s.building
                 and rules.buildings[s.building].category == "residential"]
    out: list[tuple[str, int, Mapping[str, int]]] = []
    if not sites:
        return out
    have = wallet(state, player)
    stock = state.stock
    for slug, payments in _buildable(rules, category, discount):
        if stock.get(slug, 0) > 0:
            for payment in payments:
                if covers(have, payment):
                    out.extend((slug, i, payment) for i in sites)
    return out


def _buildable(rules: Rules, category: str, discount: Mapping[str, int]) -> list[tuple[str, list[dict[str, int]]]]:
    """The buildings of a category in play, by slug, each with every concrete payment of its cost
    less the discount: worked out once a game for each (category, discount)."""
    key = (category, tuple(discount.items()))
    known = rules.buildable.get(key)
    if known is None:
        known = rules.buildable[key] = [
            (slug, list(concrete(rules, discounted(b.cost or {}, discount))))
            for slug, b in sorted(rules.buildings.items()) if b.category == category and rules.building_in_play(b)]
    return known


def do_build(state: State, rules: Rules, player: str, slug: str, index: int, payment: Mapping[str, int], rule: str) -> None:
    building = rules.buildings[slug]
    pay(state, player, payment)
    space = state.road[index]
    if space.building is not None:  # an architect builds over one of the player's residences
        state.stock[space.building] = state.stock.get(space.building, 0) + 1
    space.building, space.owner = slug, player
    state.stock[slug] -= 1
    gain(state, player, {"prestige": building.prestige})
    state.log.append(f"{player} builds {slug} on space {index + 1} for {text(rules, payment)}, +{building.prestige} prestige")
    grant_favours(state, rules, player, building.favours, rule)


def convert_targets(state: State, rules: Rules, player: str, targets: list[str], excludes: list[str]) -> list[int]:
    out: list[int] = []
    excluded = {e.rsplit(".", 1)[1] for e in excludes}
    for i, space in enumerate(state.road):
        if space.building is None or space.building in excluded:
            continue
        category = rules.buildings[space.building].category
        if category == "neutral" and "neutral" in targets or space.owner == player and f"own_{category}" in targets:
            out.append(i)
    return out


def do_convert(state: State, rules: Rules, player: str, index: int, into: str) -> None:
    space = state.road[index]
    old = space.building
    assert old is not None
    if rules.buildings[old].category != "neutral":
        state.stock[old] = state.stock.get(old, 0) + 1  # a player's tile goes back to the stock
    residence = rules.buildings[into]
    space.building, space.owner = into, player
    if state.stock.get(into, 0) > 0:
        state.stock[into] -= 1  # when the tiles run out a house alone marks the residence
    gain(state, player, {"prestige": residence.prestige})
    state.log.append(f"{player} converts {old} on space {index + 1} into a residence, +{residence.prestige} prestige")


# --- starting an effect ------------------------------------------------------------------------


def start(state: State, rules: Rules, player: str, effect: object, rule: str) -> None:
    """Begin an effect for a player: apply it at once when there is nothing to choose, else push a decision."""
    if isinstance(effect, (ProduceEffect, GainEffect)):
        choices = [c for choice in effect.choices for c in concrete(rules, choice)]
        if len(choices) == 1:
            gain(state, player, choices[0])
            grant_favours(state, rules, player, choices[0].get("favours", 0), rule)
            state.log.append(f"{player} takes {text(rules, choices[0])}")
        else:
            state.pending.append(Decision("take", player, rule, {"choices": choices}))
    elif isinstance(effect, ExchangeEffect):
        options = [{"give": dict(o.give), "get": dict(o.get)} for o in effect.options]
        have = wallet(state, player)
        if any(covers(have, give) for o in options for give in concrete(rules, o["give"])):
            state.pending.append(Decision("trade", player, rule, {"options": options}))
    elif isinstance(effect, BuildEffect):
        if build_options(state, rules, player, effect.category, effect.site, effect.discount):
            state.pending.append(Decision("build", player, rule, {
                "category": effect.category, "site": effect.site, "discount": dict(effect.discount)}))
    elif isinstance(effect, ConvertEffect):
        price = discounted(rules.buildings[effect.into.rsplit(".", 1)[1]].cost or {}, effect.discount)
        if can_pay(state, player, price) and convert_targets(state, rules, player, list(effect.targets), list(effect.excludes)):
            state.pending.append(Decision("convert", player, rule, {
                "into": effect.into.rsplit(".", 1)[1], "targets": list(effect.targets), "excludes": list(effect.excludes),
                "price": price, "delayed": effect.delayed_if_occupied}))
    elif isinstance(effect, MoveProvostEffect):
        state.pending.append(Decision("provost", player, rule, {"max": effect.max_spaces, "cost": dict(effect.cost_per_space)}))


def activate_building(state: State, rules: Rules, building: object, worker: str, owner: str | None) -> None:
    """A road building acts for the worker on it; a stone producer also pays its owner a bonus."""
    effect = building.effect  # type: ignore[attr-defined]
    rule = building.rule  # type: ignore[attr-defined]  # required by validation for buildings that take workers
    if isinstance(effect, ProduceEffect) and effect.owner_bonus and owner and owner != worker:
        bonus = [c for choice in effect.owner_bonus for c in concrete(rules, choice)]
        if len(bonus) == 1:
            gain(state, owner, bonus[0])
        else:
            state.pending.append(Decision("take", owner, rule, {"choices": bonus, "owner_bonus": True}))
    start(state, rules, worker, effect, rule)
