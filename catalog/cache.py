"""A cache of loaded catalogs, keyed on everything the result depends on, so it cannot be stale.

Reading and checking every catalog takes about a second; unpickling the result of an earlier run
takes a tenth of that. The key is a hash of the catalog files (names as shown and their bytes), of
the source of the code that reads and checks them (the catalog layer, and every package defining a
model or a check of the schema), and of the Python, pydantic and PyYAML versions. Only catalogs that
loaded without a problem are kept: a catalog with problems is read afresh every time, so its
messages are exactly those of a fresh read. A file that changes while it is read is not cached.

Unpickling runs whatever the file says, so a cache file is only unpickled when it is a regular file
(not a link) owned by the user running kb and writable by no one else, when its bytes match the
SHA-256 digest at its head (a torn or damaged file), and then only the catalog's own model classes
may be named in it (a foreign pickle cannot call ``os.system``). Anything else is ignored and the
catalog read afresh (and stored again), never an error.
"""

from __future__ import annotations

import gc
import hashlib
import io
import os
import pickle
import stat
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

FORMAT = 2
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
    modules = _modules(schema)
    files = sorted({f for m in modules for f in _package_files(m)})
    digest = hashlib.sha256(f"{FORMAT} {sys.version} {pydantic.VERSION} {yaml.__version__}".encode())
    for path in files:
        digest.update(str(path).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.digest()


MAGIC = b"rulebook-kb catalog cache\n"
"""The head of a cache file, then the SHA-256 digest of the pickled bytes that follow."""


class _ModelsOnly(pickle.Unpickler):
    """An unpickler that builds only the catalog's own models: classes of the packages whose code
    makes the catalog that are pydantic models. Any other name (``os.system``, ``builtins.eval``)
    is refused before it is looked up in earnest."""

    def __init__(self, data: io.BytesIO, packages: frozenset[str]):
        super().__init__(data)
        self.packages = packages

    def find_class(self, module: str, name: str) -> Any:
        if module.split(".")[0] in self.packages and "." not in name and module in sys.modules:
            found = getattr(sys.modules[module], name, None)
            if isinstance(found, type) and issubclass(found, pydantic.BaseModel):
                return found
        raise pickle.UnpicklingError(f"{module}.{name} is not a catalog model")


def _own_file(path: Path) -> bytes | None:
    """The bytes of a cache file that only the user running kb can have written: a regular file,
    not a link, owned by this user and writable by no one else; None otherwise."""
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return None
    with os.fdopen(handle, "rb") as file:
        info = os.fstat(file.fileno())
        if not stat.S_ISREG(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o022:
            return None
        return file.read()


def _unpickled(raw: bytes, packages: frozenset[str]) -> Any:
    """The rows a cache file holds, or None if its digest does not match or it names anything
    but the catalog's models."""
    head = len(MAGIC) + hashlib.sha256().digest_size
    if not raw.startswith(MAGIC) or hashlib.sha256(raw[head:]).digest() != raw[len(MAGIC):head]:
        return None
    gc.disable()  # unpickling thousands of small objects would run the collector for nothing
    try:
        return _ModelsOnly(io.BytesIO(raw[head:]), packages).load()
    except Exception:  # a foreign file after all: load afresh, overwrite it
        return None
    finally:
        gc.enable()


def _packages(schema: Schema) -> frozenset[str]:
    """The top-level packages of the code that makes a catalog under ``schema``."""
    return frozenset(m.split(".")[0] for m in _modules(schema))


def _modules(schema: Schema) -> set[str]:
    modules = {__name__}
    for kind in schema.kinds:
        modules.add(kind.model.__module__)
    for model in schema.refinements.values():
        modules.add(model.__module__)
    for check in schema.checks:
        modules.add(getattr(check, "__module__", None) or __name__)
    return modules


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
    raw = _own_file(target)
    if raw is not None:
        rows = _unpickled(raw, _packages(schema))
        if rows is not None:
            try:
                os.utime(target)  # the newest are kept: this one is in use
            except OSError:
                pass
            try:
                catalog = Catalog(schema=schema)
                for entry, key_of_kind, file, index, marks in rows:
                    kind = schema.by_key[key_of_kind]
                    catalog.entries[entry.id] = Located(entry, kind, file, index, marks)
                return catalog
            except (TypeError, ValueError, KeyError, AttributeError):  # rows of another shape: read afresh
                pass
    catalog = load()
    if hashlib.sha256(code + _files_fingerprint(files)).hexdigest() == key:  # nothing changed while reading
        rows = [(loc.entry, loc.kind.key, loc.file, loc.index, loc.marks) for loc in catalog.entries.values()]
        data = pickle.dumps(rows, protocol=pickle.HIGHEST_PROTOCOL)
        _store(folder, target, MAGIC + hashlib.sha256(data).digest() + data)
    return catalog


def _store(folder: Path, target: Path, data: bytes) -> None:
    """Write atomically (another process may read at the same time), keep the newest few; a cache
    that cannot be written is no cache, not an error."""
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
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
