"""Pages every game may list by name: components and setup, cards, glossary, discrepancies."""

from __future__ import annotations

from collections.abc import Sequence

from catalog.kinds import Card, Component, Discrepancy, Resource, Setup, Term, Variant
from catalog.model import Entry
from games.grammar import count, lower_first, plural
from outputs.pages.markdown import Linked, table
from outputs.pages.writer import PageWriter

LANGUAGE_NAMES = {"en": "English", "hu": "Hungarian", "pl": "Polish", "de": "German", "fr": "French"}


def components_page(w: PageWriter) -> str:
    out = ["# Components and setup\n", "What is in the box, what each player starts with, and the variants.\n",
           "## Components {#" + w.game + ".components}\n"]
    for c in w.catalog.typed("components", Component, w.game):
        count = f"{'about ' if c.approximate else ''}{c.count}" if c.count else None
        out.append(w.entry_block(3, c, [("In the box", count), ("Per player", c.per_player),
                                        ("Limited", "no" if c.unlimited else None), ("What it is", c.description)]))
    out.append("## Resources, money and points {#" + w.game + ".resources}\n")
    for r in w.catalog.typed("resources", Resource, w.game):
        out.append(w.entry_block(3, r, [("Kind", r.resource_class), ("Colour", r.colour), ("In the box", r.count),
                                        ("Stands for", ", ".join(r.matches) or None)]))
    out.append("## Setup {#" + w.game + ".setup}\n")
    for s in w.catalog.typed("setups", Setup, w.game):
        out.append(w.entry_block(3, s, [
            ("Player counts", ", ".join(map(str, s.player_counts))),
            ("Starting deniers by turn order", ", ".join(map(str, s.starting_deniers_by_turn_order)) or None),
            ("Starting resources", w.words.bundle(s.starting_resources) if s.starting_resources else None),
            ("Per player", ", ".join(pieces(w, k, n) for k, n in s.per_player.items()) or None),
            ("How", s.description)]))
    out.append("## Variants and options {#" + w.game + ".variants}\n")
    for v in w.catalog.typed("variants", Variant, w.game):
        out.append(w.entry_block(3, v, [
            ("Player counts", ", ".join(map(str, v.player_counts)) or None),
            ("Applies", "automatically at these player counts" if v.automatic else ("on by default" if v.default_enabled else "when chosen")),
            ("Turns off", Linked(", ".join(w.link(i) for i in v.disables)) or None),
            ("Turns on", Linked(", ".join(w.link(i) for i in v.enables)) or None),
            ("Starting deniers", ", ".join(map(str, v.starting_deniers_by_turn_order)) or None),
            ("Each favour becomes", w.words.bundle(v.favour_replacement) if v.favour_replacement else None),
            ("Placement after the opponent passed", w.words.bundle(v.placement_cost_after_opponent_passed) if v.placement_cost_after_opponent_passed else None),
            ("What changes", v.description)]))
    return "\n".join(out)


def cards_page(w: PageWriter) -> str:
    cards = w.catalog.typed("cards", Card, w.game)
    out = ["# Cards\n", "Every card with its deck, type and effect; "
           "a value the sources only picture is marked unknown, never guessed.\n"]
    framed = any(c.colour for c in cards)
    for c in cards:
        out.append(w.entry_block(2, c, [
            ("Deck", c.deck), ("Type", c.card_type), ("Copies", c.count if c.count is not None else "unknown"),
            ("Frame", (c.colour or "unknown") if framed else None),
            ("Delayed (1x)", ("yes" if c.one_use else "no") if c.one_use is not None else ("unknown" if c.effect else None)),
            ("Effect", w.words.effect(c.effect) or None),
            ("Rule", w.link(c.rule) if c.rule else None)], compact=True))
    return "\n".join(out)


def table_languages(entries: Sequence[Entry]) -> list[str]:
    """English, then each other language in which at least half of the entries have a name: a column
    of mostly dashes helps no one (the rarer names stay in each entry's own names line)."""
    return ["en", *(c for c in ("hu", "pl", "de", "fr") if 2 * sum(bool(getattr(e.names, c)) for e in entries) >= len(entries) > 0)]


def glossary_page(w: PageWriter) -> str:
    terms = sorted(w.catalog.typed("terms", Term, w.game), key=lambda t: t.names.en.lower())
    others = [e for key in w.module.named_pieces for e in w.catalog.of_kind(key, w.game)]
    codes = table_languages(terms)
    headers = [LANGUAGE_NAMES[c] for c in codes]
    languages = headers[0] if len(headers) == 1 else ", ".join(headers[:-1]) + " and " + headers[-1]
    out = ["# Glossary\n", f"Every game term in {languages}, with the other forms the rulebooks use (a name in another "
           "language, where a source gives one, is under the term). Named pieces "
           "have their own pages and are listed at the end.\n"]
    out.append(table(headers, ([getattr(t.names, c) for c in codes] for t in terms)))
    for t in terms:
        see = w.link(t.refers_to) if t.refers_to else None
        out.append(w.entry_block(2, t, [("Meaning", t.definition), ("See", see), ("In the rules", w.mentioned_in(t.id))]))
    out.append("## Named pieces {#" + w.game + ".glossary.pieces}\n")
    piece_codes = table_languages(others)
    out.append(table([*(LANGUAGE_NAMES[c] for c in piece_codes), "Other forms"],
                     ([*(getattr(e.names, c) for c in piece_codes),
                       ", ".join(f for lang in ("hu", "pl", "en", "de") for f in getattr(e.names.forms, lang))] for e in others)))
    return "\n".join(out)


def discrepancies_page(w: PageWriter) -> str:
    from outputs.pages.walkthrough import one_liners, verdicts

    items = w.catalog.typed("discrepancies", Discrepancy, w.game)
    out = ["# Where the sources disagree\n",
           "Each entry gives every reading with its source, the reading the project and its engine "
           "follow, and why.\n",
           table(["Discrepancy", "Topic", "Follows"], ([w.link(d.id), d.topic, "; ".join(dict.fromkeys(map(w.source_name, d.follows)))]
                                                       for d in items))]
    seen: dict[str, tuple[str, str]] = {}
    for d in items:
        readings = [[w.cite(r.source), w.prose(r.says), "followed" if r.source.key in d.follows else ""] for r in d.readings]
        affects = Linked(", ".join(w.link(a) for a in d.affects)) or None
        out.append(w.entry_block(2, d, [("Topic", d.topic), ("Affects", affects)]))
        out.append(table(["Source", "Reading", ""], readings))
        out.append(f"\n**Decision.** {w.prose(d.decision)}\n")
        disputed = [r for r in w.results if r.raw.get("discrepancy") == d.id]
        if disputed:
            out.append("**The engine's verdict.** " + " ".join(v for r in disputed for v in verdicts(w.narration, r)) + "\n")
            out.append("\n" + one_liners(w, disputed, seen, d.id))
    return "\n".join(out)


def pieces(w: PageWriter, slug: str, n: int) -> str:
    """``6 workers``: a count of one of the game's components, named and in the plural as the catalog lists it."""
    found = w.catalog.entries.get(f"{w.game}.component.{slug}")
    if found is None:
        return f"{n} {slug}"
    name = lower_first(found.entry.names.en)
    listed = plural(name, [lower_first(f) for f in found.entry.names.forms.en])
    return count(n, name, listed if listed != name else None)  # a piece is counted: else the regular plural
