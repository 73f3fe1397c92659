"""Pieces of the ``kb`` command that are not commands: disk errors in one line, the options a game's
engine takes, quiet worker processes."""

from __future__ import annotations

import os
from pathlib import Path

import click


def disk_error(exc: OSError, where: Path | None = None) -> str:
    """One line for a file that could not be written or read: the path (``where`` when the error
    names none: a write to an open file), the reason, a hint."""
    import errno

    hints = {errno.EROFS: " (the checkout is on a read-only file system)", errno.ENOSPC: " (the disk is full)",
             errno.EDQUOT: " (the disk quota is used up)", errno.EACCES: " (no permission to write there)"}
    path = exc.filename or where
    return f"{f'{path}: ' if path else ''}{exc.strerror or exc}{hints.get(exc.errno or 0, '')}"


def quiet_workers() -> None:
    """The worker processes forked from here on (kb simulate --jobs) leave Ctrl-C and SIGTERM to this
    process, which stops its pool; a worker told to stop, or whose parent died (even by SIGKILL:
    Linux sends it SIGTERM then), ends at once and silently, instead of printing a KeyboardInterrupt
    or, writing its result to a parent that is gone, a BrokenPipeError traceback. (Set up here, not
    in outputs/simulations/run.py: that file's hash is part of the committed results' key.)"""
    global _WORKERS_QUIET
    if not _WORKERS_QUIET:
        os.register_at_fork(after_in_child=quiet_worker)
        _WORKERS_QUIET = True


_WORKERS_QUIET = False


def quiet_worker() -> None:
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # 1 = PR_SET_PDEATHSIG
    except OSError:
        pass  # not Linux: the parent's pool still stops its workers


class Terminated(Exception):
    """A signal asked the command to stop."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


# Engine keywords that are not --option: set by their own options, or (the catalog) an object, not text
NOT_OPTIONS = {"players": "--players", "variants": "--variant", "catalog": None}


def engine_options(game: str, options: tuple[str, ...]) -> dict[str, str]:
    """``--option NAME=VALUE`` checked against the keywords the game's engine takes."""
    import inspect

    from engine.registry import GAMES

    if game not in GAMES:
        raise click.ClickException(f"no engine for {game!r} (known: {', '.join(sorted(GAMES))})")
    takes = [name for name in inspect.signature(GAMES[game]).parameters if name not in NOT_OPTIONS]
    chosen = {}
    for option in options:
        name, sep, value = option.partition("=")
        if not sep or not name:
            raise click.BadParameter(f"{option!r} is not NAME=VALUE", param_hint="--option")
        if name not in takes:
            instead = f"; use {NOT_OPTIONS[name]} for it" if NOT_OPTIONS.get(name) else ""
            raise click.BadParameter(f"{game} takes no option {name!r}{instead} (its options: {', '.join(takes) or 'none'})",
                                     param_hint="--option")
        chosen[name] = value
    return chosen
