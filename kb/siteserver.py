"""The static site's HTTP server: a few threads, and no client can hold one by saying nothing.

The standard library's ThreadingHTTPServer starts a thread per connection and waits on it for ever:
6,000 idle connections took it down for about 5 minutes. Here one thread waits on every open
connection at once (a selector) until its request head has arrived whole, within ``HEAD_SECONDS``;
only then does a worker of a small pool answer it, with ``IO_SECONDS`` for each send. Idle and slow
clients cost a file descriptor each, never a worker, and past ``MAX_WAITING`` of them the one that
has waited longest is dropped, so a new client is always read.
"""

from __future__ import annotations

import io
import resource
import selectors
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

WORKERS = 16
HEAD_SECONDS = 10.0
IO_SECONDS = 10.0
MAX_HEAD = 64 * 1024


def max_waiting() -> int:
    """Connections kept waiting for their request: well inside the process's file descriptor limit."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return max(64, min(4096, soft - 128 if soft != resource.RLIM_INFINITY else 4096))


class _Waiting:
    __slots__ = ("sock", "address", "head", "deadline")

    def __init__(self, sock: socket.socket, address: Any, deadline: float) -> None:
        self.sock, self.address, self.head, self.deadline = sock, address, b"", deadline


class BoundedHTTPServer:
    """Serves ``handler`` (a BaseHTTPRequestHandler class answering one request per connection, as
    HTTP/1.0 does) with the interface of socketserver's servers: serve_forever, shutdown, server_close."""

    def __init__(self, address: tuple[str, int], handler: Any, workers: int = WORKERS,
                 head_seconds: float = HEAD_SECONDS, io_seconds: float = IO_SECONDS) -> None:
        self.handler = handler
        self.head_seconds, self.io_seconds = head_seconds, io_seconds
        self.socket = socket.create_server(address, backlog=1024)
        self.socket.setblocking(False)
        self.server_address = self.socket.getsockname()
        self.server_name, self.server_port = socket.getfqdn(address[0]), self.server_address[1]
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="site")
        self.selector = selectors.DefaultSelector()
        self.waiting: dict[socket.socket, _Waiting] = {}  # insertion order: the oldest first
        self.limit = max_waiting()
        self._stop = threading.Event()
        self._stopped = threading.Event()

    def serve_forever(self, poll_interval: float = 0.5) -> None:
        self.selector.register(self.socket, selectors.EVENT_READ)
        try:
            while not self._stop.is_set():
                for key, _ in self.selector.select(timeout=poll_interval):
                    if key.fileobj is self.socket:
                        self._accept()
                    elif (waiting := self.waiting.get(key.fileobj)) is not None:  # type: ignore[call-overload]
                        self._read(waiting)  # (None: dropped earlier in this turn)
                self._drop_expired()
        finally:
            for waiting in list(self.waiting.values()):
                self._close(waiting)
            self.selector.unregister(self.socket)
            self._stopped.set()

    def shutdown(self) -> None:
        self._stop.set()
        self._stopped.wait()
        self.pool.shutdown(wait=True, cancel_futures=True)

    def server_close(self) -> None:
        self.socket.close()
        self.selector.close()

    def _accept(self) -> None:
        for _ in range(64):  # a burst of connections, without starving the ones already open
            try:
                sock, address = self.socket.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError:  # out of file descriptors: make room, try again on the next turn
                if self.waiting:
                    self._close(next(iter(self.waiting.values())))
                return
            if len(self.waiting) >= self.limit:
                self._close(next(iter(self.waiting.values())))  # the one that has waited longest
            sock.setblocking(False)
            self.waiting[sock] = _Waiting(sock, address, time.monotonic() + self.head_seconds)
            self.selector.register(sock, selectors.EVENT_READ)

    def _read(self, waiting: _Waiting) -> None:
        try:
            data = waiting.sock.recv(MAX_HEAD)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data or len(waiting.head) + len(data) > MAX_HEAD:
            self._close(waiting)
            return
        waiting.head += data
        if b"\r\n\r\n" in waiting.head or b"\n\n" in waiting.head:
            self.selector.unregister(waiting.sock)
            del self.waiting[waiting.sock]
            waiting.sock.setblocking(True)
            waiting.sock.settimeout(self.io_seconds)
            self.pool.submit(self._answer, waiting)

    def _answer(self, waiting: _Waiting) -> None:
        try:
            self.handler(_Request(waiting.sock, waiting.head), waiting.address, self)
        except Exception:  # noqa: BLE001 - a client gone mid-answer, a timeout: its own loss only
            pass
        finally:
            try:
                waiting.sock.shutdown(socket.SHUT_WR)
            except OSError:
                pass
            waiting.sock.close()

    def _drop_expired(self) -> None:
        now = time.monotonic()
        for waiting in list(self.waiting.values()):
            if waiting.deadline > now:
                break  # in order of arrival, so of deadline
            self._close(waiting)

    def _close(self, waiting: _Waiting) -> None:
        self.waiting.pop(waiting.sock, None)
        try:
            self.selector.unregister(waiting.sock)
        except (KeyError, ValueError):
            pass
        waiting.sock.close()


class _Request:
    """The connection as the handler sees it: its request head already read, the rest the socket's."""

    def __init__(self, sock: socket.socket, head: bytes) -> None:
        self.sock, self.head = sock, head

    def makefile(self, mode: str = "r", buffering: int = -1) -> Any:
        if "r" in mode:
            return io.BytesIO(self.head)
        return self.sock.makefile(mode, buffering)  # type: ignore[call-overload]

    def settimeout(self, seconds: float | None) -> None:
        self.sock.settimeout(seconds)

    def sendall(self, data: bytes) -> None:
        self.sock.sendall(data)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.sock, name)
