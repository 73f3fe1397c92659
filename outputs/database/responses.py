"""What the API adds to Datasette's answers: the search's pages (``total``, ``next``, ``next_url`` and a
``Link: rel="next"`` header while more hits follow), plain-text error messages in JSON (Datasette
puts an HTML fragment in the ``error`` of a query that ran out of time), and a 400 of our own for
a request the checks refuse."""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass
from typing import Any, Awaitable, Callable
from urllib.parse import urlencode

from outputs.database.checks import Target
from outputs.database.limits import VALUE_TOO_BIG, VALUE_TOO_BIG_MESSAGE
from outputs.search import search_page

Message = dict[str, Any]
Send = Callable[[Message], Awaitable[None]]


@dataclass(frozen=True)
class Paging:
    total: int
    next_offset: int | None
    next_url: str | None


def search_paging(database_path: str, request: Target, params: list[dict[str, Any]], scope: dict[str, Any]) -> Paging:
    """The search's place in its hits: how many in all, and the next page's address if more follow."""
    given = dict(request.args)
    defaults = {p["name"]: p["default"] for p in params}
    limit = int(given.get("limit", "").strip() or defaults["limit"])
    offset = int(given.get("offset", "").strip() or defaults["offset"])
    _, total = search_page(database_path, given.get("q", ""), given.get("game", "").strip() or None, limit, offset)
    if offset + limit >= total:
        return Paging(total, None, None)
    following = [(k, v) for k, v in request.args if k != "offset"] + [("offset", str(offset + limit))]
    headers = dict(scope.get("headers") or [])
    host = headers.get(b"host", b"localhost").decode("latin-1")
    url = f"{scope.get('scheme', 'http')}://{host}{scope['path']}?{urlencode(following)}"
    return Paging(total, offset + limit, url)


def plain_error(error: str, title: str | None, time_limit_ms: int) -> str:
    """An error message as plain text: Datasette's HTML for a query over the time limit says what
    happened in a sentence, SQLite's "string or blob too big" names the limits; other markup is dropped."""
    if title == "SQL Interrupted":
        return f"SQL query took too long: the time limit is {time_limit_ms} ms"
    if error.strip() == VALUE_TOO_BIG:
        return VALUE_TOO_BIG_MESSAGE
    text = re.sub(r"<(script|textarea)\b.*?</\1>", " ", error, flags=re.S | re.I)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", text)).split())


class Rewriter:
    """The ``send`` of one response, holding back a JSON error or a search page to rewrite it."""

    def __init__(self, send: Send, paging: Paging | None, time_limit_ms: int):
        self.send, self.paging, self.time_limit_ms = send, paging, time_limit_ms
        self.start: Message | None = None
        self.chunks: list[bytes] = []

    async def __call__(self, message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = dict(message.get("headers") or [])
            is_json = bytes(headers.get(b"content-type", b"")).startswith(b"application/json")
            status = message["status"]
            if (status >= 400 and is_json) or (self.paging is not None and status == 200):
                self.start = message
                return
        elif message["type"] == "http.response.body" and self.start is not None:
            self.chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                await self._finish()
            return
        await self.send(message)

    async def _finish(self) -> None:
        assert self.start is not None
        body = b"".join(self.chunks)
        headers = [(k, v) for k, v in self.start.get("headers") or [] if bytes(k).lower() != b"content-length"]
        try:
            data = json.loads(body)
        except ValueError:
            data = None
        if isinstance(data, dict) and self.start["status"] >= 400 and isinstance(data.get("error"), str):
            data["error"] = plain_error(data["error"], data.get("title"), self.time_limit_ms)
            body = json.dumps(data, ensure_ascii=False).encode("utf-8")
        elif self.paging is not None:
            if isinstance(data, dict):
                data.update(total=self.paging.total, next=None if self.paging.next_offset is None else str(self.paging.next_offset),
                            next_url=self.paging.next_url)
                body = json.dumps(data, ensure_ascii=False).encode("utf-8")
            if self.paging.next_url:
                headers.append((b"link", f'<{self.paging.next_url}>; rel="next"'.encode("latin-1")))
        await self.send({**self.start, "headers": headers})
        await self.send({"type": "http.response.body", "body": body})


async def send_problem(send: Send, request: Target, path: str, problem: str, cors: bool) -> None:
    """Status 400 with the problem: JSON as Datasette's errors are, plain text for CSV, or a short page
    with a link back to the form or table."""
    if request.as_json:
        body, kind = json.dumps({"ok": False, "error": problem, "status": 400, "title": "Bad request"}, ensure_ascii=False), "application/json"
    elif request.format:
        body, kind = f"Bad request: {problem}\n", "text/plain"
    else:
        form = path.rsplit(".", 1)[0] if "." in path.rsplit("/", 1)[-1] else path
        body, kind = (f"<!DOCTYPE html><title>Bad request</title><p>Bad request: {html.escape(problem)}</p>"
                      f'<p><a href="{html.escape(form)}">Back to the {html.escape(request.name)} '
                      f'{"form" if request.what == "query" else request.what}</a></p>'), "text/html"
    headers = [(b"content-type", f"{kind}; charset=utf-8".encode("ascii"))]
    if cors:
        headers.append((b"access-control-allow-origin", b"*"))
    await send({"type": "http.response.start", "status": 400, "headers": headers})
    await send({"type": "http.response.body", "body": body.encode("utf-8")})
