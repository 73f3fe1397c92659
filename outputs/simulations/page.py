"""A game's "Simulated games" page: a short explanation, then per player count the charts of its
results (outputs/simulations/svg.py), each chart a file beside the page."""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from catalog import Catalog
from outputs.simulations.store import Results, seat_count, seat_name
from outputs.simulations.svg import Bar, columns, rows

PAGE = "simulated-games"
TITLE = "Simulated games"
CHARTS = f"{PAGE}-charts"
"""The folder beside the page that holds its SVG files."""
TOP = 30
"""The longest bar lists show this many bars, the most frequent first."""


def entry_name(catalog: Catalog, game: str, slug: str) -> str:
    for located in catalog.entries.values():
        entry = located.entry
        if entry.game == game and entry.id.rsplit(".", 1)[-1] == slug and entry.names.en:
            return entry.names.en
    return slug


def pieces(tally: Mapping[str, Any], catalog: Catalog, game: str) -> dict[str, tuple[int, int, str]]:
    """``verb argument`` -> (times, games with it, label) for the actions whose argument names an entry of
    the game (its id ends in the argument: ``gold-mine``). Decided here, from the catalog being built,
    and not when the games were counted: the results' key covers only the entries the engine reads."""
    slugs = {loc.entry.id.rsplit(".", 1)[-1] for loc in catalog.entries.values()
             if loc.entry.game == game and "." in loc.entry.id}
    found = {}
    for key, count in tally["arguments"].items():
        verb, slug = key.split(" ", 1)
        if slug in slugs:
            found[key] = (count, tally["argument_games"].get(key, 0), f"{verb}: {entry_name(catalog, game, slug)}")
    return found


def _bins(counts: Mapping[str, int], most: int = 30) -> list[Bar]:
    """A histogram of whole values in at most ``most`` bins of equal width, every bin shown (empty ones too)."""
    values = {int(k): v for k, v in counts.items()}
    low, high = min(values), max(values)
    width = max(1, math.ceil((high - low + 1) / most))
    bars = []
    for start in range(low, high + 1, width):
        total = sum(values.get(v, 0) for v in range(start, start + width))
        label = str(start) if width == 1 else f"{start}–{start + width - 1}"
        bars.append(Bar(label, total))
    return bars


def _every(bars: list[Bar], labels: int = 12) -> int:
    return max(1, math.ceil(len(bars) / labels))


def _per_game(counts: Mapping[str, int], games: int, label: Any, limit: int = TOP) -> list[Bar]:
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:limit]
    return [Bar(label(k), v / games, shown=f"{v / games:.2f}" if v / games < 10 else f"{v / games:.1f}") for k, v in ranked]


def charts(results: Results, catalog: Catalog) -> dict[str, tuple[str, str]]:
    """File name -> (its title, its SVG), per player count, in the page's order."""
    game = results.game
    found: dict[str, tuple[str, str]] = {}
    for players, tally in sorted(results.counts.items()):
        games, ended = tally["games"], tally["ended"]
        caveat = (f"{ended:,} random games, {count(players)}: random play, not strategic play; "
                  "good players would do otherwise.")

        def add(name: str, title: str, svg: str) -> None:
            found[f"{players}p-{name}.svg"] = (title, svg)

        seats = range(1, seat_count(players, tally) + 1)
        sole = [tally["sole_wins"].get(str(s), 0) for s in seats]
        shared = [tally["shared_wins"].get(str(s), 0) for s in seats]
        title = f"Wins by seat, {count(players)} (seat 1 moved first)"
        add("wins", title, columns(
            title, [Bar(seat_name(s, players), 100 * a / ended, 100 * b / ended, f"{100 * (a + b) / ended:.1f}%")
                    for s, a, b in zip(seats, sole, shared)],
            caveat, "% of games won (dark: alone, light: a shared win)", 100 / len(seats), f"an even share: {100 / len(seats):.1f}%"))
        title = f"Mean final score by seat, {count(players)}"
        means = [tally["score_sums"].get(str(s), 0) / ended for s in seats]
        add("mean-score", title, columns(title, [Bar(seat_name(s, players), m, shown=f"{m:.2f}" if m < 10 else f"{m:.1f}") for s, m in zip(seats, means)],
                                         caveat, "mean final score"))
        for key, what, axis in (("scores", "Final scores of all players", "players ending with the score"),
                                ("winning_scores", "The winner's score", "games")):
            bars = _bins(tally[key])
            title = f"{what}, {count(players)}"
            add(key.replace("_", "-"), title, columns(title, bars, caveat, axis, label_every=_every(bars)))
        bars = _bins(tally["steps"])
        title = f"Game length in steps (moves and chance draws), {count(players)}"
        add("steps", title, columns(title, bars, caveat, "games", label_every=_every(bars)))
        for counter, values in tally["progress"].items():
            if len(values) > 1:
                bars = _bins(values)
                title = f"{counter.capitalize()} at the end of the game, {count(players)}"
                add(f"progress-{counter.replace(' ', '-')}", title, columns(title, bars, caveat, "games",
                                                                         label_every=_every(bars)))
        title = f"Actions by kind, {count(players)}"
        add("actions", title, rows(title, _per_game(tally["verbs"], ended, str, 60), caveat,
                                   "times per game (the word is the action's word in the engine's notation)"))
        named = pieces(tally, catalog, game)
        if named:
            title = f"What the actions name most, {count(players)}"
            add("pieces", title, rows(title, _per_game({k: times for k, (times, _, _) in named.items()}, ended,
                                                       lambda key: named[key][2]), caveat, "times per game"))
        if tally.get("events"):
            title = f"What the engine counted, {count(players)}"
            add("events", title, rows(title, _per_game(tally["events"], ended, str), caveat, "times per game"))
        title = f"Rules that asked for a choice most often, {count(players)}"
        add("rules", title, rows(title, _per_game(tally["rules"], ended, lambda rule: rule_name(catalog, rule)),
                                 caveat, "choices per game (chance's draws included)"))
    return found


