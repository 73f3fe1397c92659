"""What the API rations or refuses before Datasette works on a request.

- Arbitrary SQL (the database with ``sql=``, or a table with ``_where=``) runs in a lane of its own:
  at most :data:`ARBITRARY_SQL_LANE` such requests at a time, each with a time limit of
  :data:`ARBITRARY_SQL_TIME_LIMIT_MS`, and all of them together for at most
  :data:`ARBITRARY_SQL_SHARE` of the time. One more is answered at once with 503 and
  ``Retry-After``, not queued: Datasette runs every query on a few shared threads, and a queue of
  slow queries would hold those threads (and the interpreter's lock, which SQLite's progress
  handler takes every few microseconds, and which our SQL functions hold while they run) while the
  canned queries, the table pages and the rows wait behind them. The share matters because one
  query at a time is still all the time for a client that sends them back to back: a query calling
  kb_search row after row held the lock half the time, and the other clients' throughput halved.
- The API is read-only: a method other than GET, HEAD or OPTIONS gets 405 (Datasette has no use
  for a POST to a canned query of an immutable database, and answered it with a 500).
- Datasette's pages about the server itself (``/-/databases`` gives the database's absolute path,
  ``/-/threads`` the interpreter's, ``/-/versions`` and ``/-/plugins`` what runs) and its debug
  pages are not served.
"""

from __future__ import annotations

import math
import time
from typing import Any, Callable
from urllib.parse import parse_qsl, urlencode

from outputs.database.checks import Target

ARBITRARY_SQL_LANE = 1
ARBITRARY_SQL_TIME_LIMIT_MS = 500
ARBITRARY_SQL_SHARE = 0.25
ARBITRARY_SQL_BURST_S = 2.0  # four queries at the time limit before the share applies
METHODS = ("GET", "HEAD", "OPTIONS")
# pages about the server (its folders, threads, versions, plugins, settings) and Datasette's debug pages
HIDDEN_PAGES = ("/-/databases", "/-/threads", "/-/versions", "/-/plugins", "/-/settings", "/-/config", "/-/allow-debug",
                "/-/permissions", "/-/patterns", "/-/messages", "/-/actor", "/-/auth-token")
LANE_FULL = (f"arbitrary SQL is rationed: {ARBITRARY_SQL_LANE} query at a time, for at most "
             f"{ARBITRARY_SQL_SHARE:.0%} of the time; try again in {{seconds}} s (canned queries, tables and rows do "
             "not wait for it)")


class Lane:
    """Requests in the lane: at most ``size`` at a time, and at most ``share`` of the time in all. The
    lane earns ``share`` seconds of credit per second, up to ``burst`` seconds, and a request that ran t
    seconds spends t: many quick queries in a row pass, slow ones back to back get a quarter of the
    time. The event loop runs one coroutine at a time, so testing and taking a place need no lock."""

    def __init__(self, size: int, share: float, burst: float, clock: Callable[[], float] = time.monotonic):
        self.size, self.share, self.burst, self.clock = size, share, burst, clock
        self.busy = 0
        self.credit, self.updated = burst, clock()

    def _earn(self) -> float:
        now = self.clock()
        self.credit = min(self.burst, self.credit + (now - self.updated) * self.share)
        self.updated = now
        return now

    def enter(self) -> float | None:
        """The time the request entered, or None when the lane is full or out of credit."""
        now = self._earn()
        if self.busy >= self.size or self.credit <= 0:
            return None
        self.busy += 1
        return now

    def leave(self, entered: float) -> None:
        now = self._earn()
        self.busy -= 1
        self.credit -= now - entered

    def retry_after(self) -> int:
        """Whole seconds until the lane has credit again (at least 1: a place may free sooner, but not surely)."""
        self._earn()
        return max(1, math.ceil(-self.credit / self.share))


def is_arbitrary_sql(request: Target | None) -> bool:
    return request is not None and (request.what == "sql" or (request.what == "table" and any(k == "_where" for k, _ in request.args)))


def hidden(path: str) -> bool:
    return path.removesuffix(".json").rstrip("/") in HIDDEN_PAGES


def time_limit_ms(request: Target | None, setting: int) -> int:
    """The time limit a request runs under: the setting, the arbitrary-SQL limit, or a lower
    ``_timelimit`` of its own (the checks refused one that is not a whole number)."""
    limit = min(setting, ARBITRARY_SQL_TIME_LIMIT_MS) if is_arbitrary_sql(request) else setting
    asked = [int(v) for k, v in (request.args if request else []) if k == "_timelimit" and v.isdigit()]
    return min([limit, *asked])


def with_time_limit(scope: dict[str, Any], limit_ms: int) -> dict[str, Any]:
    """The request with ``_timelimit`` set to ``limit_ms`` (Datasette only ever lowers its limit)."""
    args = [(k, v) for k, v in parse_qsl(scope.get("query_string", b"").decode("utf-8", "replace"), keep_blank_values=True)
            if k != "_timelimit"]
    return {**scope, "query_string": urlencode([*args, ("_timelimit", str(limit_ms))]).encode("ascii")}
