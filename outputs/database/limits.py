"""What one query may cost, set on every connection Datasette opens.

SQLite's progress handler (Datasette's time limit) runs between virtual machine instructions, so a
single instruction that builds a huge value (``randomblob(400000000)``) or calls a slow function of
ours on a huge argument runs past it. Hence, on every connection:

- values (strings, blobs, rows) are at most :data:`VALUE_MAX_BYTES` (``SQLITE_LIMIT_LENGTH``): the
  largest value in the database is a few kilobytes, so a bigger one can only be built by a query;
- our SQL functions take at most :data:`FUNCTION_INPUT_MAX` characters (longer text raises
  OverflowError, which SQLite reports as "string or blob too big"); a search or a term is words, and
  the search's cost grows with its filters and phrases;
- the rows one query returns are at most :data:`RESULT_MAX_BYTES` in all (the whole search table,
  the largest, is about 1 MB), counted as they are fetched, so a thousand rows of large values are
  refused before they are held in memory;
- ``pragma_database_list()`` reads the file as NULL: the database's absolute path says where the
  server keeps its files, which is nobody's business;
- ``printf()`` and ``format()`` are refused: a width or precision taken from an argument
  (``printf('%.*c', 2147483647, 'x')``) builds the whole string inside one instruction, seconds
  past any time limit, before the length limit applies. The same holds, on a smaller scale, for
  searching a long text for another (``instr``, ``replace``), whose time grows with the product of
  their lengths: that is what bounds :data:`VALUE_MAX_BYTES` well below a megabyte.
"""

from __future__ import annotations

import sqlite3
import weakref
from typing import Any, Callable

VALUE_MAX_BYTES = 100_000
FUNCTION_INPUT_MAX = 500
RESULT_MAX_BYTES = 2_000_000

VALUE_TOO_BIG = "string or blob too big"  # SQLite's own words, in the error the client gets
RESULT_TOO_BIG = f"the result is larger than {RESULT_MAX_BYTES:,} bytes; ask for fewer rows or smaller values"
REFUSED_FUNCTIONS = ("printf", "format")
VALUE_TOO_BIG_MESSAGE = (f"a value is too long: text and blobs are at most {VALUE_MAX_BYTES:,} bytes, and kb_fold, "
                         f"kb_fold_words, kb_fts_query and kb_search take at most {FUNCTION_INPUT_MAX} characters")


def limit_connection(conn: sqlite3.Connection) -> None:
    """Bound values and results on ``conn`` and hide file paths from its queries. Call it after
    Datasette has set its row factory (``sqlite3.Row``), as the ``prepare_connection`` hook is."""
    conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, VALUE_MAX_BYTES)
    conn.row_factory = _budgeted(conn.row_factory or (lambda cursor, row: row), RESULT_MAX_BYTES)
    conn.set_authorizer(_hide_file_paths)


def bounded(function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` refusing text arguments longer than :data:`FUNCTION_INPUT_MAX` characters."""
    def checked(*args: Any) -> Any:
        if any(isinstance(a, (str, bytes)) and len(a) > FUNCTION_INPUT_MAX for a in args):
            raise OverflowError(VALUE_TOO_BIG)
        return function(*args)
    return checked


def _budgeted(make_row: Callable[[sqlite3.Cursor, tuple[Any, ...]], Any], budget: int) -> Callable[..., Any]:
    spent: weakref.WeakKeyDictionary[sqlite3.Cursor, int] = weakref.WeakKeyDictionary()

    def row(cursor: sqlite3.Cursor, values: tuple[Any, ...]) -> Any:
        total = spent.get(cursor, 0) + sum(len(v) if isinstance(v, (str, bytes)) else 8 for v in values)
        if total > budget:
            raise sqlite3.OperationalError(RESULT_TOO_BIG)
        spent[cursor] = total
        return make_row(cursor, values)
    return row


def _hide_file_paths(action: int, table: str | None, column: str | None, database: str | None, trigger: str | None) -> int:
    if action == sqlite3.SQLITE_FUNCTION and (column or "").lower() in REFUSED_FUNCTIONS:  # column: the function
        return sqlite3.SQLITE_DENY
    # names as the query spells them: "PRAGMA_DATABASE_LIST" is the same table
    if action == sqlite3.SQLITE_READ and (table or "").lower() == "pragma_database_list" and (column or "").lower() == "file":
        return sqlite3.SQLITE_IGNORE  # the column reads as NULL
    return sqlite3.SQLITE_OK
