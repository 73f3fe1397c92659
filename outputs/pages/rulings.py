"""The two Rulings pages of a game: "Rulings and FAQ" (the rulebook's FAQ and own clarifications, its
designer's and publisher's answers) and "Our rulings" (this reference's decisions where the sources
disagree). Rulings stand in the reading order of the rules they concern, under the titles of the
rules pages, so that a player finds a ruling where they would look the rule up; each carries, as
attributes of its heading, who ruled, its status and the pages of what it concerns, which the page's
filters (docs/javascripts/kb-rulings.js) read. Without the script every ruling shows.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass

from catalog.kinds import Ruling
from games import plugin
from outputs.pages.layout import OUR_RULINGS
from outputs.pages.markdown import Linked, text
from outputs.pages.writer import PageWriter

RULING_SOURCES = {"rulebook-faq": "the rulebook's FAQ", "rulebook": "the rulebook's own text (a note, an aside or an example)",
                  "designer": "the game's designer", "publisher": "the game's publisher",
                  "project": "this reference's decision where the sources disagree"}
"""Who ruled (``Ruling.ruled_by``), in words."""
RULED_BY_FILTER = {"rulebook-faq": "FAQ", "rulebook": "Rulebook text", "designer": "Designer", "publisher": "Publisher",
                   "project": "This reference"}
"""Who ruled, as a filter's option reads."""
STATUSES = {"current": "Current", "superseded": "Superseded", "withdrawn": "Withdrawn"}
NOT_WHAT_IT_IS_ABOUT = frozenset({"terms", "examples", "games", "sources", "rulings", "discrepancies"})
"""Kinds whose pages are not what a ruling is about to a player: a glossary term or a worked example it
names stands for the rules around it, which the ruling's cited rules already give."""
OTHER = "other", "Other rulings"
"""The group of rulings that name no rule (last on the page)."""


@dataclass(frozen=True)
class Placed:
    ruling: Ruling
    chapter: str
    """The rules page of the first rule (in reading order) the ruling is about; OTHER[0] without one."""
    position: int
    about: tuple[str, ...]
    """The pages (rules pages, Components, Cards, ...) of what it concerns and the rules it cites."""


def faq_page(w: PageWriter, ours: bool = False) -> str:
    """The rulings of the rulebook (its FAQ, notes and examples) and of its designer or publisher; with
    ``ours``, the rulings this reference made where the sources disagree, each linking the disagreement."""
    if ours:
        out = [f"# {OUR_RULINGS[1]}\n", "Where the rulebooks are unclear, contradict each other or leave something out, "
               "this reference decides how to play, and the rules engine plays it that way. Each ruling below links the "
               "disagreement it settles, with the sources on each side and why we decided as we did.\n"]
    else:
        out = ["# Rulings and FAQ\n", "Answers to questions about the rules, in our own words, each with its "
               "source, the rules it concerns, and the scenarios that check it."
               + (f" Where the sources disagree, see [{OUR_RULINGS[1]}]({OUR_RULINGS[0]}.md)." if our_rulings(w) else "") + "\n"]
    shown = our_rulings(w) if ours else [r for r in w.catalog.typed("rulings", Ruling, w.game) if r.ruled_by != "project"]
    placed = place(w, shown)
    titles = dict(pages_in_order(w))
    out.append(filters(placed, titles, {name for name, _ in w.layout.rule_page_titles(w.game)}))
    successors = {r.supersedes: r.id for r in w.catalog.typed("rulings", Ruling, w.game) if r.supersedes}
    seen: dict[str, tuple[str, str]] = {}
    chapter = None
    for p in placed:
        if p.chapter != chapter:
            chapter = p.chapter
            out.append(f"## {text(titles.get(chapter, OTHER[1]))} {{#chapter-{chapter} .kb-rulings-chapter}}\n")
        out.append(ruling_block(w, p, successors.get(p.ruling.id), ours))
        out.append(w.walkthroughs("rulings", p.ruling.id, seen, brief=True))
    return "\n".join(out)


def ruling_block(w: PageWriter, p: Placed, successor: str | None, ours: bool) -> str:
    """A ruling's entry block under a heading carrying its filter data; a superseded or withdrawn
    ruling's title struck through, with what replaced it."""
    r = p.ruling
    block = w.entry_block(3, r, [("Question", r.question), ("Answer", answer(w, r)),
                                 ("From", RULING_SOURCES[r.ruled_by] if not ours else None),
                                 ("Where the sources disagree", w.link(r.discrepancy) if r.discrepancy else None),
                                 ("Date", r.date), ("Editions", ", ".join(r.editions or [])),
                                 ("Replaces", w.link(r.supersedes) if r.supersedes else None)])
    title = text(r.names.en[:1].upper() + r.names.en[1:])
    data = {"by": r.ruled_by, "status": r.status, "about": " ".join(p.about)}
    attrs = " ".join(f'data-{k}="{v}"' for k, v in data.items())  # slugs and page names: nothing to escape
    if r.status == "current":
        heading = f"### {title} {{#{r.id} .kb-ruling {attrs}}}\n"
        status = ""
    else:
        heading = f"### <del>{title}</del> {{#{r.id} .kb-ruling .kb-ruling--{r.status} {attrs}}}\n"
        # validation refuses a superseded ruling that no ruling replaces (catalog/rulings.py)
        said = (f"**Superseded:** replaced by {w.link(successor)}." if r.status == "superseded" and successor
                else "**Withdrawn:** this ruling no longer stands.")
        status = f"\n{said}\n{{ .kb-ruling-status }}\n"
    first, _, rest = block.partition("\n")
    assert first.startswith("### ") and first.endswith(f"{{#{r.id}}}"), first
    return heading + status + rest


