"""What a build records about itself: the commit it was built from and when."""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path


@dataclass(frozen=True)
class BuildInfo:
    version: str
    commit: str
    built_at: str
    dates_from: str = "none"
    """Where the entries' added/updated dates come from (outputs/history.py History.method)."""

    @classmethod
    def of(cls, root: Path, package_version: str) -> "BuildInfo":
        commit = _git(root, "rev-parse", "HEAD") or "unknown (not a git checkout)"
        dirty = bool(_git(root, "status", "--porcelain", "--untracked-files=no"))
        short = commit[:12] if _git(root, "rev-parse", "HEAD") else "nogit"
        version = f"{package_version}+g{short}{'.dirty' if dirty else ''}"
        return cls(version, commit, datetime.now(timezone.utc).replace(microsecond=0).isoformat())


def _git(root: Path, *args: str) -> str:
    try:
        done = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return done.stdout.strip() if done.returncode == 0 else ""
