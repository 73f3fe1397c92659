"""The site server: idle and slow clients hold no thread, are dropped after a while, and normal
requests are answered beside hundreds of them."""

from __future__ import annotations

import functools
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from kb.serve import SiteHandler, site_server
from kb.siteserver import WORKERS, BoundedHTTPServer

IDLE = 300


@contextmanager
def running(site: Path, **options: float) -> Iterator[BoundedHTTPServer]:
    server = BoundedHTTPServer(("127.0.0.1", 0), functools.partial(SiteHandler, directory=str(site)), **options)  # type: ignore[arg-type]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def a_site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<h1>the index</h1>", encoding="utf-8")
    (site / "404.html").write_text("not here", encoding="utf-8")
    return site


def connect(port: int, count: int, send: bytes = b"") -> list[socket.socket]:
    clients = []
    for _ in range(count):
        client = socket.create_connection(("127.0.0.1", port), timeout=10)
        if send:
            client.sendall(send)
        clients.append(client)
    return clients


def get(port: int, path: str = "/") -> bytes:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as response:
        return response.read()


def test_a_normal_request_is_answered_beside_hundreds_of_idle_and_slow_clients(tmp_path: Path) -> None:
    before = threading.active_count()
    with running(a_site(tmp_path)) as server:
        port = server.server_address[1]
        idle = connect(port, IDLE)  # connected, say nothing
        slow = connect(port, IDLE, b"GET / HTTP/1.1\r\nHost: x\r\n")  # half a request head, never finished
        try:
            time.sleep(0.5)
            assert get(port) == b"<h1>the index</h1>"  # within urlopen's 5 s, while 600 clients hang on
            for _ in range(20):
                assert get(port) == b"<h1>the index</h1>"
            # no thread per connection: the selector's and at most the pool's
            assert threading.active_count() <= before + 1 + WORKERS
        finally:
            for client in idle + slow:
                client.close()


def test_idle_and_slow_clients_are_dropped_after_the_head_timeout(tmp_path: Path) -> None:
    with running(a_site(tmp_path), head_seconds=1.0) as server:
        port = server.server_address[1]
        idle = connect(port, 20)
        slow = connect(port, 20, b"GET / HT")
        time.sleep(2.5)
        for client in idle + slow:
            client.settimeout(5)
            assert client.recv(100) == b""  # closed by the server, with no answer
            client.close()
        assert get(port) == b"<h1>the index</h1>"


def test_past_the_limit_the_longest_waiting_client_makes_room(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import kb.siteserver

    monkeypatch.setattr(kb.siteserver, "max_waiting", lambda: 50)
    with running(a_site(tmp_path)) as server:
        port = server.server_address[1]
        idle = connect(port, 200)
        try:
            time.sleep(0.5)
            assert get(port) == b"<h1>the index</h1>"
            assert len(server.waiting) <= 50
            idle[0].settimeout(5)
            assert idle[0].recv(100) == b""  # the first one was dropped
        finally:
            for client in idle:
                client.close()


def test_a_reader_that_never_reads_holds_a_worker_only_until_the_send_timeout(tmp_path: Path) -> None:
    site = a_site(tmp_path)
    (site / "big.bin").write_bytes(b"x" * (32 * 1024 * 1024))
    with running(site, io_seconds=1.0) as server:
        port = server.server_address[1]
        stalled = connect(port, WORKERS, b"GET /big.bin HTTP/1.0\r\n\r\n")  # they never read the answer
        try:
            time.sleep(3)  # every worker's send timed out by now
            assert get(port) == b"<h1>the index</h1>"
        finally:
            for client in stalled:
                client.close()


def test_the_site_server_serves_through_the_site_link(tmp_path: Path) -> None:
    first, second = tmp_path / "one", tmp_path / "two"
    for folder, text in ((first, "one"), (second, "two")):
        folder.mkdir()
        (folder / "index.html").write_text(text, encoding="utf-8")
    link = tmp_path / "site"
    link.symlink_to(first)
    server = site_server(link, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        port = server.server_address[1]
        assert get(port) == b"one"
        fresh = tmp_path / "site.new"
        fresh.symlink_to(second)
        fresh.replace(link)  # what a build's switch does
        assert get(port) == b"two"
    finally:
        server.shutdown()
        server.server_close()
