"""The rules reference: rules grouped the way a player looks them up, with the worked examples and
rulings that illustrate each rule beside it and terms linked to the glossary; the worked examples
and rulebook map pages (the Rulings pages: outputs/pages/rulings.py). Everything comes from the catalogs and this build's scenario results.
"""

from __future__ import annotations

from catalog.kinds import Example, Game, Source
from outputs.pages.markdown import Linked, table, text
from outputs.pages.writer import PageWriter


def rules_page(w: PageWriter, page: str) -> str:
    title = dict(w.layout.rule_page_titles(w.game))[page]
    sections = {r.section for r in w.rules if w.layout.rule_page(r) == page}
    titles = w.layout.section_titles(w.game)
    out = [f"# {text(title)}\n", "The rules in our own words, each citing where "
           f"the {' and '.join(w.rulebook_languages())} rulebook{'s say' if len(w.rulebook_languages()) > 1 else ' says'} it. "
           "Under a rule: the rulings about it and the worked examples that show it, each checked by the rules engine "
           "in this build. Terms link to the glossary; *Copy citation* gives a rule's id, title and address.\n"]
    section = None
    seen: dict[str, tuple[str, str]] = {}  # a walkthrough illustrating two rules of the page: the second points to the first
    for r in w.rules:
        if r.section not in sections:
            continue
        if r.section != section:
            section = r.section
            out.append(f"## {text(titles.get(section, section.replace('-', ' ').capitalize()))} {{#{w.game}.rules.{section}}}\n")
        out.append(w.heading(3, r))
        out.append(w.link_text(r.text, exclude={r.id}) + "\n")
        out.append(w.rulings_line(r.id))  # as under every entry: after its text, before its sources
        out.append("\n" + w.source_line(r))
        out.append(w.walkthroughs("illustrates", r.id, seen))
        out.append(w.examples_beside(r.id))
    return "\n".join(out)


def examples_page(w: PageWriter) -> str:
    examples = sorted(w.catalog.typed("examples", Example, w.game), key=lambda e: (e.language, e.number))
    books = " and ".join(w.rulebook_languages())
    how_to = f" See [Writing scenarios]({w.scenario_guide}) to try your own." if w.scenario_guide else ""
    out = ["# Worked examples\n", f"Every worked example of the {books} rulebook(s), retold in our own words and "
           f"played by the rules engine in this build.{how_to}\n"]
    seen: dict[str, tuple[str, str]] = {}
    for e in examples:
        rules = Linked(", ".join(w.link(r) for r in e.rules))
        counterpart = w.link(e.counterpart) if e.counterpart else None
        out.append(w.entry_block(2, e, [("What happens", e.summary), ("Illustrates", rules),
                                        ("Same example in the other rulebook", counterpart)]))
        out.append(w.walkthroughs("examples", e.id, seen) or '!!! warning "No scenario plays this example yet"\n')
    return "\n".join(out)


def rulebook_map_page(w: PageWriter) -> str:
    """For each rulebook of the game, its cited passages in line order with the rules that cover them."""
    game = w.catalog.get(w.game)
    assert isinstance(game, Game)
    out = ["# Rulebook map\n", f"Reading the {' or '.join(w.rulebook_languages())} rulebook? Find the passage by its heading "
           "(in the rulebook's order) and see which rules on this site cover it.\n"]
    for book in game.rulebooks:
        passages: dict[tuple[int, str], list[str]] = {}
        for rule in w.rules:
            for ref in rule.sources:
                if ref.key == book.key:
                    passages.setdefault((ref.line or 0, ref.section or ""), []).append(rule.id)
        source = next(s for s in w.catalog.typed("sources", Source, w.game) if s.key == book.key)
        out.append(f"## {text(source.names.en)} {{#{w.game}.rulebook-map.{book.language}}}\n")
        # one row per section, in the rulebook's order; our transcription's line numbers stay in the API
        sections: dict[str, list[str]] = {}
        for (_, section), ids in sorted(passages.items()):
            sections.setdefault(section, []).extend(ids)
        out.append(table(["Section", "Rules"], (
            [section, Linked(", ".join(w.link(r) for r in dict.fromkeys(ids)))] for section, ids in sections.items())))
    return "\n".join(out)
