"""The Datasette ASGI app of a built project, as `kb serve` runs it under uvicorn.

``KB_ROOT`` names the project folder; nothing is built at import time. The database is immutable, so a GET of one URL always gets
the same answer: successful responses are kept in a small LRU cache in front of Datasette (what a
caching proxy would do), which keeps latency low under concurrent clients. ``KB_NO_CACHE=1``
turns it off (scripts/bench_api.py compares both).
"""

from __future__ import annotations

import gc
import os
import sqlite3
import sys
from collections import OrderedDict
from pathlib import Path
from typing import Any, Awaitable, Callable
from urllib.parse import parse_qsl, urlencode

from kb.project import Project
from kb.serve import READY_FD, datasette_app
from outputs.database.gate import LOAD
from outputs.database.guard import anonymous
from outputs.database.metadata import DATABASE

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

# The pages listing the tables (the instance's and the database's) cost Datasette about a second each
# (a permission check per table), and read only these arguments: any other argument is dropped, so
# that ``/kb.json?x=1``, ``?x=2`` ... are one page in the cache, not a second's work each.
LISTING_PAGES = ("/", "/.json", f"/{DATABASE}", f"/{DATABASE}.json")
LISTING_ARGUMENTS = ("_sort", "_show_hidden")
SWITCH_INTERVAL_S = 0.001
# What an entry costs besides its body: the key, the headers, Python's objects (an estimate on the
# high side: measured about 700 bytes for a JSON answer's headers and objects).
ENTRY_OVERHEAD = 1024


def listing_query(path: str, query_string: bytes) -> bytes:
    """The query string as the response depends on it: for a listing page (without ``sql=``) only the
    arguments it reads, with a fixed value for each; for any other page all of it."""
    if path not in LISTING_PAGES:
        return query_string
    args = parse_qsl(query_string.decode("latin-1"), keep_blank_values=True)
    if any(key == "sql" for key, _ in args):
        return query_string
    kept = {key: "relationships" if key == "_sort" and value == "relationships" else "1"
            for key, value in args if key in LISTING_ARGUMENTS and value}
    return urlencode(sorted(kept.items())).encode("ascii")


class ResponseCache:
    """Complete 200 responses to GET and HEAD requests (cookies and credentials dropped), least recently used
    out: at most ``max_bytes`` in all (bodies, headers and keys) and no body above ``max_body``, so a
    client asking for many large answers costs the server at most ``max_bytes``."""

    # max_body: a table's HTML page (/kb/buildings: 42 rows of 41 columns) passed 256 KB once every entry
    # carried its summary sentence; 1 MB keeps such pages cached and 64 such bodies still fit max_bytes
    def __init__(self, app: App, max_bytes: int = 64 * 1024 * 1024, max_body: int = 1024 * 1024):
        self.app = app
        self.max_bytes = max_bytes
        self.max_body = max_body
        self.entries: OrderedDict[tuple[Any, ...], tuple[Message, bytes, int]] = OrderedDict()
        self.bytes = 0
        self.hits = self.misses = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        scope = anonymous(scope)  # the API answers everyone alike: a cookie changes neither the answer nor its caching
        headers = dict(scope.get("headers") or [])
        query = listing_query(scope["path"], scope.get("query_string", b""))
        scope = {**scope, "query_string": query}
        # everything the response depends on: the search's next_url names the scheme and host
        key = (scope["method"], scope.get("scheme"), scope["path"], query, headers.get(b"host"), headers.get(b"origin"))
        cached = self.entries.get(key)
        if cached is not None:
            self.hits += 1
            LOAD.answered()  # a cheap request served: the gate charges expensive ones running beside it
            self.entries.move_to_end(key)
            start, body, _ = cached
            await send(start)
            await send({"type": "http.response.body", "body": body})
            return
        self.misses += 1
        start_message: Message = {}
        chunks: list[bytes] = []
        size = 0

        async def capture(message: Message) -> None:
            nonlocal size
            if message["type"] == "http.response.start":
                start_message.update(message)
            elif message["type"] == "http.response.body" and size <= self.max_body:
                chunks.append(message.get("body", b""))
                size += len(chunks[-1])  # past max_body the response will not be kept: stop holding it
            await send(message)

        await self.app(scope, receive, capture)
        if start_message.get("status") == 200 and size <= self.max_body:
            self._keep(key, start_message, b"".join(chunks))

    def _keep(self, key: tuple[Any, ...], start: Message, body: bytes) -> None:
        cost = (len(body) + sum(len(k) + len(v) for k, v in start.get("headers") or [])
                + sum(len(part) for part in key if isinstance(part, (str, bytes))) + ENTRY_OVERHEAD)
        if key in self.entries:
            self.bytes -= self.entries.pop(key)[2]
        self.entries[key] = (start, body, cost)
        self.bytes += cost
        while self.bytes > self.max_bytes and self.entries:
            self.bytes -= self.entries.popitem(last=False)[1][2]


def make_app(root: Path, cache: bool = True, build: Path | None = None) -> App:
    app: App = datasette_app(Project(root), build).app()
    return ResponseCache(app) if cache else app


def settle(project: Project, build: Path | None = None) -> None:
    """Ready the serving process for many clients at once:

    - load what every search uses (the index, its filters) and what the explorer replays (the scenarios,
      the catalogs), then freeze the objects made so far out
      of the garbage collector's reach: otherwise the index is built by the first search, and a full
      collection walks all of it (pauses of 90 to 170 ms measured, under a stream of searches);
    - hand the interpreter's lock between threads every millisecond instead of every 5: a query
      calling our Python SQL functions row after row holds it, and the event loop, which answers
      every other request (the cached ones too), waited up to 5 ms for each turn (scripts/bench_api.py
      --hostile: the normal clients' p99 went from 28 to 10 ms beside such queries);
    - no traceback in the log for an exception in an SQL function (Datasette turns them on): our
      functions refuse bad input by raising, which is the client's error, answered to the client.
    """
    from outputs.explore import warm
    from outputs.search import index_from_database

    index = index_from_database((build or project.build) / "kb.db")
    index.filters, index.numeric_fields  # built on first use otherwise
    warm()  # the explorer's scenarios and catalogs (/-/explore.json reads no file while serving)
    gc.collect()
    gc.freeze()
    sys.setswitchinterval(SWITCH_INTERVAL_S)
    sqlite3.enable_callback_tracebacks(False)


def create_app() -> App:
    """The app uvicorn serves (``--factory kb.asgi:create_app``), built when the server starts."""
    project = Project(Path(os.environ.get("KB_ROOT", ".")).resolve())
    build = project.build.resolve()  # the build folder itself: a later build does not change what it reads
    app = make_app(project.root, cache=os.environ.get("KB_NO_CACHE") != "1", build=build)
    settle(project, build)
    ready = os.environ.pop(READY_FD, None)
    if ready:  # kb serve waits for this: the requests queued meanwhile are answered from here on
        os.write(int(ready), b"ready")
        os.close(int(ready))
    return app
