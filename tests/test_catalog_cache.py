"""The catalog cache (catalog/cache.py): what it serves is what a fresh read gives, it is never
stale, and a catalog with problems is never served from it."""

from __future__ import annotations

import hashlib
import importlib
import os
import pickle
import shutil
import sys
from pathlib import Path

import pytest

from catalog import Catalog, CatalogError, Schema
from catalog.cache import MAGIC, code_fingerprint
from catalog.kinds import SHARED_KINDS
from games import REGISTRY

ROOT = Path(__file__).resolve().parent.parent


def same(a: Catalog, b: Catalog) -> None:
    assert list(a.entries) == list(b.entries)
    for entry_id, loc in a.entries.items():
        other = b.entries[entry_id]
        assert (loc.entry, loc.file, loc.index, loc.marks) == (other.entry, other.file, other.index, other.marks)
        assert type(loc.entry) is type(other.entry)
        assert other.kind is b.schema.kind(loc.kind.key)  # the schema's own kinds, not copies


@pytest.fixture
def data(tmp_path: Path) -> Path:
    copy = tmp_path / "data"
    shutil.copytree(ROOT / "data", copy)
    return copy


def test_a_cached_catalog_is_the_catalog_read_afresh(data: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    fresh = REGISTRY.load(data, display_root=data.parent)
    stored = REGISTRY.load(data, display_root=data.parent, cache=cache)  # read, then kept
    assert len(list(cache.glob("catalog-*.pickle"))) == 1
    served = REGISTRY.load(data, display_root=data.parent, cache=cache)
    same(fresh, stored)
    same(fresh, served)


def test_a_changed_file_is_read_again(data: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"

    def texts(catalog: Catalog) -> str:
        return "\n".join(repr(loc.entry) for loc in catalog.entries.values())

    assert "Town Gate" not in texts(REGISTRY.load(data, cache=cache))
    catalog = data / "buildings.yaml"
    text = catalog.read_text(encoding="utf-8")
    changed = text.replace("names: {en: Gate,", "names: {en: Town Gate,", 1)
    assert changed != text
    catalog.write_text(changed, encoding="utf-8")
    assert "Town Gate" in texts(REGISTRY.load(data, cache=cache))
    assert len(list(cache.glob("catalog-*.pickle"))) == 2
    catalog.write_text(text, encoding="utf-8")  # back as it was: the first one serves again
    assert "Town Gate" not in texts(REGISTRY.load(data, cache=cache))


def test_a_catalog_with_problems_is_never_cached_and_says_the_same(data: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    REGISTRY.load(data, display_root=data.parent, cache=cache)
    (data / "broken.yaml").write_text("buildings:\n  - id: caylus.building.nowhere\n    cost: [1\n", encoding="utf-8")
    with pytest.raises(CatalogError) as fresh:
        REGISTRY.load(data, display_root=data.parent)
    for _ in range(2):
        with pytest.raises(CatalogError) as cached:
            REGISTRY.load(data, display_root=data.parent, cache=cache)
        assert str(cached.value) == str(fresh.value)
        assert "data/broken.yaml:" in str(cached.value)
    assert len(list(cache.glob("catalog-*.pickle"))) == 1  # only the sound catalog's


def test_a_damaged_cache_file_is_read_over(data: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    fresh = REGISTRY.load(data, cache=cache)
    (stored,) = cache.glob("catalog-*.pickle")
    stored.write_bytes(b"not a pickle")
    same(fresh, REGISTRY.load(data, cache=cache))
    assert stored.read_bytes() != b"not a pickle"


def test_the_key_follows_the_code_that_reads_the_catalogs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A model of the schema whose source changes gives another key (so does the catalog layer's own code)."""
    base = SHARED_KINDS[0]
    module = tmp_path / "kb_cache_probe.py"
    module.write_text(f"from {base.model.__module__} import {base.model.__name__} as Base\n\n"
                      "class Probe(Base):\n    pass\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    probe = importlib.import_module("kb_cache_probe")
    try:
        schema = Schema(refinements={(base.key, "probe"): probe.Probe}, games=("probe",))
        before = code_fingerprint(schema)
        assert before == code_fingerprint(schema)
        module.write_text(module.read_text(encoding="utf-8") + "\n# a change\n", encoding="utf-8")
        assert code_fingerprint(schema) != before
        assert code_fingerprint(Schema()) != before
    finally:
        sys.modules.pop("kb_cache_probe", None)


# --- a cache file is only unpickled when no one else can have written it ----------------------------


def _with_digest(data: bytes) -> bytes:
    return MAGIC + hashlib.sha256(data).digest() + data


def _planted(data: Path, cache: Path) -> tuple[Catalog, Path]:
    """A fresh catalog stored in ``cache``, then its file replaced by a well-formed one (digest and
    all) serving the gate as 'Planted Gate': whatever serves that was read from the planted file."""
    fresh = REGISTRY.load(data, cache=cache)
    (stored,) = cache.glob("catalog-*.pickle")
    rows = []
    for loc in fresh.entries.values():
        entry = loc.entry
        if entry.id == "caylus.building.gate":
            entry = entry.model_copy(update={"names": entry.names.model_copy(update={"en": "Planted Gate"})})
        rows.append((entry, loc.kind.key, loc.file, loc.index, loc.marks))
    stored.write_bytes(_with_digest(pickle.dumps(rows, protocol=pickle.HIGHEST_PROTOCOL)))
    return fresh, stored


def _gate(catalog: Catalog) -> str:
    return catalog.get("caylus.building.gate").names.en


def test_a_well_formed_cache_file_of_ours_is_served(data: Path, tmp_path: Path) -> None:
    """The planted file is served when it passes every check: the tests below change one thing."""
    _, stored = _planted(data, tmp_path / "cache")
    assert _gate(REGISTRY.load(data, cache=tmp_path / "cache")) == "Planted Gate"


class _Payload:
    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return os.mkdir, (str(self.marker),)


def test_a_pickle_naming_anything_but_a_catalog_model_is_not_run(data: Path, tmp_path: Path) -> None:
    fresh, stored = _planted(data, tmp_path / "cache")
    marker = tmp_path / "ran"
    stored.write_bytes(_with_digest(pickle.dumps([_Payload(marker)])))
    served = REGISTRY.load(data, cache=tmp_path / "cache")
    assert not marker.exists(), "the pickle's os.mkdir ran"
    same(fresh, served)
    assert stored.read_bytes().startswith(MAGIC) and b"mkdir" not in stored.read_bytes()  # stored again


@pytest.mark.parametrize("damage", ["flipped byte", "cut short", "no digest", "empty", "pickle of a list"])
def test_a_damaged_or_foreign_cache_file_is_ignored_and_rebuilt(data: Path, tmp_path: Path, damage: str) -> None:
    fresh, stored = _planted(data, tmp_path / "cache")
    raw = stored.read_bytes()
    bad = {"flipped byte": raw[:-100] + bytes([raw[-100] ^ 1]) + raw[-99:], "cut short": raw[:len(raw) // 2],
           "no digest": raw[len(MAGIC) + 32:], "empty": b"", "pickle of a list": _with_digest(pickle.dumps([1, 2]))}[damage]
    stored.write_bytes(bad)
    same(fresh, REGISTRY.load(data, cache=tmp_path / "cache"))
    assert stored.read_bytes() != bad


def test_a_cache_file_others_may_write_is_not_read(data: Path, tmp_path: Path) -> None:
    _, stored = _planted(data, tmp_path / "cache")
    stored.chmod(0o666)
    assert _gate(REGISTRY.load(data, cache=tmp_path / "cache")) == "Gate"


def test_a_cache_file_of_another_user_is_not_read(data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _, stored = _planted(data, tmp_path / "cache")
    monkeypatch.setattr(os, "getuid", lambda: stored.stat().st_uid + 1)  # as if another user ran kb
    assert _gate(REGISTRY.load(data, cache=tmp_path / "cache")) == "Gate"


def test_a_link_in_place_of_a_cache_file_is_not_followed(data: Path, tmp_path: Path) -> None:
    _, stored = _planted(data, tmp_path / "cache")
    elsewhere = tmp_path / "elsewhere.pickle"
    stored.rename(elsewhere)
    stored.symlink_to(elsewhere)
    assert _gate(REGISTRY.load(data, cache=tmp_path / "cache")) == "Gate"
