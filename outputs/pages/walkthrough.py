"""Scenarios as readable walkthroughs for the site: the situation, the moves, the outcome, in
sentences a player reads, with the engine's notation behind a collapsed "Engine notation" block.

Built from the scenario data and this build's run of it, so "checked by the engine" is true of the
site that shows it. The game's :class:`games.narration.Narration` words its actions and state;
this module lays them out, links the rules and ids they name, and keeps the notation for those who
want to write scenarios of their own.

Where a walkthrough is shown (issue 28, light pages): **in full once**, on a walkthrough page of its
game, and **everywhere else as one line**. A scenario's home is the rules page of the first rule it
illustrates; that rules page's walkthroughs go on ``<rules page>-walkthroughs`` (split into parts,
``-walkthroughs-2`` and on, in rule order, where one page would pass :data:`PAGE_BUDGET`), each under a
heading whose anchor is the scenario's id. A rules page, the worked examples, the rulings and the
discrepancies show a one-liner (✓ or ✗ FAILED, the title linking to the full walkthrough, what it
shows: the first sentence of its narrative); a walkthrough met a second time on one page says so and
links to the first mention instead of repeating it. The notation is shown as plain text (syntax
colouring made four fifths of a rules page's HTML).
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import yaml

from games.narration import Narration, Table, Unworded
from outputs.pages.markdown import Linked, table, text

if TYPE_CHECKING:
    from outputs.pages.writer import PageWriter

NOTATION_KEYS = ("options", "given", "steps", "expect", "unchanged", "claims")
"""The parts of a scenario the engine reads, shown as they are written in its file."""

def worded(say: Callable[[], Any], notation: Any) -> Any:
    """The game's wording, or the engine notation in code where the game has none (the tests
    check that no scenario of a registered game needs this)."""
    try:
        return say()
    except (Unworded, KeyError, ValueError, TypeError):
        return f"`{notation}`" if isinstance(notation, str) else notation


def rule_link(w: PageWriter, rule: str) -> str:
    return w.link(rule) if rule in w.catalog.entries else text(rule)


def expectations(n: Narration, expected: Mapping[str, Any], to_move: str | None) -> list[str]:
    try:
        return [text(s) for s in n.expectations(expected, to_move)]
    except (Unworded, KeyError, ValueError, TypeError):  # say what can be said, path by path
        said: list[str] = []
        for path, value in expected.items():
            found = worded(lambda: n.expectation(str(path), value, to_move), f"{path} = {value!r}")
            said += [text(s) for s in found] if isinstance(found, list) else [found]
        return said


def step_line(n: Narration, w: PageWriter, spec: Mapping[str, Any], record: Any | None) -> str:
    notation = str(spec["do"])
    decision = getattr(record, "decision", None)
    if "illegal" in spec:
        rule = record.illegal.split(":", 1)[0] if record is not None and record.illegal else str(spec["illegal"])
        clause = worded(lambda: n.clause(notation, decision), notation)
        tried = f"{text(clause.subject)} tries to {text(clause.predicate)}" if not isinstance(clause, str) else clause
        line = f"{tried}, which is refused ({rule_link(w, rule)})."
    else:
        played = getattr(record, "played", None) or notation
        said = worded(lambda: n.step(played, decision), played)
        own, others = worded(lambda: n.changes(played.split()[0], record.changes, said), ("", "")) if record is not None else ("", "")
        line = text(said) if not said.startswith("`") else said
        if own and line.endswith("."):
            line = line[:-1] + f", {text(own)}."
        if others:
            line += f" {text(others)}"
    if spec.get("note"):
        line += f" {w.prose(str(spec['note']).strip())}"
    if spec.get("expect"):  # on a line of its own (a hard line break inside the list item)
        line += "  \n    *Then:* " + " ".join(expectations(n, spec["expect"], getattr(record, "to_move", None)))
    if spec.get("unchanged"):  # what the step must leave as it was: checked before and after it
        line += "  \n    *Still:* " + " ".join(expectations(n, spec["unchanged"], getattr(record, "to_move", None)))
    return line


def situation(n: Narration, given: Mapping[str, Any], start: Mapping[str, Any]) -> list[str]:
    """The starting position: the players table, the game's own facts (sentences and tables), who moves."""
    facts = worded(lambda: [f for f in (n.players_table(given, start), *n.situation(given, start)) if f is not None], "given")
    if isinstance(facts, str):
        return ["The scenario starts from a position the site cannot describe yet (see the engine notation)."]
    if "to_move" in given:
        facts.append(worded(lambda: n.waiting(given["to_move"], None), f"to_move = {given['to_move']}"))
    sentences = [text(f) if not f.startswith("`") else f for f in facts if isinstance(f, str)]
    out = ["**Situation.** " + " ".join(sentences)] if sentences else ["**Situation.**"]
    for t in facts:
        if isinstance(t, Table):
            out.append(f"*{text(t.caption)}*\n\n" + table(list(t.headers), [list(r) for r in t.rows]).rstrip("\n"))
    return out