def rule_name(catalog: Catalog, rule_id: str) -> str:
    return catalog.get(rule_id).names.en or rule_id if rule_id in catalog.entries else rule_id


def constant_counters(tally: Mapping[str, Any]) -> list[str]:
    return [f"{name} {next(iter(values))}" for name, values in tally["progress"].items() if len(values) == 1]


def page(results: Results, catalog: Catalog, chart_files: Mapping[str, tuple[str, str]], api_link: str) -> str:
    """The page's Markdown; ``chart_files`` are :func:`charts`' output (written into :data:`CHARTS`)."""
    counts = sorted(results.counts)
    name = catalog.get(results.game).names.en
    out = [f"# {TITLE}\n",
           f"What happens in {name} when nobody plays well: {results.games:,} games at each player count "
           f"({', '.join(map(str, counts))}), every move chosen at random among the moves the rules allow, "
           "and the shuffles and draws random as well. The rules engine checked every rule after every move.\n",
           "!!! warning \"Random play is not strategic play\"\n"
           "    These charts show what the rules allow and how a game unfolds without a plan. They do not say "
           "which seat, building or card is strong when people play to win.\n",
           "How to read them: *seat 1* is the player who made the first move of the game, seat 2 the next "
           "one to move, and so on. A *step* is one decision: a player's move, or chance shuffling or drawing. "
           f"The same games, seeded so that they can be played again, give the numbers of the API's "
           f"[`simulation_stats` table]({api_link}).\n"]
    tabbed = len(counts) > 1
    for players in counts:
        tally = results.counts[players]
        indent = "    " if tabbed else ""
        out.append(f'=== "{count(players)}"\n' if tabbed else f"## {count(players)}\n")
        out.append(f"{indent}{tally['ended']:,} games ended, every one with a score.\n")
        fixed = constant_counters(tally)
        if fixed:
            out.append(f"{indent}The same in every game at its end: {'; '.join(fixed)}.\n")
        for file, (title, _) in chart_files.items():
            if file.startswith(f"{players}p-"):
                out.append(f"{indent}![{title}]({CHARTS}/{file})\n")
    return "\n".join(out)


def count(players: int) -> str:
    return f"{players} player" + ("" if players == 1 else "s")


def write(results: Results, catalog: Catalog, folder: Path, datasette_url: str) -> str:
    """Write the charts into ``folder``/:data:`CHARTS` and return the page's Markdown."""
    found = charts(results, catalog)
    target = folder / CHARTS
    target.mkdir(parents=True, exist_ok=True)
    for file, (_, svg) in found.items():
        (target / file).write_text(svg, encoding="utf-8")
    api = f"{datasette_url}/kb/simulation_stats?game={results.game}"
    return page(results, catalog, found, api)
