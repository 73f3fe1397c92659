"""The site away from the network (issue 33): the search index as a script a page opened from disk can
load (``fetch`` is refused on ``file://``), the offline pack (the whole site as a zip that works from
``file://``, the database beside it), and the service worker and web manifest that let a phone keep
the site after one visit. Nothing here names a game: it works on the built site's files."""

from __future__ import annotations

from outputs.offline.pack import PACK_NAME, write_pack
from outputs.offline.worker import INDEX_SCRIPT, write_index_script, write_manifest, write_worker

__all__ = ["INDEX_SCRIPT", "PACK_NAME", "write_index_script", "write_manifest", "write_pack", "write_worker"]
