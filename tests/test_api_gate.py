"""The gate in front of every expensive way into the API (outputs/database/gate.py): arbitrary SQL under
any spelling of the path, table pages, CSV streams, the database's page and download all wait for
the same few places while canned queries and rows are answered; a client is rationed only while
others are served, and the waiting clients take turns; a slow reader is cut off at the deadline;
a cookie changes neither an answer nor its caching; a 500 is one line of log. No timings are
asserted: scripts/bench_api.py --hostile measures what the gate buys."""

from __future__ import annotations

import asyncio
import html
import threading
from typing import Any
from urllib.parse import urlencode

import httpx
import pytest
from datasette import hookimpl
from datasette.plugins import pm

from kb.asgi import make_app
from kb.serve import datasette_app
from outputs.database import gate
from outputs.database.gate import BUSY, Gate, Load, Ticket


class HoldTheGate:
    """A test plugin: ``hold_gate()`` in SQL blocks until the test lets it go."""

    released = threading.Event()
    started = threading.Semaphore(0)

    @staticmethod
    @hookimpl
    def prepare_connection(conn):  # type: ignore[no-untyped-def]
        def hold() -> int:
            HoldTheGate.started.release()
            HoldTheGate.released.wait(timeout=60)
            return 1
        conn.create_function("hold_gate", 0, hold)


def sql(query: str, path: str = "/kb.json") -> str:
    return path + "?" + urlencode({"sql": query, "_shape": "array"})


# Every side door of the issue, and the front doors: each must wait for the gate.
SIDE_DOORS = [
    sql("select 1"),
    sql("select 1", "/k~62.json"),  # the database's name tilde-encoded
    sql("select 1", "/k~62"),
    "/kb/buildings.json?" + urlencode({"_where": "1"}),
    "/k~62/r~75les.json?_size=5",  # a table, tilde-encoded
    "/kb/rules.json?_size=max&_shape=array",  # a listing, as a JSON export
    "/kb/rules",  # a listing as HTML
    "/kb/rules.csv?_stream=on&_size=max",  # a CSV stream of a table
    "/kb/search.csv?q=mill&_stream=on",  # a CSV stream of a canned query
    "/kb.json", "/kb", "/", "/.json",  # the database's and the instance's listings
    "/kb.db", "/k~62.db",  # the download
]


async def test_every_expensive_way_in_waits_for_the_gate_while_canned_queries_and_rows_are_answered(built, monkeypatch) -> None:
    monkeypatch.setattr(gate, "WAIT_S", 0.05)
    pm.register(HoldTheGate, name="hold-the-gate")
    HoldTheGate.released.clear()
    try:
        datasette = datasette_app(built)
        holders = [asyncio.create_task(datasette.client.get(sql(f"select hold_gate() + {i}"))) for i in range(gate.SLOTS)]
        for _ in holders:
            while not HoldTheGate.started.acquire(blocking=False):
                await asyncio.sleep(0.01)
        for door in SIDE_DOORS:
            busy = await datasette.client.get(door, headers={"cookie": "ds_actor=x; session=1"})
            assert busy.status_code == 503, (door, busy.status_code, busy.text[:200])
            assert busy.headers["retry-after"] == "1" and BUSY.format(seconds=1) in html.unescape(busy.text), door
        # meanwhile, the canned queries and the rows
        for path in ("/kb/search.json?q=castle&_shape=array", "/kb/freshness.json?_shape=array",
                     "/kb/buildings/caylus~2Ebuilding~2Ebank.json?_shape=array", "/kb/buildings/caylus~2Ebuilding~2Ebank",
                     "/kb/search.csv?q=castle", "/-/metadata.json"):
            answered = await datasette.client.get(path)
            assert answered.status_code == 200, (path, answered.text[:200])
        # a database name Datasette does not know runs nothing, whatever it asks
        assert (await datasette.client.get(sql("select 1", "/kb~2Ejson"))).status_code == 404
        assert not any(h.done() for h in holders)  # all of that while the gate was held
    finally:
        HoldTheGate.released.set()
        pm.unregister(name="hold-the-gate")
    assert [(await h).status_code for h in holders] == [200] * gate.SLOTS
    # the places are free again: every door opens (its time was charged: the cheap requests ran beside it)
    for door in SIDE_DOORS:
        while (again := await datasette.client.get(door)).status_code == 503:
            await asyncio.sleep(int(again.headers["retry-after"]) / 4)
        assert again.status_code == 200, (door, again.text[:200])
    download = await datasette.client.get("/kb.db")
    assert download.content == (built.build / "kb.db").read_bytes()
    assert download.headers["content-disposition"] == 'attachment; filename="kb.db"'


