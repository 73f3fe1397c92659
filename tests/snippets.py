"""What a search result's snippet must read like: a sentence (or whole sentences), never a list of
fields. Shared by the snippet tests of the API and the site."""

from __future__ import annotations

import html
import re

_OPENING = "(\"“‘'"
_CLOSING = ")\"”’"
_ID = re.compile(r"\b(?:caylus|duel|maharaja|viscounts)\.[a-z0-9-]+")
_FIELD_LIST = re.compile(r"\b[a-z]+(?: [a-z]+)? [\w,./-]+ · [a-z]+")
_SLUG = re.compile(r"\b[a-z]+_[a-z_]+\b")  # a field name or a value such as earliest_in_castle


def shown_text(snippet: str) -> str:
    """The snippet as a player reads it: marks taken out, entities decoded."""
    return html.unescape(re.sub(r"</?mark>", "", snippet))


def sentence_problems(snippet: str) -> list[str]:
    """Why a snippet does not read as a sentence (empty when it does)."""
    text = shown_text(snippet).strip()
    if not text:
        return ["it is empty"]
    problems = []
    start = text.lstrip(_OPENING)
    if not (start[:1].isupper() or start[:1].isdigit()):
        problems.append(f"it starts with {text[:12]!r}, not a capital")
    if not text.rstrip(_CLOSING).endswith((".", "!", "?", "…")):
        problems.append(f"it ends with {text[-12:]!r}, not . ! ? or …")
    if " · " in text or _FIELD_LIST.search(text):
        problems.append("it lists fields with ' · '")
    if _ID.search(text):
        problems.append(f"it shows an id ({_ID.search(text).group()})")  # type: ignore[union-attr]
    return problems


def data_words(snippet: str) -> list[str]:
    """Words written as the data writes them (``power_holder``, ``bailiff_start``), which a sentence
    in words never shows."""
    return _SLUG.findall(shown_text(snippet))
