#!/usr/bin/env python3
"""Benchmark: seeded random games of every engine at every player count (prints figures, asserts nothing).

    .venv/bin/python scripts/bench_playouts.py [--games 1000] [--seed 1] [--repeat 3] [--game caylus]

Every game checks every invariant after every step, in this one process (one core). Per game and
player count: games per second by the clock (the best of ``--repeat`` runs, and the range over them:
the machine may be shared), games per second of this process's own CPU time (what a core gives
when others use the machine too), steps per game and microseconds per step (by the clock and by CPU). First, the start-up: a fresh process
importing the engines and loading the catalogs, from the cache (catalog/cache.py) and read afresh.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

import engine
from engine.playout import play
from engine.registry import GAMES

ROOT = Path(__file__).resolve().parents[1]

# Timed in a fresh interpreter: imports (pydantic builds every model class), then the catalogs.
STARTUP = """
import time
started = time.perf_counter()
import engine.catalog
imported = time.perf_counter()
from games import REGISTRY
if {cached}:
    engine.catalog.default_catalog()
else:
    REGISTRY.load(engine.catalog.DATA_DIR)
print(imported - started, time.perf_counter() - imported)
"""


def startup(cached: bool, runs: int) -> tuple[float, float]:
    """Best import time and best catalog load time over ``runs`` fresh processes."""
    imports, loads = [], []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", STARTUP.format(cached=cached)], cwd=ROOT, check=True,
                             capture_output=True, text=True).stdout.split()
        imports.append(float(out[0]))
        loads.append(float(out[1]))
    return min(imports), min(loads)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per game and player count (at least 1)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=1, help="runs of each measurement; the best is shown")
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="only this game (repeatable)")
    args = parser.parse_args()
    if args.games < 1 or args.repeat < 1:
        parser.error("--games and --repeat must be at least 1")

    runs = max(3, args.repeat)
    startup(True, 1)  # leaves the cache filled for the runs that follow
    imported, cached = startup(True, runs)
    _, fresh = startup(False, runs)
    print(f"start-up (best of {runs} fresh processes): imports {imported:.2f} s; catalogs loaded in "
          f"{cached:.2f} s from the cache, {fresh:.2f} s read afresh")
    print()
    print(f"{'game':<10} {'players':>7} {'games':>6} {'games/s':>8} {'range':>13} {'cpu g/s':>8} {'steps/game':>10} "
          f"{'us/step':>8} {'cpu us':>8} {'violations':>10}")
    for name in args.game or sorted(GAMES):
        # an engine knows its player counts once made (Maharaja reads them from its catalog)
        for players in engine.game(name).player_counts:
            instance = engine.game(name, players=players)
            play(instance, args.seed - 1)  # not timed: what an engine works out once (its rules' lookups)
            rates, cpu_rates = [], []
            steps = violations = 0
            for _ in range(args.repeat):
                started, cpu_started = time.perf_counter(), time.process_time()
                steps = violations = 0
                for i in range(args.games):
                    result = play(instance, args.seed + i)
                    steps += result.steps
                    violations += len(result.violations)
                rates.append(args.games / (time.perf_counter() - started))
                cpu_rates.append(args.games / max(time.process_time() - cpu_started, 1e-9))
            best = max(rates)
            spread = f"{min(rates):.1f}-{best:.1f}"
            per_game = steps / args.games
            print(f"{name:<10} {players:>7} {args.games:>6} {best:>8.1f} {spread:>13} {max(cpu_rates):>8.1f} "
                  f"{per_game:>10.0f} {1e6 / best / per_game:>8.1f} {1e6 / max(cpu_rates) / per_game:>8.1f} {violations:>10}")


if __name__ == "__main__":
    main()
