"""Maharaja's player aid (games/aid.py): the round, the nine actions with what they cost, the
characters, what a city scores and pays, the governor track and the end, each with its Hungarian
name, every number read from the catalogs."""

from __future__ import annotations

from catalog.kinds import Rule, ScoringRule
from games import aid
from games.grammar import count
from games.maharaja.kinds import (Character, CityPoints, Cost, DiscAction, GovernorTrack, OuterPalacePoints, ScoringTable,
                                  Starting)
from games.maharaja.pages import RANKING, yes
from games.maharaja.tables import PAYEES, PAYERS, ordinal
from games.plugin import PageContext

ROUND_OVERVIEW = "maharaja.round.phases"
"""The rule that tells a whole round in order: the aid's turn overview is its text."""


def player_aid_page(w: PageContext) -> str:
    out = aid.heading(w)
    rules = {r.id: r for r in w.catalog.typed("rules", Rule, w.game)}
    if ROUND_OVERVIEW in rules:
        out += ["## A round\n", w.text(rules[ROUND_OVERVIEW].text) + "\n"]
    out += ["## Travel\n", aid.rule_steps(w, ("travel",))]
    out += actions(w) + characters(w) + scoring(w) + governor(w) + end(w) + startings(w)
    out += aid.quick_answers(w, ("travel",))
    return "\n".join(out)


def actions(w: PageContext) -> list[str]:
    disc = sorted(w.catalog.typed("disc_actions", DiscAction, w.game), key=lambda a: a.order)
    costs = w.catalog.typed("costs", Cost, w.game)
    return ["## The actions of the disc\n",
            w.table(["Action", "HU", "What it does", "Action chit"],
                    ([w.link(a.id), a.names.hu, w.words.effect(a.effect), yes(a.chit_allowed)] for a in disc)),
            "\n" + w.table(["What costs", "HU", "Gold", "Per", "Paid by → to"],
                           ([w.link(c.id), c.names.hu, c.gold, c.per, f"{PAYERS[c.payer]} → {PAYEES[c.payee]}"] for c in costs))]


def characters(w: PageContext) -> list[str]:
    cards = sorted(w.catalog.typed("characters", Character, w.game), key=lambda c: c.number)
    return ["## The characters\n", "The number sets the turn order (lowest first) and settles every tie.\n",
            w.table(["No.", "Character", "HU", "Ability", "Advanced only"],
                    ([c.number, w.link(c.id), c.names.hu, w.words.effect(c.ability), "yes" if c.advanced_only else ""] for c in cards))]


def scoring(w: PageContext) -> list[str]:
    out = ["## Scoring the Maharaja's city\n"]
    sadhu = [(c, c.ability) for c in w.catalog.typed("characters", Character, w.game) if isinstance(c.ability, OuterPalacePoints)]
    for p in w.catalog.typed("city_points", CityPoints, w.game):
        rows: list[list[object]] = [["Architect in the city", p.architect], ["Each house", p.house], ["Each outer palace", p.outer_palace]]
        rows += [[f"Each outer palace of the {c.names.en}'s holder", a.points] for c, a in sadhu]
        rows += [["The inner palace", p.inner_palace], ["Home character (advanced game 1)", p.home_character]]
        out.append(w.table([f"Points in the city ({p.names.hu})", ""], rows))
    tables = sorted(w.catalog.typed("scoring_tables", ScoringTable, w.game), key=lambda t: t.players)
    if tables:
        ranks = max(len(t.gold_by_rank) for t in tables)
        out.append("\n" + w.table(["Players", *(ordinal(i) for i in range(1, ranks + 1)), "Alone in the city", "No points"],
                                  ([t.players, *t.gold_by_rank, *[None] * (ranks - len(t.gold_by_rank)), f"+{t.monopoly_bonus}",
                                    t.zero_points_gold] for t in tables)))
        out.append("Gold by rank in points; tied players are ranked by character number, the lower first.\n")
    return out


def governor(w: PageContext) -> list[str]:
    return [line for g in w.catalog.typed("governor_tracks", GovernorTrack, w.game) for line in (
        f"## The governor track ({w.text(g.names.hu)})\n",
        w.table(["", ""], [
            ["Markers", f"{g.markers}, starting shuffled on the {g.start_spaces} spaces below space 1; the lowest names the city scored next"],
            ["The Governor Track action", f"one marker {count(g.move_down_spaces, 'space')} down; each marker it jumps over "
                                          f"{count(g.passed_markers_move_up, 'space')} up"
                                          + (" (empty spaces count)" if g.empty_spaces_count else "")],
            ["End", f"a marker put on space {g.end_space} ends the game after that round; "
                    f"the shorter game ends after round {g.short_game_last_round} at the latest"]]))]


def end(w: PageContext) -> list[str]:
    rows = [[w.link(r.id), ", then ".join(RANKING.get(k, k.replace("_", " ")) for k in r.ranking) or r.description]
            for r in w.catalog.typed("scoring_rules", ScoringRule, w.game)]
    return ["## The end of the game\n", w.table(["When", "What happens"], rows)] if rows else []


def startings(w: PageContext) -> list[str]:
    return [line for s in w.catalog.typed("startings", Starting, w.game) for line in (
        f"## Each player starts with ({w.text(s.names.hu)})\n",
        f"{s.gold} gold, {s.palaces} palaces ({s.palaces_short_game} in the shorter game), {s.houses_in_villages} houses "
        f"in villages and {s.houses_to_reserve} more in the reserve (of the {s.houses_per_colour} of the colour); "
        f"{s.action_chits} action chits lie in the bank in advanced game 1.\n")]