def notation_block(result: Any) -> str:
    raw = result.raw
    shown = {k: raw[k] for k in NOTATION_KEYS if raw.get(k)}
    code = yaml.safe_dump(shown, sort_keys=False, allow_unicode=True, width=100).rstrip("\n")
    # plain text, not YAML colouring: one <span> per token made the notation 8 times its own size
    body = (f"Scenario `{text(result.id)}` in `{text(result.file)}`, as the engine reads it "
            f"(`kb explain {text(result.file)}` shows every step with what it changed):\n\n```text\n{code}\n```")
    return '??? note "Engine notation"\n\n' + "    " + body.replace("\n", "\n    ")


CHECKED = "Checked by the engine in this build"
FAILED = "FAILED in this build"
RELATED = (("illustrates", "Illustrates"), ("examples", "Worked example"), ("rulings", "Ruling"))


def related(w: PageWriter, result: Any) -> str:
    """What the walkthrough illustrates, as links back to the rules, examples, rulings and discrepancy."""
    raw = result.raw
    parts = []
    for key, label in RELATED:
        ids = [i for i in raw.get(key) or [] if i in w.catalog.entries]
        if ids:
            parts.append(f"*{label}:* " + ", ".join(w.link(i) for i in ids))
    if raw.get("discrepancy") in w.catalog.entries:
        parts.append(f"*Where the sources disagree:* {w.link(raw['discrepancy'])}")
    return "; ".join(parts)


def render(result: Any, w: PageWriter, level: int = 3) -> str:
    """Markdown for one scenario and its result in this build, in full, under a heading whose anchor
    is the scenario's id (the one place on the site that shows it so)."""
    n = w.narration
    raw = result.raw
    status = f"✓ {CHECKED}." if result.passed else f"**✗ {FAILED}.**"
    # a checked walkthrough can be explored (docs/javascripts/kb-explore.js): its id and its number of steps
    explorable = f' data-kb-explore="{len(raw.get("steps") or [])}"' if result.passed else ""
    body = [f"{'#' * level} {text(raw.get('title') or result.id)} {{#{result.id}{explorable}}}\n", f"{status} {related(w, result)}"]
    if raw.get("narrative"):
        body.append(w.prose(raw["narrative"].strip()))
    given = raw.get("given") or {}
    if given:
        body += situation(n, given, result.start or given)
    moves = []
    records = list(result.steps)
    for i, step in enumerate(raw.get("steps") or []):
        spec = step if isinstance(step, dict) else {"do": step}
        record = records[i] if i < len(records) else None
        moves.append(f"{i + 1}. {step_line(n, w, spec, record)}")
    if moves:
        body.append("**Moves.**\n\n" + "\n".join(moves))
    if raw.get("expect"):
        body.append("**Outcome.** " + " ".join(expectations(n, raw["expect"], result.to_move)))
    if raw.get("unchanged"):
        body.append("**Still as at the start.** " + " ".join(expectations(n, raw["unchanged"], result.to_move)))
    body += [f"**Disputed.** {v}" for v in verdicts(n, result)]
    body.append(notation_block(result))
    return "\n\n".join(body) + "\n"


# --- where walkthroughs are shown -----------------------------------------------------------------

PAGE_BUDGET = 90_000
"""Characters of walkthrough Markdown on one walkthrough page. Its HTML is about 1.35 times that
plus the site's frame (navigation, header: about 65 KB), so it stays near 190 KB, under the 250 KB
that tests/test_page_weight.py checks."""
_SENTENCE = re.compile(r"(.+?[.!?])(?:\s+(?=[A-Z“\"(])|\s*$)", re.S)


@dataclass
class WalkthroughPage:
    name: str
    title: str
    rules_page: str
    results: list[Any] = field(default_factory=list)


@dataclass
class Plan:
    """The game's walkthrough pages in navigation order, and the page that shows each scenario in full."""
    pages: list[WalkthroughPage]
    home: dict[str, str]
    markdown: dict[str, str]


