"""Where a build is made, how it is put in place in one atomic step, and how an interrupted one is undone.

``build`` and ``site`` in the project are links that never change: ``build -> .builds/current/build``
and ``site -> .builds/current/site``. ``.builds/current`` is itself a link to one complete build
folder (``.builds/b-*``, holding ``build/`` and ``site/``). A build writes a new folder beside it,
then switches ``current`` to it with one ``os.replace`` of a link written beside the old one, which
is atomic: a reader sees the previous build or the new one, complete, at every instant, whenever the
build is killed (even by SIGKILL). The previous folder is removed after the switch.

What a killed build can leave behind is only a folder in ``.builds/`` that ``current`` does not name
(its staging, or the previous build not yet removed). Any command removes such leftovers when it
starts, holding the project's build lock without waiting for it: when a build is running, its
staging is alive and is left alone. A checkout whose build/ and site/ are real folders (made before
the links) is moved into ``.builds/`` the first time.
"""

from __future__ import annotations

import errno
import fcntl
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from kb.project import Project

BUILDS = ".builds"
CURRENT = "current"
LOCK = ".build.lock"
LEGACY_PREFIX = ".build-"  # the staging folders of the builds before the links (old-build/, old-site/ inside)


@contextmanager
def build_lock(project: Project) -> Iterator[None]:
    """One build (or recovery) at a time in a project; a second waits for the first. An OSError
    opening the lock file (a read-only checkout) is raised."""
    with open(project.root / LOCK, "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def tidy(project: Project) -> list[str]:
    """What every command does first: remove what interrupted builds left, unless a build is running
    now (its staging is alive), or the checkout cannot be written (a build can have left nothing
    there, and nothing could be removed) or is not there (the command itself says so). Returns what
    was done, one line each."""
    try:
        lock = open(project.root / LOCK, "a")
    except OSError as exc:
        if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM, errno.ENOSPC, errno.EDQUOT, errno.ENOENT, errno.ENOTDIR):
            return []
        raise
    with lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return []
        try:
            return recover(project)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def recover(project: Project) -> list[str]:
    """Remove what interrupted builds left and put the links in place. Call with the build lock held."""
    builds = project.root / BUILDS
    done = _recover_legacy(project)
    done += _migrate(project, builds)
    live = _current_name(builds)
    if builds.is_dir():
        for path in sorted(builds.iterdir()):
            if path.name in (CURRENT, live):
                continue
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path, ignore_errors=True)
            else:
                path.unlink(missing_ok=True)
            done.append(f"removed the leftover {BUILDS}/{path.name} of an interrupted build")
    if live is not None:
        _link_targets(project, builds)
    return done


def new_staging(project: Project) -> Path:
    """A new, empty build folder in .builds/; it becomes the build when ``switch`` names it current."""
    builds = project.root / BUILDS
    builds.mkdir(exist_ok=True)
    return _new_folder(builds, "b-")


def _new_folder(builds: Path, prefix: str) -> Path:
    folder = Path(tempfile.mkdtemp(prefix=prefix, dir=builds))
    umask = os.umask(0)
    os.umask(umask)
    folder.chmod(0o777 & ~umask)  # as a folder made by mkdir is: readable by a web server, not 0700
    return folder


def switch(project: Project, staging: Path, step: Callable[[str], None] = lambda name: None) -> None:
    """Make the complete build in ``staging`` (build/ and site/) the current one, in one atomic step,
    then remove the previous one. ``step`` is called between the steps (the tests raise there, as a
    kill would stop the switch)."""
    builds = staging.parent
    previous = _current_name(builds)
    _point(builds / CURRENT, staging.name)
    step("switched")
    _link_targets(project, builds)
    step("linked")
    if previous is not None and previous != staging.name:
        shutil.rmtree(builds / previous, ignore_errors=True)


def discard(staging: Path) -> None:
    """Remove a failed build's folder, unless the switch already made it the current build."""
    if _current_name(staging.parent) != staging.name:
        shutil.rmtree(staging, ignore_errors=True)


def _current_name(builds: Path) -> str | None:
    """The folder ``.builds/current`` names, when it is a link to a folder there."""
    try:
        name = os.readlink(builds / CURRENT)
    except OSError:
        return None
    return name if "/" not in name and (builds / name).is_dir() else None


def _point(link: Path, target: str) -> None:
    """Make ``link`` a symbolic link to ``target`` atomically: a new link beside it replaces it."""
    fresh = link.with_name(link.name + ".new")
    fresh.unlink(missing_ok=True)
    os.symlink(target, fresh)
    os.replace(fresh, link)


def _link_targets(project: Project, builds: Path) -> None:
    """``build`` and ``site`` in the project: links through ``.builds/current``, made once."""
    for path in (project.build, project.site):
        wanted = f"{BUILDS}/{CURRENT}/{path.name}"
        if path.is_symlink() and os.readlink(path) == wanted:
            continue
        fresh = builds / f"link-{path.name}"  # written beside, moved over: never a moment without one
        fresh.unlink(missing_ok=True)
        os.symlink(wanted, fresh)
        os.replace(fresh, path)


def _migrate(project: Project, builds: Path) -> list[str]:
    """Move real build/ and site/ folders (or a real ``.builds/current`` folder, as a copy that
    followed links makes) into a build folder that becomes current. Each move is a rename, and a
    migration cut short is taken up again (its folder is ``m-*``, not yet current)."""
    current = builds / CURRENT
    real = [path for path in (project.build, project.site) if path.is_dir() and not path.is_symlink()]
    copied = current.is_dir() and not current.is_symlink()
    pending = [p for p in builds.glob("m-*") if p.name != _current_name(builds)] if builds.is_dir() else []
    if not real and not copied and not pending:
        return []
    builds.mkdir(exist_ok=True)
    if copied and not real and not pending:  # the copy holds the build itself
        folder = _new_folder(builds, "m-")
        folder.rmdir()
        current.rename(folder)
        _point(current, folder.name)
        return [f"moved the folder {BUILDS}/{CURRENT} to {BUILDS}/{folder.name}, linked from {BUILDS}/{CURRENT}"]
    live = _current_name(builds)
    folder = pending[0] if pending else _new_folder(builds, "m-")
    for path in real:
        target = folder / path.name
        if target.exists():
            shutil.rmtree(target)
        path.rename(target)
    for name in ("build", "site"):  # a folder made where one link was: the other half of the build stays
        if live is not None and not (folder / name).exists() and (builds / live / name).is_dir():
            (builds / live / name).rename(folder / name)
    if copied:
        shutil.rmtree(current)
    _point(current, folder.name)
    _link_targets(project, builds)
    return [f"moved the folders build/ and site/ into {BUILDS}/{folder.name}; build and site are links from now on"]


def _recover_legacy(project: Project) -> list[str]:
    """A staging folder of the builds made before the links: if its swap was cut short, put the
    previous build/ and site/ it holds back in place (they are then migrated), and remove it."""
    done = []
    for staging in sorted(project.root.glob(LEGACY_PREFIX + "*")):
        if not staging.is_dir() or staging.is_symlink():
            continue
        olds = [(staging / f"old-{target.name}", target) for target in (project.build, project.site)]
        if not (staging / "swapped").exists() and any(old.exists() for old, _ in olds):
            for old, target in olds:
                if old.exists():
                    if target.is_symlink():
                        target.unlink()
                    elif target.exists():
                        shutil.rmtree(target)  # the half-installed new one
                    old.rename(target)
            done.append(f"restored the previous build from the interrupted {staging.name}")
        shutil.rmtree(staging, ignore_errors=True)
        done.append(f"removed the leftover {staging.name}")
    return done
