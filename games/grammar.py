"""English for the walkthroughs: verbs in the third person, lists joined with "and" or "or", choices
that share words said once, and the pieces of the engines' notation every game shares (an action's
player and verb, goods written like ``2food+wood``)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any


class Unworded(LookupError):
    """The game has no wording for this action or state key."""


_IRREGULAR = {"be": "is", "have": "has", "do": "does", "go": "goes"}


def third_person(predicate: str) -> str:
    """``place a worker`` -> ``places a worker``: the first word, the verb, in the third person."""
    verb, _, rest = predicate.partition(" ")
    if verb in _IRREGULAR:
        verb = _IRREGULAR[verb]
    elif verb.endswith(("s", "sh", "ch", "x", "z")):
        verb += "es"
    elif verb.endswith("y") and verb[-2:-1] not in "aeiou":
        verb = verb[:-1] + "ies"
    else:
        verb += "s"
    return f"{verb} {rest}" if rest else verb


def listing(items: Sequence[str], word: str = "and") -> str:
    """``a, b and c``; ``a, b, and c`` when an item has its own "and" or "or"; ``a; b; and c`` when an
    item has a comma."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    if any("," in i for i in items):
        return "; ".join(items[:-1]) + f"; {word} " + items[-1]
    if any(f" {w} " in i for w in ("and", "or") for i in items):
        return ", ".join(items[:-1]) + f", {word} " + items[-1]
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


ARTICLES = ("the", "a", "an")
PREPOSITIONS = ("at", "into", "on", "in", "for", "from", "to", "along", "with", "of", "down")


def balanced(text: str) -> bool:
    return text.count("(") == text.count(")") and text.count("“") == text.count("”")


def alternatives(predicates: Sequence[str]) -> str:
    """Choices as one phrase, saying each shared word once: ``take 2 wool``, ``take 1 stone`` ->
    ``take 2 wool or 1 stone``; ``deal Ellen into the offer``, ``deal Maud into the offer`` ->
    ``deal Ellen or Maud into the offer``. Choices with different verbs are listed in turn. A shared
    start keeps numbers and articles with each choice; a shared end is factored only from a preposition on."""
    groups: dict[str, list[list[str]]] = {}
    for p in predicates:
        words = p.split()
        groups.setdefault(words[0], []).append(words)
    phrases = []
    for group in groups.values():
        shortest = min(len(g) for g in group)
        head = 0
        while head < shortest - 1 and len({tuple(g[:head + 1]) for g in group}) == 1:
            head += 1
        while head > 1 and (group[0][head - 1] in ARTICLES or any(c.isdigit() for c in group[0][head - 1])
                            or not balanced(" ".join(group[0][:head]))):
            head -= 1
        tail = 0
        while tail < shortest - head - 1 and len({tuple(g[len(g) - tail - 1:]) for g in group}) == 1:
            tail += 1
        while tail and group[0][len(group[0]) - tail] not in PREPOSITIONS:
            tail -= 1
        middles = [" ".join(g[head:len(g) - tail]) for g in group]
        if len(group) == 1 or not all(balanced(m) for m in middles):
            phrases += [" ".join(g) for g in group]
            continue
        ends = " ".join(group[0][len(group[0]) - tail:]) if tail else ""
        phrases.append(" ".join(filter(None, (" ".join(group[0][:head]), listing(middles, "or"), ends))))
    return listing(phrases, "or")


def sentence(text: str) -> str:
    """Capitalised, with a full stop."""
    text = text.strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def split_action(text: str) -> tuple[str, str, tuple[str, ...]]:
    """``red place castle`` -> ``("red", "place", ("castle",))``: the shape every engine's notation has."""
    words = str(text).split()
    if len(words) < 2:
        raise Unworded(f"not an action: {text!r}")
    return words[0].lower(), words[1].lower(), tuple(words[2:])


_TERM = re.compile(r"^(\d*)([a-z][a-z-]*)$")


