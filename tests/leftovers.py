"""Processes a test session started and left running.

The session puts a marker into its environment when it starts; every process it starts, and every
process those start, inherits it. Whatever still carries the marker when the session ends (other
than the session itself) was left behind.
"""

from __future__ import annotations

import os
from pathlib import Path

MARKER = "KB_TEST_SESSION"


def leftover_processes(token: str, proc: Path = Path("/proc")) -> dict[int, str]:
    """pid -> command line of every live process other than this one whose environment holds
    ``MARKER=token``."""
    wanted = f"{MARKER}={token}".encode()
    found = {}
    for entry in proc.iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            if (entry / "stat").read_text().rsplit(")", 1)[1].split()[0] == "Z":
                continue  # a zombie has ended; only its parent's wait is missing
            if wanted in (entry / "environ").read_bytes().split(b"\0"):
                found[int(entry.name)] = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
        except OSError:
            continue  # ended meanwhile, or not ours to read
    return found
