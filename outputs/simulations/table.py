"""The simulation results as database tables: ``simulation_runs`` (one row per game and player
count) and ``simulation_stats`` (one row per number shown on the Simulated games pages)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import sqlite_utils

from catalog import Catalog
from outputs.simulations.page import pieces, rule_name
from outputs.simulations.store import Results, seat_count

RUNS_TABLE, STATS_TABLE = "simulation_runs", "simulation_stats"

METADATA = {
    RUNS_TABLE: {
        "title": "Simulated games: the runs",
        "description": "One row per game and player count: how many seeded random games were played (game i "
                       "with seed seed + i) and the key of the engine and catalog files they were played with. "
                       "Random play is not strategic play.",
        "facets": ["game", "players"],
    },
    STATS_TABLE: {
        "title": "Simulated games: what random play gives",
        "description": "The numbers behind each game's Simulated games page: per game and player count, "
                       "statistic `win`, `shared_win` and `mean_score` by seat (seat 1 moved first), `score` and "
                       "`winning_score` (subject: a final score; count: players or games), `steps` and "
                       "`progress: <counter>` (subject: a value at the end; count: games), `action` (subject: "
                       "the action's word), `piece` (subject: action word and the entry it names), `rule` "
                       "(subject: the rule id a choice was asked under) and `engine` (what an engine counts itself). Random play is not strategic play.",
        "facets": ["game", "players", "statistic"],
        "columns": {
            "statistic": "What is counted (see the table's description)",
            "subject": "What the row counts: a seat, a value, an action word, a piece or a rule id",
            "label": "The subject in words (an entry's English name where it names one)",
            "count": "The count over all games (for mean_score: the sum of the scores)",
            "per_game": "count / games: a share of games, a mean per game or a mean score",
            "games_with": "Games in which the action, piece or rule came up at least once",
        },
    },
}


def stat_rows(results: Results, catalog: Catalog) -> Iterator[dict[str, Any]]:
    game = results.game
    for players, tally in sorted(results.counts.items()):
        games = tally["ended"]

        def row(statistic: str, subject: str, count: int, label: str | None = None,
                games_with: int | None = None) -> dict[str, Any]:
            return {"game": game, "players": players, "games": games, "statistic": statistic, "subject": subject,
                    "label": label or subject, "count": count, "per_game": round(count / games, 6) if games else None,
                    "games_with": games_with}

        for seat in range(1, seat_count(players, tally) + 1):
            s = str(seat)
            wins = tally["sole_wins"].get(s, 0) + tally["shared_wins"].get(s, 0)
            yield row("win", f"seat {seat}", wins)
            yield row("shared_win", f"seat {seat}", tally["shared_wins"].get(s, 0))
            yield row("mean_score", f"seat {seat}", tally["score_sums"].get(s, 0))
        for statistic in ("score", "winning_score", "steps"):
            key = {"score": "scores", "winning_score": "winning_scores", "steps": "steps"}[statistic]
            for value, count in _by_number(tally[key]):
                yield row(statistic, value, count)
        for counter, values in tally["progress"].items():
            for value, count in _by_number(values):
                yield row(f"progress: {counter}", value, count)
        for verb, count in sorted(tally["verbs"].items()):
            yield row("action", verb, count, games_with=tally["verb_games"].get(verb, 0))
        for piece, (count, games_with, label) in sorted(pieces(tally, catalog, game).items()):
            yield row("piece", piece, count, label, games_with)
        for event, count in sorted(tally.get("events", {}).items()):
            yield row("engine", event, count, games_with=tally["event_games"].get(event, 0))
        for rule, count in sorted(tally["rules"].items()):
            yield row("rule", rule, count, rule_name(catalog, rule), tally["rule_games"].get(rule, 0))


def _by_number(counts: Mapping[str, int]) -> list[tuple[str, int]]:
    return sorted(counts.items(), key=lambda kv: int(kv[0]))


def insert_simulations(db: sqlite_utils.Database, results: Mapping[str, Results], catalog: Catalog) -> dict[str, int]:
    """Create and fill both tables (empty when no game has results); rows per table."""
    runs_table, stats_table = db.table(RUNS_TABLE), db.table(STATS_TABLE)
    runs_table.create({"game": str, "players": int, "games": int, "seed": int, "key": str},
                          pk=("game", "players"), foreign_keys=[("game", "games", "id")])
    stats_table.create({"game": str, "players": int, "games": int, "statistic": str, "subject": str, "label": str,
                            "count": int, "per_game": float, "games_with": int},
                           pk=("game", "players", "statistic", "subject"), foreign_keys=[("game", "games", "id")])
    runs = [{"game": r.game, "players": n, "games": t["ended"], "seed": r.seed, "key": r.key}
            for r in results.values() for n, t in sorted(r.counts.items())]
    stats = [row for r in results.values() for row in stat_rows(r, catalog)]
    runs_table.insert_all(runs)
    stats_table.insert_all(stats)
    return {RUNS_TABLE: len(runs), STATS_TABLE: len(stats)}
