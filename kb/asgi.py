"""The Datasette ASGI app of a built project, as `kb serve` runs it under uvicorn.

``KB_ROOT`` names the project folder; nothing is built at import time. The database is immutable, so a GET of one URL always gets
the same answer: successful responses are kept in a small LRU cache in front of Datasette (what a
caching proxy would do), which keeps latency low under concurrent clients. ``KB_NO_CACHE=1``
turns it off (scripts/bench_api.py compares both).
"""

from __future__ import annotations

import os
from collections import OrderedDict
from pathlib import Path
from typing import Any, Awaitable, Callable

from kb.project import Project
from kb.serve import datasette_app

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]


class ResponseCache:
    """Cache complete 200 responses to cookie-less GET and HEAD requests, least recently used out."""

    def __init__(self, app: App, max_entries: int = 4096, max_body: int = 512 * 1024):
        self.app = app
        self.max_entries = max_entries
        self.max_body = max_body
        self.entries: OrderedDict[tuple[Any, ...], tuple[Message, bytes]] = OrderedDict()
        self.hits = self.misses = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = dict(scope.get("headers") or [])
        if scope["type"] != "http" or scope["method"] not in ("GET", "HEAD") or b"cookie" in headers:
            await self.app(scope, receive, send)
            return
        # everything the response depends on: the search's next_url names the scheme and host
        key = (scope["method"], scope.get("scheme"), scope["path"], scope.get("query_string", b""), headers.get(b"host"),
               headers.get(b"origin"))
        cached = self.entries.get(key)
        if cached is not None:
            self.hits += 1
            self.entries.move_to_end(key)
            start, body = cached
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
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))
                size += len(chunks[-1])
            await send(message)

        await self.app(scope, receive, capture)
        if start_message.get("status") == 200 and size <= self.max_body:
            self.entries[key] = (start_message, b"".join(chunks))
            if len(self.entries) > self.max_entries:
                self.entries.popitem(last=False)


def make_app(root: Path, cache: bool = True) -> App:
    app: App = datasette_app(Project(root)).app()
    return ResponseCache(app) if cache else app


def create_app() -> App:
    """The app uvicorn serves (``--factory kb.asgi:create_app``), built when the server starts."""
    return make_app(Path(os.environ.get("KB_ROOT", ".")).resolve(), cache=os.environ.get("KB_NO_CACHE") != "1")
