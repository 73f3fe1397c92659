#!/usr/bin/env python3
"""Load benchmark of the explorer, ``/-/explore.json`` (prints figures, asserts nothing).

Plays a new game's seeded playout of ``--moves`` moves (300) through the explorer itself (a random legal
move each time, chance drawn by the seed), then starts Datasette exactly as ``kb serve`` does, on a free
loopback port, and runs ``--clients`` concurrent clients (16) for ``--seconds`` in three runs, each on a
fresh server:

- **shared line**: every client asks for the whole line again and again (a link passed around; after
  the first answer the response cache serves it);
- **walking**: each client walks the second half of the line a move at a time, as a player clicking
  through it, from a place of its own, without the response cache (``KB_NO_CACHE=1``: every answer is
  made again; the explorer replays the moves after the longest prefix it keeps);
- **worst case**: both caches off (``KB_NO_CACHE=1``, ``KB_EXPLORE_CACHE=0``), every request replays
  the whole line from the scenario's start.

It prints p50, p99 and max latency and the statuses of each run.

    .venv/bin/python scripts/bench_explore.py --clients 16 --seconds 10
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_api import connect, free_port, percentile, wait_until_up  # noqa: E402

from kb.build import build  # noqa: E402
from kb.project import Project  # noqa: E402
from kb.serve import datasette_process, needs_build  # noqa: E402
from outputs.explore import Line, explore, line  # noqa: E402


def playout(game: str, seed: int, moves: int) -> Line:
    """A new game's line of ``moves`` moves, each a random legal one (the first seed from ``seed`` on whose
    game lasts that long)."""
    for tried in range(seed, seed + 20):
        rng, at = random.Random(tried), line(f"{game}:new", seed=tried)
        while len(at.moves) < moves:
            legal = explore(at)["legal"]
            if not legal:
                break
            at = at.then(rng.choice(legal)["notation"])
        if len(at.moves) == moves:
            return at
    raise SystemExit(f"no game of {game} from seed {seed} on lasts {moves} moves: ask for fewer (--moves)")


def url(at: Line) -> str:
    return "/-/explore.json?" + urlencode(at.query())


def client(port: int, stop: float, paths: list[str], start: int, latencies: list[float], statuses: Counter[int],
           lock: threading.Lock) -> None:
    connection = connect(port)
    i = start
    while time.monotonic() < stop:
        path = paths[i % len(paths)]
        i += 1
        started = time.perf_counter()
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            response.read()
            status = response.status
        except (OSError, http.client.HTTPException):
            status = 0
            connection.close()
            connection = connect(port)
        elapsed = (time.perf_counter() - started) * 1000
        with lock:
            statuses[status] += 1
            if status == 200:
                latencies.append(elapsed)
    connection.close()


def run(project: Project, title: str, paths: list[str], clients: int, seconds: float, env: dict[str, str]) -> None:
    port = free_port()
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    server = datasette_process(project, "127.0.0.1", port, quiet=True)
    for k, v in saved.items():
        if v is None:
            os.environ.pop(k)
        else:
            os.environ[k] = v
    try:
        wait_until_up(port, timeout=120)
        # each client's first line asked once: a player arrives at a line from the one a move shorter
        first = connect(port, timeout=60)
        for start in sorted({i * len(paths) // clients for i in range(clients)}):
            first.request("GET", paths[start])
            first.getresponse().read()
        first.close()
        latencies: list[float] = []
        statuses: Counter[int] = Counter()
        lock = threading.Lock()
        stop = time.monotonic() + seconds
        threads = [threading.Thread(target=client, args=(port, stop, paths, i * len(paths) // clients, latencies, statuses, lock))
                   for i in range(clients)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        done = sum(statuses.values())
        print(f"{title}: {done} requests, {done / seconds:.0f}/s, p50 {percentile(latencies, 50):.1f} ms, "
              f"p99 {percentile(latencies, 99):.1f} ms, max {max(latencies, default=0):.1f} ms; statuses "
              + ", ".join(f"{s}: {n}" for s, n in sorted(statuses.items())))
    finally:
        server.terminate()
        server.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--game", default="viscounts", help="The game of the line (default viscounts: its games last past 300 moves)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--moves", type=int, default=300)
    args = parser.parse_args()
    project = Project.find(Path(__file__).resolve().parent)
    if needs_build(project):
        build(project)
    whole = playout(args.game, args.seed, args.moves)
    walk = [url(Line(whole.source, whole.moves[:k], whole.players, whole.seed)) for k in range(len(whole.moves) // 2, len(whole.moves) + 1)]
    print(f"{args.clients} clients, {args.seconds:g} s per run, loopback, a fresh server per run; the line: {whole.source}, "
          f"seed {whole.seed}, {len(whole.moves)} moves, {len(url(whole)):,} characters of URL; {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.1f} at the start")
    run(project, "shared line (caches on)", [url(whole)], args.clients, args.seconds, {})
    run(project, f"walking moves {len(whole.moves) // 2} to {len(whole.moves)} (replays kept, no response cache)", walk,
        args.clients, args.seconds, {"KB_NO_CACHE": "1"})
    run(project, "worst case (both caches off: every request replays all its moves)", [url(whole)], args.clients, args.seconds,
        {"KB_NO_CACHE": "1", "KB_EXPLORE_CACHE": "0"})


if __name__ == "__main__":
    main()
