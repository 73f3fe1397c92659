"""What the API adds to Datasette's answers: the search's pages (``total``, ``next``, ``next_url`` and a
``Link: rel="next"`` header while more hits follow), plain-text error messages in JSON (Datasette
puts an HTML fragment in the ``error`` of a query that ran out of time), answers of our own for a
request the checks refuse (400) or the guard turns away (404, 405, 503), and no exception's text in
a 500: the client gets a plain sentence, the server's log gets the text."""

from __future__ import annotations

import asyncio
import contextvars
import html
import json
import os
import re
import sys
import traceback
from dataclasses import dataclass
from typing import Any, Awaitable, Callable
from urllib.parse import urlencode

from outputs.database.checks import Target
from outputs.database.limits import VALUE_TOO_BIG, VALUE_TOO_BIG_MESSAGE
from outputs.database.metadata import DATABASE
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


RAISED: contextvars.ContextVar[str | None] = contextvars.ContextVar("kb_raised", default=None)
"""The type of the exception Datasette's handler saw while answering the current request."""
DEBUG_VARIABLE = "KB_DEBUG"
LOG_MESSAGE_MAX = 200
DOWNLOAD_CHUNK = 256 * 1024  # Datasette sends a file 4 KB at a time, each read on a thread of its own
TOO_SLOW = "the answer took too long to send; ask for less, or download the database from the site"


def error_page(datasette: Any, request: Any, exception: BaseException) -> Callable[[], Awaitable[Any]]:
    """Datasette's answer to an exception (its own handler's), without the traceback it prints for
    each: a 500 is logged in one line by :class:`Rewriter`, with the traceback if ``KB_DEBUG=1``."""
    from datasette import Response
    from datasette.utils import add_cors_headers
    from datasette.utils.asgi import Base400
    from datasette.views.base import DatasetteError
    from markupsafe import Markup

    async def inner() -> Any:
        title, info, message = None, {}, str(exception)
        if isinstance(exception, Base400):
            status = exception.status
        elif isinstance(exception, DatasetteError):
            status, info, message, title = exception.status, dict(exception.error_dict), exception.message, exception.title
            message = Markup(message) if exception.message_is_html else message
        else:
            status = 500
            RAISED.set(type(exception).__name__)
            if os.environ.get(DEBUG_VARIABLE) == "1":
                traceback.print_exception(exception, file=sys.stderr)
        info.update({"ok": False, "error": message, "status": status, "title": title})
        headers: dict[str, str] = {}
        if datasette.cors:
            add_cors_headers(headers)
        if request.path.split("?")[0].endswith(".json"):
            return Response.json(info, status=status, headers=headers)
        template = datasette.jinja_env.select_template([f"{status}.html", "error.html"])
        return Response.html(await template.render_async(dict(info, urls=datasette.urls, app_css_hash=datasette.app_css_hash(),
                                                              menu_links=lambda: [])), status=status, headers=headers)
    return inner


class Outgoing:
    """The ``send`` every answer goes out through: no cookie set, the bytes of the body counted on
    the request's ticket of the gate (when it has one), and whether the answer has started."""

    def __init__(self, send: Send):
        self.send, self.started, self.ticket = send, False, None  # type: Send, bool, Any

    async def __call__(self, message: Message) -> None:
        if message["type"] == "http.response.start":
            self.started = True
            message = {**message, "headers": [(k, v) for k, v in message.get("headers") or []
                                              if bytes(k).lower() != b"set-cookie"]}
        elif message["type"] == "http.response.body" and self.ticket is not None:
            self.ticket.sent += len(message.get("body", b""))
        await self.send(message)


async def within(seconds: float, answer: Awaitable[None], outgoing: Outgoing, request: Target, path: str, cors: bool) -> None:
    """Run ``answer`` for at most ``seconds``. A client reading slowly holds it in ``send`` (the server
    waits for its buffer to drain): past the deadline the answer is dropped, and the server closes
    the connection of an answer left unfinished (or a 503 goes out, if nothing had)."""
    try:
        async with asyncio.timeout(seconds):
            await answer
    except TimeoutError:
        print(f"cut off {path}: not answered within {seconds:g} s", file=sys.stderr, flush=True)
        if not outgoing.started:
            await send_problem(outgoing, request, path, TOO_SLOW, cors, 503, "Too slow", ((b"retry-after", b"1"),))


