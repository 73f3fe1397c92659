"""One admission gate for every expensive way into the API, with costed lanes and per-client fairness.

What is expensive: the explorer's replays, arbitrary SQL (``sql=`` on the database, ``_where=`` on a table, under any
spelling of the path: the checks read the names as Datasette decodes them), table pages (listings,
with any arguments, in any format: JSON, HTML, CSV), the database's and the instance's pages (a
permission check per table: about a second each), CSV streams (``_stream=``) and the ``/kb.db``
download. What is cheap: the canned queries and the rows (their cost is bounded by their
parameters), the static files and the small pages. Answers the response cache (kb/asgi.py) holds
never reach the gate.

- **Two lanes.** Cheap requests never pass the gate: they keep Datasette's third SQL thread and the
  event loop to themselves whatever the expensive ones do. Expensive requests share :data:`SLOTS`
  places (of Datasette's three SQL threads); one more waits at most :data:`WAIT_S` for a place, then
  gets 503 with ``Retry-After``.
- **Per client.** A client is the address it connects from. When places free up, the waiting client
  with the fewest requests inside goes first, so one client sending many cannot starve another. Each
  client may spend :data:`SHARE` of the time (seconds inside the gate, after a burst of
  :data:`BURST_S`) and :data:`BYTES_PER_S` of downloads and streams (after :data:`BYTES_BURST`); a
  client in debt waits :data:`WAIT_S` and gets 503 with the seconds until it has paid it back (the
  wait keeps a client that does not pause from turning refusals into a load of their own).
- **Only while others are served.** Time and bytes are charged only to a request during which a
  cheap request was also being served (or answered from the cache): alone on the server, a client
  may use it all (a script reading every table in turn, the tests, the build's API page); beside
  other clients, it gets its share. Behind one address (loopback, a NAT, a proxy) all users are one
  client: they share its credit, and what keeps the ones asking canned queries and rows served is
  that those never wait for the gate.
- **Deadlines.** An expensive answer must be sent within :data:`EXPENSIVE_DEADLINE_S`, any other
  within :data:`DEADLINE_S`: a client that reads slowly (or not at all) is cut off then, and no
  place, thread or buffer is held longer. The download of the whole database is also on the
  static site (``/downloads/kb.db``), which has no such bound.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections import Counter
from dataclasses import dataclass
from typing import Callable

from datasette.utils import tilde_decode

from outputs.database.checks import Target
from outputs.database.metadata import DATABASE

SLOTS = 2
WAIT_S = 1.0
MAX_WAITING = 64  # requests waiting for a place at once; one more is refused at once
SHARE = 0.25
BURST_S = 2.0
BYTES_PER_S = 2_000_000
BYTES_BURST = 24_000_000  # two downloads of the database (about 10 MB) in a row
DEADLINE_S = 30.0
EXPENSIVE_DEADLINE_S = 10.0
ARBITRARY_SQL_TIME_LIMIT_MS = 500
MAX_CLIENTS = 4096  # credits kept; full ones are forgotten first
INDEX_PAGES = ("/", "/.json", "/.jsono")
EXPLORE_PATH = "/-/explore.json"
"""The explorer (outputs/explore): a replay of up to hundreds of moves on an engine, so it waits its turn here."""

BUSY = ("this request is rationed (arbitrary SQL, tables, CSV streams, downloads and the database's pages share "
        f"{SLOTS} places, and each client {SHARE:.0%} of the time while others are served); try again in {{seconds}} s "
        "(canned queries and rows do not wait for it)")


class Credit:
    """Seconds or bytes a client may spend: earns ``rate`` a second, up to ``burst``."""

    def __init__(self, rate: float, burst: float, now: float):
        self.rate, self.burst, self.balance, self.updated = rate, burst, burst, now

    def earn(self, now: float) -> float:
        self.balance = min(self.burst, self.balance + (now - self.updated) * self.rate)
        self.updated = now
        return self.balance

    def owed_seconds(self, now: float) -> float:
        return max(0.0, -self.earn(now) / self.rate)


class Load:
    """Cheap requests being served, and a count of all those seen (a cache hit is one, in no time):
    whether an expensive request ran beside others."""

    def __init__(self) -> None:
        self.in_flight = 0
        self.seen = 0

    def started(self) -> None:
        self.in_flight += 1
        self.seen += 1

    def finished(self) -> None:
        self.in_flight -= 1

    def answered(self) -> None:
        """A cheap request answered at once (from the response cache)."""
        self.seen += 1


LOAD = Load()
"""The process's cheap requests (the response cache in front of Datasette counts its hits here)."""


@dataclass
class Ticket:
    client: str
    entered: float
    seen: int
    contended: bool
    sent: int = 0


