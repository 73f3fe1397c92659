"""Downloads: the SQLite database and a JSON export of every catalog, stamped with the build."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from catalog import Catalog
from outputs.buildinfo import BuildInfo


def write_downloads(catalog: Catalog, db_path: Path, folder: Path, info: BuildInfo) -> list[Path]:
    """``kb.db``, ``json/<kind>.json`` (entries as the catalog schemas describe them) and
    ``json/catalog.json`` (every kind, with the build's version) into ``folder``."""
    (folder / "json").mkdir(parents=True, exist_ok=True)
    written = [folder / "kb.db"]
    shutil.copyfile(db_path, written[0])
    bundle: dict[str, object] = {"version": info.version, "commit": info.commit, "built_at": info.built_at, "kinds": {}}
    for kind in catalog.schema.kinds:
        entries = [e.model_dump(mode="json") for e in catalog.of_kind(kind.key)]
        path = folder / "json" / f"{kind.key}.json"
        path.write_text(json.dumps(entries, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        written.append(path)
        bundle["kinds"][kind.key] = entries  # type: ignore[index]
    path = folder / "json" / "catalog.json"
    path.write_text(json.dumps(bundle, ensure_ascii=False) + "\n", encoding="utf-8")
    written.append(path)
    return written
