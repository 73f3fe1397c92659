#!/usr/bin/env python3
"""Benchmark: seeded random games of every engine at every player count (prints figures, asserts nothing).

    .venv/bin/python scripts/bench_playouts.py [--games 1000] [--seed 1]
"""

from __future__ import annotations

import argparse
import time

import engine
from engine.playout import play
from engine.registry import GAMES


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per game and player count (at least 1)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    print(f"{'game':<10} {'players':>7} {'games':>6} {'seconds':>8} {'games/s':>8} {'steps/game':>10} {'violations':>10}")
    for name in sorted(GAMES):
        # an engine knows its player counts once made (Maharaja reads them from its catalog)
        for players in engine.game(name).player_counts:
            instance = engine.game(name, players=players)
            started = time.perf_counter()
            steps = violations = 0
            for i in range(args.games):
                result = play(instance, args.seed + i)
                steps += result.steps
                violations += len(result.violations)
            seconds = time.perf_counter() - started
            print(f"{name:<10} {players:>7} {args.games:>6} {seconds:>8.1f} {args.games / seconds:>8.1f} "
                  f"{steps / args.games:>10.0f} {violations:>10}")


if __name__ == "__main__":
    main()
