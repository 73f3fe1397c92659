"""The site server beside many idle clients: opens N connections that send nothing (the 6,000 of
issue 31 took the old thread-per-connection server down for minutes), then times normal GETs.

    .venv/bin/python scripts/bench_site_server.py [--idle 6000] [--requests 50] [--site FOLDER]

Needs a build (kb build): it serves the project's site/.
"""

from __future__ import annotations

import argparse
import socket
import sys
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.serve import site_server  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--idle", type=int, default=6000)
    parser.add_argument("--requests", type=int, default=50)
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="the site folder served (default: site/)")
    args = parser.parse_args()
    server = site_server(args.site, "127.0.0.1", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    idle = []
    try:
        started = time.perf_counter()
        for _ in range(args.idle):
            idle.append(socket.create_connection(("127.0.0.1", port), timeout=10))
        print(f"{args.idle} idle connections opened in {time.perf_counter() - started:.1f} s; "
              f"threads in the process: {threading.active_count()}")
        times = []
        for _ in range(args.requests):
            started = time.perf_counter()
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as response:
                response.read()
            times.append(time.perf_counter() - started)
        times.sort()
        print(f"{args.requests} GET / beside them: median {times[len(times) // 2] * 1000:.1f} ms, "
              f"max {times[-1] * 1000:.1f} ms; connections kept waiting: {len(server.waiting)} "
              f"(the oldest are dropped past the limit); threads: {threading.active_count()}")
    finally:
        for client in idle:
            client.close()
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    main()
