"""Each entry's ``added`` and ``updated`` dates, from the repository's history at build time.

One ``git blame --line-porcelain`` per catalog file gives every line's commit time; an entry spans
from the line its mapping starts on to the line before the next entry (or the next kind, or the end of
the file). ``updated`` is the newest commit among its lines, ``added`` the commit of its first line.
A line not committed yet (or a file git does not track) counts as changed at the build's time. With no
git, or a folder that is not a checkout (an exported tarball), each file's modification time stands
for all its entries, and the build records which way the dates were found (History.method).
"""

from __future__ import annotations

import subprocess
from bisect import bisect_right
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timezone
from pathlib import Path

from catalog import Catalog
from catalog.load import Located
from outputs.history import Dates, History

_UNCOMMITTED = "0" * 40


def rfc3339(seconds: float) -> str:
    return datetime.fromtimestamp(int(seconds), timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def entry_history(catalog: Catalog, root: Path, built_at: float) -> History:
    """Every entry's dates (``root`` is the folder the catalog's file names are relative to)."""
    by_file: dict[str, list[Located]] = defaultdict(list)
    for located in catalog.entries.values():
        by_file[located.file].append(located)
    if not _is_checkout(root):
        return History(_file_dates(by_file, root), "file-dates")
    with ThreadPoolExecutor(max_workers=4) as pool:  # one git process per file; they wait on the disk, not on Python
        times = dict(zip(by_file, pool.map(lambda name: _line_times(root, name, built_at), by_file)))
    dates: dict[str, Dates] = {}
    for name, entries in by_file.items():
        lines = times[name]
        if lines is None:  # a file git cannot blame (not tracked): every line is new
            dates.update({e.entry.id: Dates(rfc3339(built_at), rfc3339(built_at)) for e in entries})
            continue
        for entry_id, (first, last) in _spans(entries, len(lines)).items():
            span = lines[first - 1:last] or [built_at]
            start = lines[first - 1] if first <= len(lines) else built_at
            dates[entry_id] = Dates(added=rfc3339(start), updated=rfc3339(max(span)))
    return History(dates, "git")


def _spans(entries: list[Located], line_count: int) -> dict[str, tuple[int, int]]:
    """Each entry's first and last line (1-based, inclusive): up to the next entry or kind of its file."""
    marks = entries[0].marks  # one file's marks, shared by its entries
    starts = sorted({line for path, (line, _) in marks.items() if len(path) <= 2})
    spans = {}
    for located in entries:
        first = marks[(located.kind.key, located.index)][0]
        after = bisect_right(starts, first)
        spans[located.entry.id] = (first, starts[after] - 1 if after < len(starts) else line_count)
    return spans


def _line_times(root: Path, name: str, built_at: float) -> list[float] | None:
    """The commit time of each line of a file (the build's time for a line not committed yet), or None."""
    try:
        done = subprocess.run(["git", "blame", "--line-porcelain", "--", name], cwd=root, capture_output=True,
                              text=True, encoding="utf-8", errors="replace", timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    if done.returncode != 0:
        return None
    times: list[float] = []
    commit = ""
    for line in done.stdout.splitlines():
        if line.startswith("\t"):  # the line itself closes its block
            continue
        head = line.split(" ", 1)
        if len(head[0]) == 40 and all(c in "0123456789abcdef" for c in head[0]):
            commit = head[0]
        elif head[0] == "committer-time":
            times.append(built_at if commit == _UNCOMMITTED else float(head[1]))
    return times


def _is_checkout(root: Path) -> bool:
    try:
        done = subprocess.run(["git", "rev-parse", "--verify", "-q", "HEAD"], cwd=root, capture_output=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


def _file_dates(by_file: dict[str, list[Located]], root: Path) -> dict[str, Dates]:
    dates = {}
    for name, entries in by_file.items():
        stamp = rfc3339((root / name).stat().st_mtime)
        dates.update({e.entry.id: Dates(stamp, stamp) for e in entries})
    return dates
