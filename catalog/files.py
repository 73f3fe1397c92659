"""Which files of a catalog or scenario folder are read, and how file names are shown.

Nothing in a folder is silently ignored: a catalog saved as ``.yml``, a file in a subfolder of
``data/``, a folder named ``zz.yaml``, a FIFO, a device, a dangling link are refused with the file
named (only hidden files, an editor's or the system's, are passed over). Only regular files are
opened, and a FIFO is never opened for reading (it would wait for a writer for ever). A name is
shown with control characters and bytes that are not UTF-8 escaped, so that a name holding a line
break cannot forge lines of ``kb validate``'s output.
"""

from __future__ import annotations

import os
import stat
import unicodedata
from collections.abc import Callable, Iterator
from pathlib import Path

CATALOG_SUFFIX = ".yaml"
LOOKALIKE_SUFFIXES = (".yml", ".yaml~", ".json")
"""Suffixes of a file meant as a catalog or scenario file under another name."""
MAX_LISTED = 20
"""Files of one subfolder of data/ listed one by one; the rest are counted."""

_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def escape_name(name: str) -> str:
    """A file name as messages show it: line breaks, control and format characters (bidirectional
    overrides among them) and bytes that are not UTF-8 (read by Python as lone surrogates) escaped."""
    out = []
    for char in name:
        code = ord(char)
        if 0xDC80 <= code <= 0xDCFF:  # os.fsdecode's stand-in for a byte that is not UTF-8
            out.append(f"\\x{code - 0xDC00:02x}")
        elif char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif 0xD800 <= code <= 0xDFFF or unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp"):
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
        else:
            out.append(char)
    return "".join(out)


def name_problem(name: str) -> str | None:
    """Why a file name cannot be used (not UTF-8, a control character), or None."""
    if any(0xDC80 <= ord(c) <= 0xDCFF for c in name):
        return "the file name is not UTF-8 text (shown with \\x escapes): rename the file"
    if escape_name(name) != name:
        return "the file name holds a line break, a control or an invisible formatting character (shown escaped): rename the file"
    return None


def not_regular(path: Path) -> str | None:
    """What ``path`` is if it is not a regular file (a link is followed), or None: found with
    os.stat, which never opens the file (opening a FIFO waits for a writer)."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        if os.path.islink(path):
            return f"a link to nothing (it points to {escape_name(os.readlink(path))}), not a regular file"
        return "no such file"
    except OSError as exc:  # a loop of links, a name too long, no permission to look
        return f"cannot be looked at ({exc.strerror})"
    if stat.S_ISREG(mode):
        return None
    what = ("a folder" if stat.S_ISDIR(mode) else "a FIFO (named pipe)" if stat.S_ISFIFO(mode)
            else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "a socket" if stat.S_ISSOCK(mode)
            else "a special file")
    linked = " (through a link)" if os.path.islink(path) else ""
    return f"{what}{linked}, not a regular file: only regular files are read"


def _walk_files(folder: Path) -> Iterator[Path]:
    """Every entry under ``folder`` but folders, hidden ones left out. Links to folders are not
    followed (no loops) and folders named ``*.yaml`` not walked: both come out as entries, for the
    reader to refuse."""
    for top, dirs, files in os.walk(folder, followlinks=False):
        entries = set(files)
        for name in list(dirs):
            if os.path.islink(os.path.join(top, name)) or name.endswith(CATALOG_SUFFIX):
                entries.add(name)
                dirs.remove(name)
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(entries):
            if not name.startswith("."):
                yield Path(top) / name


def scan_catalog_folder(folder: Path, shown: Callable[[Path], str]) -> tuple[list[Path], list[tuple[str, str]]]:
    """The catalog files of ``folder`` (regular ``*.yaml`` files in it), and each other entry
    refused, as (name shown, message)."""
    files: list[Path] = []
    refused: list[tuple[str, str]] = []
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError as exc:
        return [], [(shown(folder), f"the catalog folder cannot be read ({exc.strerror})")]
    for entry in entries:
        path = Path(entry.path)
        if entry.name.startswith("."):
            continue
        if problem := name_problem(entry.name):
            refused.append((shown(path), problem))
        elif entry.is_dir(follow_symlinks=False) and not entry.name.endswith(CATALOG_SUFFIX):
            inside = list(_walk_files(path))
            for file in inside[:MAX_LISTED]:
                refused.append((shown(file), f"in a subfolder of {folder.name}/, which is not read: catalog files are "
                                             f"{folder.name}/*{CATALOG_SUFFIX}; move it up to {folder.name}/ or out of it"))
            if len(inside) > MAX_LISTED:
                refused.append((shown(path), f"{len(inside) - MAX_LISTED} more files in this subfolder (not read) are not listed"))
        elif not entry.name.endswith(CATALOG_SUFFIX):
            refused.append((shown(path), _not_named_yaml(entry.name, folder.name)))
        elif what := not_regular(path):
            refused.append((shown(path), what))
        else:
            files.append(path)
    return files, refused


def _not_named_yaml(name: str, folder: str) -> str:
    stem, dot, suffix = name.rpartition(".")
    if dot and "." + suffix.lower() in LOOKALIKE_SUFFIXES + (CATALOG_SUFFIX,):
        return f"not read: files in {folder}/ are *{CATALOG_SUFFIX} (not .{suffix}); rename it to {escape_name(stem)}{CATALOG_SUFFIX}"
    return f"not a {CATALOG_SUFFIX} file: {folder}/ holds only *{CATALOG_SUFFIX} files; rename it or move it out of {folder}/"


def scan_scenario_folder(folder: Path) -> list[Path]:
    """Every entry under a scenario folder but hidden ones and subfolders (which are walked): the
    reader refuses each one that is not a regular ``*.yaml`` file with a usable name."""
    return sorted(_walk_files(folder))  # as rglob sorted them: an id given twice is reported in the later file


def file_name_problem(path: Path, folder_name: str = "scenarios") -> str | None:
    """Why a file given to be read as a scenario file cannot be: its name, its suffix, its type."""
    if problem := name_problem(path.name) or not_regular(path):
        return problem
    if not path.name.endswith(CATALOG_SUFFIX):
        return _not_named_yaml(path.name, folder_name)
    return None
