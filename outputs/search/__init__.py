"""Search: one definition (definition.json) of how text and queries become keys, one ranking, for
every channel. ``SearchIndex`` holds the entries; ``index_from_database`` reads them from a build."""

from outputs.search.analysis import Analyzer, Term
from outputs.search.engine import Document, Hit, SearchIndex
from outputs.search.store import index_from_database, search_json

__all__ = ["Analyzer", "Document", "Hit", "SearchIndex", "Term", "index_from_database", "search_json"]
