"""The search box's syntax: words, and filters as card databases have them.

    castle section                 words: ranked, none required (entries with every word first)
    "gold mine"                    a quoted phrase: only entries with these words in this order
    category:wood  game:caylus     a field has a value (the value's words, any case ending)
    cost<=3  prestige>2  cost=2    a field's number compared (< <= = >= >)
    -category:wood  -market        negation: entries without it
    category:wood or category:stone
                                   either one: "or" joins the filters or phrases on each side

Filters and phrases must hold; plain words only rank. So "or" between plain words changes nothing.
A token ending in ":" is a word, whatever the field ("note:", "Shorter game: does the sixth palace
end it?" as a heading is written): a filter's value follows its colon at once. Any other unknown field, a
comparison with no number, an empty value or an unclosed quote is a :class:`QueryError` naming the
fields there are. The site's search script parses with the same rules (tests/test_search.py checks
that both give the same results).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

# The fields every entry has, whatever its game; the games add their own (games.plugin.Facet).
SHARED_FIELDS = {
    "game": "The game, by id or name (the games table lists them)",
    "kind": "What the entry is: kind:building, kind:rule, kind:card, kind:term, kind:ruling ...",
}
COMPARISONS = ("<=", ">=", "<", ">")
_FIELD = re.compile(r"^([A-Za-z][A-Za-z0-9_-]*)(<=|>=|<|>|=|:)(.*)$", re.DOTALL)
NUMBER = re.compile(r"^-?\d+(\.\d+)?$")


class QueryError(ValueError):
    """A query the parser cannot read; the message says why and which fields there are."""


@dataclass(frozen=True)
class Condition:
    """One thing an entry must (or, negated, must not) have."""

    kind: str
    """``field``, ``phrase`` or ``word`` (a negated plain word)."""
    value: str
    field: str = ""
    op: str = ""
    negated: bool = False


@dataclass(frozen=True)
class ParsedQuery:
    words: str
    """The words that rank: plain words and the words of phrases."""
    groups: tuple[tuple[Condition, ...], ...]
    """Every group must hold; a group holds when one of its conditions does."""


def _tokens(text: str) -> list[tuple[bool, str, bool]]:
    """(negated, token, quoted) for each token; a quote runs to the next quote, spaces included."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text[i].isspace():
            i += 1
            continue
        negated = text[i] == "-" and i + 1 < n and not text[i + 1].isspace()
        if negated:
            i += 1
        start, quoted = i, text[i] == '"'
        while i < n and not text[i].isspace():
            if text[i] == '"':
                close = text.find('"', i + 1)
                if close < 0:
                    raise QueryError(f"a quote is not closed: {text[i:]}")
                i = close
            i += 1
        out.append((negated, text[start:i], quoted))
    return out


def _fields_help(fields: Mapping[str, str]) -> str:
    return "fields: " + ", ".join(sorted(fields))


def parse(text: str, fields: Mapping[str, str], numeric: frozenset[str] | set[str] = frozenset()) -> ParsedQuery:
    """Read a query. ``fields`` maps each filter field to its description; ``numeric`` are the fields
    with numbers, the only ones that can be compared."""
    words: list[str] = []
    items: list[Condition | str] = []  # conditions, and "or" markers between them
    for negated, token, quoted in _tokens(text):
        if quoted:
            phrase = " ".join(token.replace('"', " ").split())
            if not phrase:
                raise QueryError('an empty quote ""')
            items.append(Condition("phrase", phrase, negated=negated))
            if not negated:
                words.append(phrase)
            continue
        match = _FIELD.match(token)
        # "game:" with nothing after it is a word and a colon, as in a heading ("Shorter game: ..."),
        # not an empty filter; "cost<=" with nothing after it is still an unfinished comparison
        if match and (match.group(3) or (match.group(2) != ":" and match.group(1).lower() in fields)):
            field, op, value = match.group(1).lower(), match.group(2), match.group(3)
            if field not in fields:
                raise QueryError(f"unknown field '{field}' in {token}; {_fields_help(fields)}")
            if value.startswith('"') and value.endswith('"') and len(value) >= 2:
                value = value[1:-1]
            value = value.strip()
            if not value:
                raise QueryError(f"{token}: no value after '{op}'")
            if op in COMPARISONS:
                if field not in numeric:
                    raise QueryError(f"{token}: '{field}' has no numbers to compare; use {field}:value. "
                                     f"Fields with numbers: {', '.join(sorted(numeric)) or 'none'}")
                if not NUMBER.match(value):
                    raise QueryError(f"{token}: '{op}' compares numbers, and '{value}' is not one")
            items.append(Condition("field", value, field, ":" if op == "=" else op, negated))
        elif token.lower() == "or" and not negated:
            items.append("or")
        elif negated:
            items.append(Condition("word", token, negated=True))
        else:
            words.append(token)
            items.append("word")
    return ParsedQuery(" ".join(words), _group(items))


def _group(items: list[Condition | str]) -> tuple[tuple[Condition, ...], ...]:
    groups: list[list[Condition]] = []
    joining = False
    for i, item in enumerate(items):
        if item == "or":
            before = items[i - 1] if i else None
            after = items[i + 1] if i + 1 < len(items) else None
            if before is None or after is None or before == "or" or after == "or":
                raise QueryError("'or' needs a filter or a quoted phrase on each side")
            joining = isinstance(before, Condition) and isinstance(after, Condition)
            continue
        if isinstance(item, Condition):
            if joining and groups:
                groups[-1].append(item)
            else:
                groups.append([item])
        joining = False
    return tuple(tuple(g) for g in groups)
