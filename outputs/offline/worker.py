"""What lets a browser keep the site: the search index as a script (``search/index.js``, for pages
opened from disk, where ``fetch`` is refused), and the service worker (``sw.js``) with the list of
files it keeps, written after the site is built so that the list is the site's own.

The worker (outputs/offline/sw.js, a template) keeps every page, style, script, picture and the
search index on its first visit; ``downloads/`` (the database, the JSON exports and the offline
pack, some 13 MB) stays on the network. Its cache is named after the build, so the next online visit
after a new build fetches the new files and drops the old ones."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

INDEX_SCRIPT = "search/index.js"
INDEX_GLOBAL = "KbSearchIndexData"
WORKER = "sw.js"
KEPT_OUT = ("downloads/", "assets/javascripts/lunr/")
"""Folders of the site the worker does not keep (fetched from the network when asked for): the
downloads, and the theme's search library, which the site does not use (it searches with its own)."""
_TEMPLATE = Path(__file__).with_name("sw.js")


def write_index_script(index_json: Path) -> Path:
    """``search/index.js`` beside ``search/index.json``: the same data, assigned to a global."""
    target = index_json.with_name(Path(INDEX_SCRIPT).name)
    target.write_text(f"window.{INDEX_GLOBAL}=" + index_json.read_text(encoding="utf-8") + ";\n", encoding="utf-8")
    return target


def kept_files(site: Path) -> list[str]:
    """The site's files the worker keeps, as addresses relative to the site root (a page's folder
    address, ``caylus/rules-turn/``, for its ``index.html``)."""
    out = []
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        relative = path.relative_to(site).as_posix()
        if relative.startswith(KEPT_OUT) or relative == WORKER or relative.startswith(".") or path.suffix == ".map":
            continue
        if path.name == "index.html":
            relative = relative[: -len("index.html")]
        out.append(relative)
    return out


def write_worker(site: Path) -> Path:
    """``sw.js`` at the site's root, keeping :func:`kept_files`; its version is a digest of them all."""
    files = kept_files(site)
    digest = hashlib.sha256()
    for relative in files:
        path = site / (relative + "index.html" if relative.endswith("/") or relative == "" else relative)
        digest.update(relative.encode() + b"\0" + path.read_bytes())
    script = (_TEMPLATE.read_text(encoding="utf-8")
              .replace('"__VERSION__"', json.dumps(digest.hexdigest()[:16]))
              .replace("__FILES__", json.dumps(files, ensure_ascii=False)))
    target = site / WORKER
    target.write_text(script, encoding="utf-8")
    return target


MANIFEST = "manifest.webmanifest"
ICON = "assets/kb-icon.svg"
_ICON_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">'
             '<rect width="64" height="64" rx="12" fill="#3f51b5"/>'
             '<path d="M14 16h16a4 4 0 0 1 4 4v30a3 3 0 0 0-3-3H14z" fill="#fff"/>'
             '<path d="M50 16H36a4 4 0 0 0-4 4v30a3 3 0 0 1 3-3h15z" fill="#e8eaf6"/></svg>\n')
"""The app's icon, our own drawing: an open book on the site's header colour."""


def write_manifest(site: Path, name: str, description: str) -> list[Path]:
    """The web manifest and its icon at the site's root, and a ``<link rel="manifest">`` in every
    page's head (mkdocs' theme gives a page no head of its own), so that a phone can install the site."""
    (site / ICON).parent.mkdir(parents=True, exist_ok=True)
    (site / ICON).write_text(_ICON_SVG, encoding="utf-8")
    manifest = {"name": name, "short_name": "Rulebook KB", "description": description, "start_url": "./",
                "scope": "./", "display": "standalone", "background_color": "#ffffff", "theme_color": "#3f51b5",
                "icons": [{"src": ICON, "sizes": "any", "type": "image/svg+xml", "purpose": "any"}]}
    (site / MANIFEST).write_text(json.dumps(manifest, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    for page in site.rglob("*.html"):
        up = "../" * (len(page.relative_to(site).parts) - 1)
        html = page.read_text(encoding="utf-8")
        if 'rel="manifest"' not in html:
            head = f'<link rel="manifest" href="{up}{MANIFEST}"><meta name="theme-color" content="#3f51b5">'
            page.write_text(html.replace("</head>", head + "</head>", 1), encoding="utf-8")
    return [site / MANIFEST, site / ICON]
