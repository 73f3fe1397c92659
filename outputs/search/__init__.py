"""Search: one definition (definition.json) of how text and queries become keys, one ranking, for
every channel. ``SearchIndex`` holds the entries; ``index_from_database`` reads them from a build."""

from outputs.search.analysis import Analyzer, Term
from outputs.search.engine import Document, Hit, SearchIndex
from outputs.search.query import QueryError, parse
from outputs.search.store import HitLinks, index_from_database, query_problem, search_json, search_page

__all__ = ["Analyzer", "Document", "Hit", "HitLinks", "SearchIndex", "Term", "QueryError", "index_from_database", "parse",
           "query_problem", "search_json", "search_page"]
