"""Where a build is made before it is put in place, and how an interrupted one is undone.

A build is written into a staging folder (``.build-*`` in the project) and swapped in only when
complete: the old build/ and site/ are moved into the staging folder, the new ones into place, then
a ``swapped`` mark is written and the staging folder removed. A build killed at any point (even by
SIGKILL) leaves at most a staging folder behind; the next build or serve, holding the project's
build lock, removes it and, if the kill fell inside the swap, puts the previous build/ and site/
back, so the last good build is what is served.
"""

from __future__ import annotations

import fcntl
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from kb.project import Project

PREFIX = ".build-"
SWAPPED = "swapped"


@contextmanager
def build_lock(project: Project) -> Iterator[None]:
    """One build (or recovery) at a time in a project; a second waits for the first."""
    with open(project.root / ".build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def recover(project: Project) -> list[str]:
    """Remove what interrupted builds left, restoring the previous build where a swap was cut short.
    Call with the build lock held. Returns what was done, one line each."""
    done = []
    for staging in sorted(project.root.glob(PREFIX + "*")):
        if not staging.is_dir():
            continue
        olds = [(staging / f"old-{target.name}", target) for target in (project.build, project.site)]
        if not (staging / SWAPPED).exists() and any(old.exists() for old, _ in olds):
            for old, target in olds:
                if old.exists():
                    if target.exists():
                        shutil.rmtree(target)  # the half-installed new one
                    old.rename(target)
            done.append(f"restored the previous build from the interrupted {staging.name}")
        shutil.rmtree(staging, ignore_errors=True)
        done.append(f"removed the leftover {staging.name}")
    return done


def new_staging(project: Project) -> Path:
    return Path(tempfile.mkdtemp(prefix=PREFIX, dir=project.root))


def swap(project: Project, staging: Path) -> None:
    """Move the new build/ and site/ into place; on failure put the old ones back."""
    aside: list[tuple[Path, Path]] = []
    try:
        for new, target in ((staging / "build", project.build), (staging / "site", project.site)):
            if target.exists():
                old = staging / f"old-{target.name}"
                target.rename(old)
                aside.append((old, target))
            new.rename(target)
        (staging / SWAPPED).touch()
    except OSError:
        for old, target in aside:
            if target.exists():
                shutil.rmtree(target)  # the half-installed new one
            old.rename(target)
        raise
