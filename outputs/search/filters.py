"""Which entries a query's filters and phrases let through (see outputs/search/query.py for the syntax)."""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping, Sequence

from outputs.search.analysis import Analyzer
from outputs.search.query import NUMBER, Condition

_COMPARE: dict[str, Callable[[float, float], bool]] = {
    "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge, ":": operator.eq}


class FilterIndex:
    """Every entry's field values as search keys and numbers, and its words in order (for phrases)."""

    def __init__(self, analyzer: Analyzer, facets: Sequence[Mapping[str, Sequence[str]]],
                 numbers: Sequence[Mapping[str, Sequence[float]]], texts: Sequence[str],
                 has_word: Callable[[str], set[int]]):
        self.analyzer = analyzer
        self.numbers = numbers
        # per entry and field: its values' words, and every key of those words
        self.field_words = [{name: set(analyzer.words(" ".join(values))) for name, values in doc.items()} for doc in facets]
        self.field_keys = [{name: self._keys(" ".join(values)) for name, values in doc.items()} for doc in facets]
        self.texts = [" " + " ".join(analyzer.words(t)) + " " for t in texts]
        self.has_word = has_word

    def _keys(self, text: str) -> set[str]:
        return {k for w in self.analyzer.words(text) for k in self.analyzer.keys(w)}

    def allowed(self, groups: Sequence[Sequence[Condition]]) -> set[int]:
        """The entries every group lets through (a group: any one of its conditions holds)."""
        out = set(range(len(self.texts)))
        for group in groups:
            out &= set().union(*(self._holds(c) for c in group))
        return out

    def _holds(self, condition: Condition) -> set[int]:
        found = self._found(condition)
        return set(range(len(self.texts))) - found if condition.negated else found

    def _found(self, condition: Condition) -> set[int]:
        if condition.kind == "phrase":
            phrase = " " + " ".join(self.analyzer.words(condition.value)) + " "
            return {i for i, text in enumerate(self.texts) if phrase in text}
        if condition.kind == "word":
            return set().union(*(self.has_word(w) for w in self.analyzer.words(condition.value)))
        field, op = condition.field, condition.op
        number = float(condition.value) if NUMBER.match(condition.value.strip()) else None
        if number is not None:  # the parser lets no comparison through without a number
            compare, limit = _COMPARE[op], number
            numeric = {i for i, doc in enumerate(self.numbers) if any(compare(n, limit) for n in doc.get(field, ()))}
            if op != ":" or numeric:
                return numeric
        # A value's word meets a field's word when one is a form of the other (wood, woods), not when
        # they merely share a stem: kind:ruling must not find rules.
        wanted = [(w, self.analyzer.keys(w)) for w in self.analyzer.words(condition.value)]
        return {i for i, (words, keys) in enumerate(zip(self.field_words, self.field_keys))
                if field in words and wanted and all(w in keys[field] or ks & words[field] for w, ks in wanted)}