class Gate:
    """The places and credits of the expensive lane. The event loop runs one coroutine at a time, so
    testing and taking a place need no lock."""

    def __init__(self, slots: int | None = None, wait_s: float | None = None, share: float | None = None,
                 burst_s: float | None = None, bytes_per_s: float | None = None, bytes_burst: float | None = None,
                 load: Load = LOAD, clock: Callable[[], float] = time.monotonic):
        """Unless given, the module's settings as they are when the gate is made (tests lower them)."""
        self.slots = SLOTS if slots is None else slots
        self.wait_s = WAIT_S if wait_s is None else wait_s
        self.share = SHARE if share is None else share
        self.burst_s = BURST_S if burst_s is None else burst_s
        self.bytes_per_s = BYTES_PER_S if bytes_per_s is None else bytes_per_s
        self.bytes_burst = BYTES_BURST if bytes_burst is None else bytes_burst
        self.load, self.clock = load, clock
        self.busy = 0
        self.inside: Counter[str] = Counter()
        self.waiting: list[tuple[str, asyncio.Future[None]]] = []
        self.time: dict[str, Credit] = {}
        self.bytes: dict[str, Credit] = {}

    def owed(self, client: str) -> float:
        """Seconds until the client has paid back what it spent beside others (0: nothing owed)."""
        now = self.clock()
        return max(credit.owed_seconds(now) for credit in (self._credit(self.time, client, self.share, self.burst_s, now),
                                                            self._credit(self.bytes, client, self.bytes_per_s,
                                                                         self.bytes_burst, now)))

    async def enter(self, client: str) -> Ticket | int:
        """A ticket once the client has a place, or the seconds it should wait before asking again."""
        owed = self.owed(client)
        if owed > 0:
            await asyncio.sleep(min(self.wait_s, owed))
            return max(1, math.ceil(owed - min(self.wait_s, owed)))
        if self.busy >= self.slots or self.waiting:
            if len(self.waiting) >= MAX_WAITING:
                return 1
            future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            waiter = (client, future)
            self.waiting.append(waiter)
            try:
                await asyncio.wait_for(asyncio.shield(future), self.wait_s)
            except asyncio.TimeoutError:
                if not future.done():
                    future.cancel()
                    return 1
            except asyncio.CancelledError:  # the client went away: give back a place handed to it meanwhile
                if future.done() and not future.cancelled():
                    self._free(client)
                future.cancel()
                raise
            finally:
                if waiter in self.waiting:
                    self.waiting.remove(waiter)
        else:
            self._take(client)
        return Ticket(client, self.clock(), self.load.seen, self.load.in_flight > 0)

    def leave(self, ticket: Ticket) -> None:
        """The request is answered: charge its time and bytes if others were served meanwhile."""
        now = self.clock()
        if ticket.contended or self.load.in_flight > 0 or self.load.seen != ticket.seen:
            for credits, rate, burst, spent in ((self.time, self.share, self.burst_s, now - ticket.entered),
                                                (self.bytes, self.bytes_per_s, self.bytes_burst, ticket.sent)):
                credit = self._credit(credits, ticket.client, rate, burst, now)
                credit.earn(now)
                credit.balance -= spent
        self._free(ticket.client)

    def _take(self, client: str) -> None:
        self.busy += 1
        self.inside[client] += 1

    def _free(self, client: str) -> None:
        self.busy -= 1
        self.inside[client] -= 1
        if not self.inside[client]:
            del self.inside[client]
        while self.busy < self.slots:
            pending = [w for w in self.waiting if not w[1].done()]
            if not pending:
                break
            # the client with the fewest requests inside goes first; among equals, the first to come
            chosen = min(pending, key=lambda w: self.inside[w[0]])
            self.waiting.remove(chosen)
            self._take(chosen[0])
            chosen[1].set_result(None)

    def _credit(self, credits: dict[str, Credit], client: str, rate: float, burst: float, now: float) -> Credit:
        credit = credits.get(client)
        if credit is None:
            if len(credits) >= MAX_CLIENTS:  # forget the clients that owe nothing
                for key in [k for k, c in credits.items() if c.earn(now) >= c.burst and k not in self.inside]:
                    del credits[key]
            credit = credits[client] = Credit(rate, burst, now)
        return credit


def client_of(scope: dict[str, object]) -> str:
    """The client: the address it connects from (uvicorn is told to trust no forwarding header)."""
    client = scope.get("client")
    return str(client[0]) if isinstance(client, (tuple, list)) and client else "unknown"


def is_download(path: str) -> bool:
    """``path`` (as Datasette routes it) is the download of our database: ``/kb.db``, ``/k~62.db``."""
    name, dot, extension = path.strip("/").partition(".")
    return bool(dot) and extension == "db" and "/" not in name and tilde_decode(name) == DATABASE


def is_expensive(request: Target | None, path: str) -> bool:
    """Whether a request (``path`` as Datasette routes it) must pass the gate."""
    if request is None:
        return path in INDEX_PAGES or is_download(path) or path == EXPLORE_PATH
    if request.what in ("sql", "table", "database"):
        return True
    return request.format == "csv" and any(key == "_stream" and value for key, value in request.args)


def is_arbitrary_sql(request: Target | None) -> bool:
    return request is not None and (request.what == "sql" or (request.what == "table" and any(k == "_where" for k, _ in request.args)))
