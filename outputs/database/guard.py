"""What the API refuses or changes before Datasette works on a request (what it rations is in
outputs/database/gate.py).

- The API is read-only: a method other than GET, HEAD or OPTIONS gets 405 (Datasette has no use
  for a POST to a canned query of an immutable database, and answered it with a 500).
- The API is anonymous: no page depends on who asks, so a request's ``Cookie`` and
  ``Authorization`` are dropped before Datasette sees them, and no answer sets a cookie (Datasette's
  CSRF token, for forms that only POST, which is refused anyway). A client adding a cookie thus
  changes neither the answer nor whether the response cache may keep it.
- Datasette's pages about the server itself (``/-/databases`` gives the database's absolute path,
  ``/-/threads`` the interpreter's, ``/-/versions`` and ``/-/plugins`` what runs) and its debug
  pages are not served.
- Arbitrary SQL runs under a time limit of its own, lower than the other queries'.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl, urlencode

from outputs.database.checks import Target
from outputs.database.gate import ARBITRARY_SQL_TIME_LIMIT_MS, is_arbitrary_sql

METHODS = ("GET", "HEAD", "OPTIONS")
# pages about the server (its folders, threads, versions, plugins, settings) and Datasette's debug pages
HIDDEN_PAGES = ("/-/databases", "/-/threads", "/-/versions", "/-/plugins", "/-/settings", "/-/config", "/-/allow-debug",
                "/-/permissions", "/-/patterns", "/-/messages", "/-/actor", "/-/auth-token")
PRIVATE_HEADERS = (b"cookie", b"authorization")


def anonymous(scope: dict[str, Any]) -> dict[str, Any]:
    """The request without the headers that say who asks (the API answers everyone alike)."""
    headers = scope.get("headers") or []
    if not any(bytes(k).lower() in PRIVATE_HEADERS for k, _ in headers):
        return scope
    return {**scope, "headers": [(k, v) for k, v in headers if bytes(k).lower() not in PRIVATE_HEADERS]}


def without_cookies(headers: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    """A response's headers without ``Set-Cookie``."""
    return [(k, v) for k, v in headers if bytes(k).lower() != b"set-cookie"]


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