def plan(w: PageWriter) -> Plan:
    """Each scenario on the walkthrough page of its first illustrated rule's rules page, in rule
    order; a rules page whose walkthroughs pass the budget gets parts (cut by size, in rule order)."""
    rules = {r.id: i for i, r in enumerate(w.rules)}
    markdown = {r.id: render(r, w) for r in w.results}

    def first_rule(result: Any) -> int:
        found = [rules[i] for i in result.raw.get("illustrates") or [] if i in rules]
        return found[0] if found else len(rules)

    def rules_page(result: Any) -> str:
        at = first_rule(result)
        return w.layout.rule_page(w.rules[at]) if at < len(rules) else ""

    placed = sorted(w.results, key=first_rule)
    pages: list[WalkthroughPage] = []
    for page, title in [*w.layout.rule_page_titles(w.game), ("", "Other walkthroughs")]:
        mine = [r for r in placed if rules_page(r) == page]
        total = sum(len(markdown[r.id]) for r in mine)
        count = -(-total // PAGE_BUDGET)  # as few parts as the budget allows, of about equal size
        parts: list[list[Any]] = [[] for _ in range(count)]
        before = 0
        for r in mine:
            parts[min(count - 1, int((before + len(markdown[r.id]) / 2) * count / total))].append(r)
            before += len(markdown[r.id])
        shown = f"{title} — walkthroughs" if page else title
        filled = [p for p in parts if p]
        for i, part in enumerate(filled):
            name = f"{page or 'other'}-walkthroughs" + (f"-{i + 1}" if i else "")
            pages.append(WalkthroughPage(name, shown + (f" ({i + 1} of {len(filled)})" if len(filled) > 1 else ""), page, part))
    return Plan(pages, {r.id: p.name for p in pages for r in p.results}, markdown)


def walkthrough_page(w: PageWriter, page: WalkthroughPage) -> str:
    """A walkthrough page: every walkthrough whose home it is, in full, under the sections of its rules."""
    titles = w.layout.section_titles(w.game)
    rules = {r.id: r for r in w.rules}
    back = f" of [{text(dict(w.layout.rule_page_titles(w.game))[page.rules_page])}]({page.rules_page}.md)" if page.rules_page else ""
    out = [f"# {text(page.title)}\n", f"Games played through by the rules engine to show the rules{back} at work, "
           "move by move. Each rule links to its walkthroughs, and each walkthrough to the rules it shows.\n",
           explore_config(w)]
    section = None
    for r in page.results:
        first = next((rules[i] for i in r.raw.get("illustrates") or [] if i in rules), None)
        here = first.section if first else ""
        if here != section:
            section = here
            out.append(f"## {text(titles.get(here, here.replace('-', ' ').capitalize() or 'Other'))}\n")
        out.append(w.walkthrough_plan.markdown[r.id])
    return "\n".join(out)


EXPLORE_PAGES = "explore-pages.json"
"""In each game's folder: the page of each entry of the game, for the links to the rule that forbids a
move tried in the explorer (the search index has them too, but weighs a megabyte)."""


def explore_config(w: PageWriter) -> str:
    """Once per walkthrough page, for docs/javascripts/kb-explore.js: where the API is, and the entries' pages."""
    return (f'<div hidden data-kb-explore-api="{html.escape(w.datasette_url)}" '
            f'data-kb-explore-pages="../{EXPLORE_PAGES}"></div>\n')


def explore_pages(w: PageWriter) -> str:
    """The JSON of :data:`EXPLORE_PAGES`: page (relative to the game's folder) -> the ids it shows."""
    pages: dict[str, list[str]] = {}
    for entry_id, located in sorted(w.catalog.entries.items()):
        if getattr(located.entry, "game", None) != w.game:
            continue
        try:
            path = w.layout.page_of(entry_id)
        except (KeyError, ValueError):  # an entry no page shows under its id: the refusal names it unlinked
            continue
        if path.startswith(f"{w.game}/"):
            pages.setdefault(path.removeprefix(f"{w.game}/"), []).append(entry_id)
    return json.dumps(pages, separators=(",", ":"))


def shows(w: PageWriter, result: Any) -> str:
    """What a walkthrough shows, in a line: the first sentence of its narrative, else the rule it illustrates."""
    narrative = " ".join(str(result.raw.get("narrative") or "").split())
    found = _SENTENCE.match(narrative)
    if found:
        return w.prose(found.group(1))
    ids = [i for i in result.raw.get("illustrates") or [] if i in w.catalog.entries]
    return Linked(f"Shows {w.link(ids[0])}.") if ids else ""


def one_liner(w: PageWriter, result: Any, seen: dict[str, tuple[str, str]] | None = None, anchor: str = "",
             brief: bool = False) -> str:
    """A walkthrough as one list item: ✓ (or ✗ FAILED), its title linking to it in full, what it shows
    (left out when ``brief``: a page of many short entries, such as the rulings, stays light).
    ``seen`` (scenario -> anchor and name of its first mention on this page) turns a second mention
    into a pointer to the first."""
    page = w.walkthrough_plan.home[result.id]
    mark = "✓" if result.passed else f"✗ {FAILED}:"
    hint = CHECKED if result.passed else FAILED
    link = f'[{text(result.raw.get("title") or result.id)}]({page}.md#{result.id} "{hint}"){{.kb-walkthrough}}'
    if seen is not None and result.id in seen:
        first, name = seen[result.id]
        return f"- {mark} {link}, as under [{text(name)}](#{first}) above"
    if seen is not None and anchor:
        seen[result.id] = (anchor, w.catalog.get(anchor).names.en)
    said = "" if brief else shows(w, result)
    return f"- {mark} {link}" + (f": {said}" if said else "")


def one_liners(w: PageWriter, results: list[Any], seen: dict[str, tuple[str, str]] | None = None, anchor: str = "",
               brief: bool = False) -> str:
    if not results:
        return ""
    return "\n".join(one_liner(w, r, seen, anchor, brief) for r in results) + "\n"


def verdicts(n: Narration, result: Any) -> list[str]:
    """The claims of a source the engine does not bear out: what the source says, what the engine gives."""
    out = []
    for path, (claimed, actual) in result.verdicts.items():
        says = " ".join(expectations(n, {path: claimed}, None))
        gives = " ".join(expectations(n, {path: actual}, None))
        out.append(f"The source says: {says} The engine gives: {gives}")
    return out
