"""The offline pack: ``downloads/rulebook-kb-offline.zip``, the built site that works opened from disk.

A browser shows a folder's listing, not its ``index.html``, for a ``file://`` address ending in ``/``:
the site's links (``../rules-turn/#caylus.phase4.provost``) would land on listings. The pack's pages
name ``index.html`` in every relative link to a folder; the search script does the same for the
results it links (javascripts/kb-search-box.js) and loads its index as a script (search/index.js).
The pack holds every page, style, script, feed and download of the site (the database ``kb.db``
among them, in ``downloads/``) except itself. Entries carry a fixed time, so the same site packs to
the same bytes."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

PACK_NAME = "rulebook-kb-offline.zip"
FOLDER = "rulebook-kb"
"""The one folder the pack unpacks into."""
_FIXED_TIME = (2020, 1, 1, 0, 0, 0)
_LINK = re.compile(r'(\s(?:href|src)=")([^"#?:]*)([?#][^"]*)?(")')
"""A quoted ``href``/``src`` whose address has no scheme (``:`` never occurs in the site's relative
paths): the path, then its query or fragment."""
_README = """Rulebook KB, offline

Open index.html in this folder with a web browser: every page, the search and the downloads work
without a network. downloads/kb.db is the database behind the JSON API: open it with sqlite3, or
serve it with `datasette downloads/kb.db`.
"""


def folder_links(html: str) -> str:
    """Every relative link to a folder (``../rules-turn/``, ``./``, ``..``) made a link to its
    ``index.html``; other links stay as they are."""
    def repl(match: re.Match[str]) -> str:
        before, path, rest, after = match.groups()
        if path in (".", ".."):
            path += "/"
        if path.endswith("/") or path == "":
            if path == "" and rest:  # a link within the page (#id, ?q=) stays
                return match.group(0)
            path += "index.html"
        return f"{before}{path}{rest or ''}{after}"

    return _LINK.sub(repl, html)


def write_pack(site: Path, target: Path) -> Path:
    """Zip ``site`` (every file but the pack itself) into ``target``, the pages' folder links resolved."""
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=6) as pack:
        pack.writestr(_entry(f"{FOLDER}/README.txt"), _README)
        for path in sorted(p for p in site.rglob("*") if p.is_file()):
            relative = path.relative_to(site).as_posix()
            if path.resolve() in (target.resolve(), partial.resolve()):
                continue
            data = path.read_bytes()
            if path.suffix == ".html":
                data = folder_links(data.decode("utf-8")).encode("utf-8")
            pack.writestr(_entry(f"{FOLDER}/{relative}"), data)
    partial.replace(target)
    return target


def _entry(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time=_FIXED_TIME)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    return info