def is_quantity(term: str) -> bool:
    """Whether one term of a bundle reads as a quantity (``2food``, ``wood``)."""
    return bool(_TERM.match(term))


def parse_bundle(text: str) -> dict[str, int]:
    """``2food+wood`` -> ``{"food": 2, "wood": 1}``, ``nothing`` -> ``{}``: the engines' way of writing goods."""
    if text == "nothing":
        return {}
    out: dict[str, int] = {}
    for term in text.split("+"):
        match = _TERM.match(term)
        if not match:
            raise Unworded(f"not a quantity: {term!r}")
        out[match.group(2)] = out.get(match.group(2), 0) + int(match.group(1) or 1)
    return out


def article(noun: str) -> str:
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def lower_first(name: str) -> str:
    """A catalog name inside a sentence: ``Trading post`` -> ``trading post`` (a one-letter name stays)."""
    return name[:1].lower() + name[1:] if len(name) > 1 and not name[1:2].isupper() else name


def flat(value: Any, prefix: str = "") -> dict[str, Any]:
    """A nested mapping as dotted keys: ``{"cubes": {"gold": 1}}`` -> ``{"cubes.gold": 1}``."""
    if isinstance(value, Mapping) and value and not is_membership(value):
        out: dict[str, Any] = {}
        for key, inner in value.items():
            out.update(flat(inner, f"{prefix}.{key}" if prefix else str(key)))
        return out
    return {prefix: value}


def is_membership(value: Any) -> bool:
    """A scenario's ``{includes: [...], excludes: [...]}`` check on a list."""
    return isinstance(value, Mapping) and bool(value) and set(value) <= {"includes", "excludes"}


# --- counting -----------------------------------------------------------------------------------------


def regular_plural(word: str) -> str:
    """``cube`` -> ``cubes``, ``box`` -> ``boxes``, ``quarry`` -> ``quarries``: the plural by the spelling rules."""
    if word.endswith(("s", "sh", "ch", "x", "z")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def plural(noun: str, listed: Sequence[str] = ()) -> str:
    """The plural of a catalog name, as the catalog lists it among the name's other forms: the listed
    form that puts one of its words in the plural (``prestige point`` -> ``prestige points``, ``cube of
    any kind`` -> ``cubes of any kind``). A name with no plural listed is a mass noun (``wood``, ``silver``)."""
    words = noun.split()
    candidates = {" ".join([*words[:i], regular_plural(w), *words[i + 1:]]) for i, w in enumerate(words)}
    return next((form for form in listed if form in candidates), noun)


COUNTED_IN = {"cube": "cube"}
"""Resources whose class is a kind of piece are counted in pieces: wood of the class ``cube`` is counted
in wood cubes (``2 wood cubes``), the way the rulebooks count them."""


def resource_noun(name: str, listed: Sequence[str], resource_class: str | None = None) -> tuple[str, str]:
    """A resource as counted: its singular and plural (``wood`` of class cube -> ``wood cube``,
    ``wood cubes``; ``denier`` -> ``denier``, ``deniers``; ``silver`` -> ``silver``, ``silver``)."""
    piece = COUNTED_IN.get(resource_class or "")
    if piece and piece not in name.split():
        one = f"{name} {piece}"
        many = plural(one, listed)
        return one, many if many != one else f"{name} {regular_plural(piece)}"
    return name, plural(name, listed)


def count(n: int, singular: str, plural_form: str | None = None) -> str:
    """``1 wedge``, ``2 wedges``, ``0 wedges``: a number and its noun, in the plural unless the number is one
    (the plural by the spelling rules unless given)."""
    return f"{n} {singular if abs(n) == 1 else plural_form or regular_plural(singular)}"


def times(n: int) -> str:
    """``once``, ``twice``, ``3 times``."""
    return {1: "once", 2: "twice"}.get(n, f"{n} times")