async def send_file(send: Send, path: str, cors: bool, head: bool = False) -> None:
    """The database file, as Datasette's download sends it, in chunks of :data:`DOWNLOAD_CHUNK` (only
    its headers for HEAD)."""
    headers = [(b"content-type", b"application/octet-stream"), (b"content-length", str(os.stat(path).st_size).encode("ascii")),
               (b"content-disposition", f'attachment; filename="{os.path.basename(path)}"'.encode("utf-8", "replace"))]
    if cors:
        headers.append((b"access-control-allow-origin", b"*"))
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    if head:
        await send({"type": "http.response.body", "body": b"", "more_body": False})
        return
    with open(path, "rb") as file:
        while chunk := file.read(DOWNLOAD_CHUNK):
            await send({"type": "http.response.body", "body": chunk, "more_body": True})
    await send({"type": "http.response.body", "body": b"", "more_body": False})


INTERNAL_ERROR = "internal error: the server could not answer this request (its log says why)"


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
    """The ``send`` of one response, holding back a JSON error, a 500 or a search page to rewrite it."""

    def __init__(self, send: Send, paging: Paging | None, time_limit_ms: int, request: Target, path: str):
        self.send, self.paging, self.time_limit_ms, self.request, self.path = send, paging, time_limit_ms, request, path
        self.start: Message | None = None
        self.chunks: list[bytes] = []

    async def __call__(self, message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = dict(message.get("headers") or [])
            is_json = bytes(headers.get(b"content-type", b"")).startswith(b"application/json")
            status = message["status"]
            if (status >= 400 and is_json) or status >= 500 or (self.paging is not None and status == 200):
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
        if self.start["status"] >= 500:
            await self._internal_error(body, data, headers)
            return
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

    async def _internal_error(self, body: bytes, data: Any, headers: list[tuple[bytes, bytes]]) -> None:
        """A 500 keeps its status but not its text, which is an exception's (Python's, SQLite's); one that
        says a value was too long was the request's fault, and is a 400 saying so."""
        error = data.get("error") if isinstance(data, dict) else None
        if error is None:
            found = re.search(rb"solid red;\">(.*?)</div>", body, re.S)  # the message on Datasette's error page
            error = html.unescape(found.group(1).decode("utf-8", "replace")) if found else ""
        too_big = str(error).strip() == VALUE_TOO_BIG
        if not too_big:  # one line: the status, the path, the exception's type and the start of its message
            said = " ".join(str(error).split())[:LOG_MESSAGE_MAX]
            raised = RAISED.get()
            print(f"{self.start['status'] if self.start else 500} {self.path}: {raised + ': ' if raised else ''}{said}",
                  file=sys.stderr, flush=True)
        await send_problem(self.send, self.request, self.path, VALUE_TOO_BIG_MESSAGE if too_big else INTERNAL_ERROR,
                           any(bytes(k).lower() == b"access-control-allow-origin" for k, _ in headers),
                           status=400 if too_big else 500, title="Bad request" if too_big else "Internal error")


async def send_problem(send: Send, request: Target, path: str, problem: str, cors: bool, status: int = 400,
                       title: str = "Bad request", extra_headers: tuple[tuple[bytes, bytes], ...] = ()) -> None:
    """The problem with a status (400 unless told): JSON as Datasette's errors are, plain text for CSV,
    or a short page with a link back to the form, table or database."""
    if request.as_json:
        body, kind = json.dumps({"ok": False, "error": problem, "status": status, "title": title}, ensure_ascii=False), "application/json"
    elif request.format:
        body, kind = f"{title}: {problem}\n", "text/plain"
    else:
        back = {"query": ("form", request.name), "table": ("table", request.name), "row": ("table", request.name)}.get(
            request.what, ("database", DATABASE))
        form = path.rsplit(".", 1)[0] if "." in path.rsplit("/", 1)[-1] else path
        if request.what == "row":
            form = form.rsplit("/", 1)[0]
        elif request.what not in ("query", "table"):
            form = "/" + back[1]
        body, kind = (f"<!DOCTYPE html><title>{html.escape(title)}</title><p>{html.escape(title)}: {html.escape(problem)}</p>"
                      f'<p><a href="{html.escape(form)}">Back to the {html.escape(back[1])} {back[0]}</a></p>'), "text/html"
    headers = [(b"content-type", f"{kind}; charset=utf-8".encode("ascii")), *extra_headers]
    if cors:
        headers.append((b"access-control-allow-origin", b"*"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body.encode("utf-8")})
