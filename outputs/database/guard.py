"""What the API rations or refuses before Datasette works on a request.

- Arbitrary SQL (the database with ``sql=``, or a table with ``_where=``) runs in a lane of its own:
  at most :data:`ARBITRARY_SQL_LANE` such requests at a time, each with a time limit of
  :data:`ARBITRARY_SQL_TIME_LIMIT_MS`. One more is answered at once with 503 and ``Retry-After``,
  not queued: Datasette runs every query on a few shared threads, and a queue of slow queries would
  hold those threads (and the interpreter's lock, which SQLite's progress handler takes every few
  microseconds) while the canned queries, the table pages and the rows wait behind them.
- The API is read-only: a method other than GET, HEAD or OPTIONS gets 405 (Datasette has no use
  for a POST to a canned query of an immutable database, and answered it with a 500).
- Datasette's pages about the server itself that name its folders (``/-/databases`` gives the
  database's absolute path, ``/-/threads`` the interpreter's) are not served.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl, urlencode

from outputs.database.checks import Target

ARBITRARY_SQL_LANE = 1
ARBITRARY_SQL_TIME_LIMIT_MS = 500
METHODS = ("GET", "HEAD", "OPTIONS")
HIDDEN_PAGES = ("/-/databases", "/-/threads")
LANE_FULL = (f"arbitrary SQL is busy: it runs {ARBITRARY_SQL_LANE} query at a time, and one is running; try again "
             "in a moment (canned queries and tables do not wait for it)")


class Lane:
    """A count of the requests in the lane. The event loop runs one coroutine at a time, so testing and
    taking a place need no lock."""

    def __init__(self, size: int):
        self.size, self.busy = size, 0

    def enter(self) -> bool:
        if self.busy >= self.size:
            return False
        self.busy += 1
        return True

    def leave(self) -> None:
        self.busy -= 1


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
