"""A cache of loaded catalogs, keyed on everything the result depends on, so it cannot be stale.

Reading and checking every catalog takes about a second; unpickling the result of an earlier run
takes a tenth of that. The key is a hash of the catalog files (names as shown and their bytes), of
the source of the code that reads and checks them (the catalog layer, and every package defining a
model or a check of the schema), and of the Python, pydantic and PyYAML versions. Only catalogs that
loaded without a problem are kept: a catalog with problems is read afresh every time, so its
messages are exactly those of a fresh read. A file that changes while it is read is not cached.
"""

from __future__ import annotations

import gc
import hashlib
import os
import pickle
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pydantic
import yaml

from catalog.schema import Schema

if TYPE_CHECKING:
    from catalog.load import Catalog

FORMAT = 1
"""Bumped when what is pickled changes shape."""
KEEP = 8
"""Cached catalogs kept in one folder (the newest); a checkout switching branches needs a few."""


def _package_files(module_name: str) -> list[Path]:
    """The source files of the top-level package (or lone module) a module belongs to."""
    top = sys.modules.get(module_name.split(".")[0])
    where = getattr(top, "__file__", None)
    if where is None:
        return []
    path = Path(where)
    if path.name == "__init__.py":
        return sorted(path.parent.rglob("*.py"))
    return [path]


def code_fingerprint(schema: Schema) -> bytes:
    """A hash of the code that turns catalog files into a catalog under ``schema``."""
    modules = {__name__}
    for kind in schema.kinds:
        modules.add(kind.model.__module__)
    for model in schema.refinements.values():
        modules.add(model.__module__)
    for check in schema.checks:
        modules.add(getattr(check, "__module__", None) or __name__)
    files = sorted({f for m in modules for f in _package_files(m)})
    digest = hashlib.sha256(f"{FORMAT} {sys.version} {pydantic.VERSION} {yaml.__version__}".encode())
    for path in files:
        digest.update(str(path).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.digest()


def _files_fingerprint(files: list[tuple[Path, str]]) -> bytes:
    digest = hashlib.sha256()
    for path, display in files:
        digest.update(display.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.digest()


def cached(files: list[tuple[Path, str]], schema: Schema, folder: Path, load: Callable[[], Catalog]) -> Catalog:
    """The catalog ``load()`` makes of ``files`` (path, name shown in messages) under ``schema``,
    from ``folder`` when an earlier run left it there, else loaded and stored there."""
    from catalog.load import Catalog, Located

    code = code_fingerprint(schema)
    key = hashlib.sha256(code + _files_fingerprint(files)).hexdigest()
    target = folder / f"catalog-{key}.pickle"
    try:
        raw = target.read_bytes()
    except OSError:
        raw = None
    if raw is not None:
        gc.disable()  # unpickling thousands of small objects would run the collector for nothing
        try:
            rows = pickle.loads(raw)
        except Exception:  # a damaged or foreign file: load afresh, overwrite it below
            rows = None
        finally:
            gc.enable()
        if rows is not None:
            try:
                os.utime(target)  # the newest are kept: this one is in use
            except OSError:
                pass
            catalog = Catalog(schema=schema)
            for entry, key_of_kind, file, index, marks in rows:
                kind = schema.by_key[key_of_kind]
                catalog.entries[entry.id] = Located(entry, kind, file, index, marks)
            return catalog
    catalog = load()
    if hashlib.sha256(code + _files_fingerprint(files)).hexdigest() == key:  # nothing changed while reading
        rows = [(loc.entry, loc.kind.key, loc.file, loc.index, loc.marks) for loc in catalog.entries.values()]
        _store(folder, target, pickle.dumps(rows, protocol=pickle.HIGHEST_PROTOCOL))
    return catalog


def _store(folder: Path, target: Path, data: bytes) -> None:
    """Write atomically (another process may read at the same time), keep the newest few; a cache
    that cannot be written is no cache, not an error."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".catalog-", suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temporary, target)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        kept = sorted(folder.glob("catalog-*.pickle"), key=_modified, reverse=True)
        for old in kept[KEEP:]:
            old.unlink(missing_ok=True)
    except OSError:
        pass


def _modified(path: Path) -> Any:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