def place(w: PageWriter, rulings: Sequence[Ruling]) -> list[Placed]:
    """The rulings in the reading order of the rules they are about (the rules they name under concerns,
    else the rules their answer cites), a ruling naming no rule last; ties keep the data's order."""
    reading = {rule.id: i for i, rule in enumerate(w.rules)}
    order = {name: i for i, (name, _) in enumerate(pages_in_order(w))}
    placed = []
    for r in rulings:
        named = [i for i in r.concerns if i in reading] or [i for i in r.cited_rules if i in reading]
        first = min(named, key=reading.__getitem__) if named else None
        about = {w.layout.page(i) for i in [*r.concerns, *r.cited_rules]
                 if w.catalog.kind_of(i).key not in NOT_WHAT_IT_IS_ABOUT and w.catalog.get(i).game == w.game}
        placed.append(Placed(r, w.layout.page(first) if first else OTHER[0], reading[first] if first else len(reading),
                             tuple(sorted(about, key=lambda page: order.get(page, len(order))))))
    # by chapter first: a rules page's sections need not follow each other in the rules' reading order
    return after_successors(sorted(placed, key=lambda p: (order.get(p.chapter, len(order)), p.position)))


def after_successors(placed: list[Placed]) -> list[Placed]:
    """A superseded ruling moved right after the ruling that replaced it (when both are on the page), in
    that one's chapter: a reader of the old one finds its replacement beside it."""
    by_id = {p.ruling.id: p for p in placed}
    moved = {p.ruling.supersedes for p in placed
             if p.ruling.supersedes in by_id and by_id[p.ruling.supersedes].ruling.status == "superseded"}
    out: list[Placed] = []
    for p in placed:
        if p.ruling.id in moved:
            continue
        chain = [p]
        while chain[-1].ruling.supersedes in moved and len(chain) <= len(placed):  # validation refuses cycles
            older = by_id[str(chain[-1].ruling.supersedes)]
            chain.append(Placed(older.ruling, p.chapter, p.position, older.about))
        out += chain
    return out


def pages_in_order(w: PageWriter) -> list[tuple[str, str]]:
    """(page, title) of the game's pages in navigation order, the rules pages in place of the rules."""
    out: list[tuple[str, str]] = []
    for name, title, _ in w.layout.pages(w.game):
        out += w.layout.rule_page_titles(w.game) if name == plugin.RULES else [(name, title)]
    return out


def filters(placed: Sequence[Placed], titles: dict[str, str], rule_pages: set[str]) -> str:
    """The filter controls (hidden until the script shows them: without it they would do nothing), each
    offering only the values some ruling of the page has, and only when there are two to choose from.
    Superseded and withdrawn rulings are left out at first: a player wants the answer that stands, and
    the count says how many more there are; a link to one of them shows it (kb-rulings.js)."""
    statuses = [s for s in STATUSES if any(p.ruling.status == s for p in placed)]
    by = [b for b in RULED_BY_FILTER if any(p.ruling.ruled_by == b for p in placed)]
    about = [page for page in titles if any(page in p.about for p in placed)]
    controls = []
    if len(by) > 1:
        controls.append(select("by", "Who ruled", [(b, RULED_BY_FILTER[b]) for b in by]))
    if len(statuses) > 1:
        controls.append(select("status", "Status", [(s, STATUSES[s]) for s in statuses], chosen="current"))
    if len(about) > 1:
        rules = [(page, titles[page]) for page in about if page in rule_pages]
        other = [(page, titles[page]) for page in about if page not in rule_pages]
        controls.append(select("about", "About", {"The rules": rules, "The game's other pages": other}, match="word"))
    controls.append('<button type="button" class="md-button" data-kb-reset>Show all</button>')
    return ('<div class="kb-rulings-filter" data-kb-rulings hidden>\n'
            f'<div class="kb-rulings-filter__controls">{"".join(controls)}</div>\n'
            f'<p class="kb-rulings-filter__count" data-kb-count role="status" aria-live="polite">{len(placed)} rulings</p>\n'
            '</div>\n')


def select(name: str, label: str, options: list[tuple[str, str]] | dict[str, list[tuple[str, str]]], chosen: str = "",
           match: str = "equals") -> str:
    """A labelled select of ``options`` (value, label), or of groups of them (one <optgroup> each), after "any"."""
    def items(of: list[tuple[str, str]]) -> str:
        return "".join(f'<option value="{html.escape(v)}"{" selected" if v == chosen else ""}>{html.escape(t)}</option>'
                       for v, t in of)

    groups = options if isinstance(options, dict) else {"": options}
    items_html = items([("", "any")]) + "".join(
        f'<optgroup label="{html.escape(group)}">{items(of)}</optgroup>' if group else items(of) for group, of in groups.items() if of)
    return f'<label>{html.escape(label)}<select data-kb-filter="{name}" data-match="{match}">{items_html}</select></label>'


def our_rulings(w: PageWriter) -> list[Ruling]:
    return [r for r in w.catalog.typed("rulings", Ruling, w.game) if r.ruled_by == "project"]


def answer(w: PageWriter, ruling: Ruling) -> Linked:
    """The answer sentence by sentence, each followed by links to the rules it rests on."""
    return Linked(" ".join(text(s.text.strip()) + (f" ({', '.join(w.link(x) for x in s.rules)})" if s.rules else "")
                           for s in ruling.answer))