def test_a_client_is_charged_only_beside_others_and_then_gets_its_share() -> None:
    now = [100.0]
    load = Load()
    lane = Gate(slots=2, wait_s=0.0, share=0.25, burst_s=2.0, bytes_per_s=1000, bytes_burst=5000, load=load, clock=lambda: now[0])

    async def run() -> None:
        # alone on the server: a client may use it all
        for _ in range(10):
            ticket = await lane.enter("a")
            assert isinstance(ticket, Ticket)
            now[0] += 1.0
            lane.leave(ticket)
        assert lane.owed("a") == 0
        # beside a cheap request: 3 s spent of a 2 s burst, 1 s owed, earned back at 0.25 s a second
        ticket = await lane.enter("a")
        assert isinstance(ticket, Ticket)
        load.started()
        now[0] += 3.0
        load.finished()
        lane.leave(ticket)
        assert lane.owed("a") == pytest.approx(4.0)
        assert await lane.enter("a") == 4  # told when to come back
        assert isinstance(await lane.enter("b"), Ticket)  # another client has its own credit
        now[0] += 4.0
        assert lane.owed("a") == 0
        # bytes: a stream of 8,000 bytes beside others, after a burst of 5,000, at 1,000 a second
        ticket = await lane.enter("a")
        assert isinstance(ticket, Ticket)
        load.answered()  # a cache hit meanwhile
        ticket.sent = 8000
        lane.leave(ticket)
        assert lane.owed("a") == pytest.approx(3.0)
    asyncio.run(run())


def test_waiting_clients_take_turns_the_one_with_fewest_inside_first() -> None:
    async def run() -> None:
        lane = Gate(slots=2, wait_s=5.0, load=Load())
        first, second = await lane.enter("greedy"), await lane.enter("greedy")
        assert isinstance(first, Ticket) and isinstance(second, Ticket) and lane.busy == 2
        greedy = asyncio.create_task(lane.enter("greedy"))
        await asyncio.sleep(0)
        other = asyncio.create_task(lane.enter("other"))
        await asyncio.sleep(0)
        lane.leave(first)  # one place frees: "other" has none inside, "greedy" two, so "other" goes first
        assert isinstance(await other, Ticket) and not greedy.done()
        lane.leave(second)
        assert isinstance(await greedy, Ticket)
        # a client that goes away while waiting leaves no place taken
        waiting = asyncio.create_task(lane.enter("gone"))
        await asyncio.sleep(0)
        waiting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiting
        assert lane.busy == 2 and lane.waiting == []

    asyncio.run(run())


async def test_a_slow_reader_is_cut_off_at_the_deadline_and_frees_its_place(built, monkeypatch) -> None:
    """The server's ``send`` waits while the client does not read (uvicorn waits for its buffer to
    drain): here it never returns for a body, as with a client that reads nothing."""
    monkeypatch.setattr(gate, "EXPENSIVE_DEADLINE_S", 0.5)
    monkeypatch.setattr(gate, "DEADLINE_S", 0.5)
    datasette = datasette_app(built)
    app = datasette.app()
    lane = datasette.kb_gate
    for path in ("/kb.db", "/kb/rules.csv", "/kb/buildings/caylus~2Ebuilding~2Ebank"):
        sent: list[dict[str, Any]] = []

        async def stuck(message: dict[str, Any]) -> None:
            sent.append(message)
            if message["type"] == "http.response.body":
                await asyncio.Event().wait()

        async def receive() -> dict[str, Any]:
            return {"type": "http.request", "body": b"", "more_body": False}

        raw, _, query = path.partition("?")
        scope = {"type": "http", "method": "GET", "path": raw, "raw_path": raw.encode(), "query_string": query.encode(),
                 "headers": [(b"host", b"localhost")], "client": ("192.0.2.1", 5000), "scheme": "http",
                 "http_version": "1.1", "root_path": "", "server": ("localhost", 80)}
        await asyncio.wait_for(app(scope, receive, stuck), timeout=10)  # returns: cut off, not stuck forever
        assert sent[0]["status"] == 200, path
        assert lane.busy == 0 and not lane.inside, path


class Boom:
    @staticmethod
    @hookimpl
    def register_routes():  # type: ignore[no-untyped-def]
        async def boom(request: Any) -> Any:
            raise RuntimeError("the view broke\n" + "x" * 5000)
        return [(r"^/-/boom$", boom)]


async def test_a_500_is_one_line_of_log_unless_debugging(built, capsys, monkeypatch) -> None:
    pm.register(Boom, name="boom")
    try:
        datasette = datasette_app(built)
        response = await datasette.client.get("/-/boom")
        assert response.status_code == 500 and "the view broke" not in response.text
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("500 /-/boom: RuntimeError: the view broke xxx"), err[:300]
        assert "Traceback" not in err and len(err) < 300
        # a client's bad SQL is its own error: a 400, no traceback (Datasette prints the query's error)
        assert (await datasette.client.get(sql("select nosuch"))).status_code == 400
        assert "Traceback" not in capsys.readouterr().err
        monkeypatch.setenv("KB_DEBUG", "1")
        assert (await datasette.client.get("/-/boom")).status_code == 500
        assert "Traceback" in capsys.readouterr().err
    finally:
        pm.unregister(name="boom")


async def test_a_cookie_changes_neither_the_answer_nor_its_caching(built) -> None:
    app = make_app(built.root)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1:8001") as client:
        for path in ("/kb.json", "/kb", "/kb/buildings.json?_size=3", "/kb/buildings", "/kb/search?q=mill"):
            misses = app.misses
            plain = await client.get(path)
            for cookie in ("ds_actor=forged", "ds_csrftoken=x; a=b", "session=" + "z" * 100):
                laden = await client.get(path, headers={"cookie": cookie, "authorization": "Bearer x"})
                assert (laden.status_code, laden.content) == (plain.status_code, plain.content), (path, cookie)
                assert "set-cookie" not in laden.headers, path
            assert plain.status_code == 200 and "set-cookie" not in plain.headers
            assert app.misses <= misses + 1, path  # made once, then answered from the cache
