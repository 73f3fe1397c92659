"""What every game's player aid shares: its page name and title, its heading (which marks the page for
the aid's print styles), and the game's quick answers printed with their answers.

A player aid (issue 33) is one or two A4 sheets a player keeps beside the board: the turn, the costs,
the scoring tables and the facts looked up most, every number read from the catalogs, English names
with the rulebooks' Hungarian (and for Caylus Polish) names beside them. Each game writes its own in
``games/<game>/`` and registers it as ``PageSpec(PLAYER_AID, PLAYER_AID_TITLE, (), ...)``.

The aid ships as print-ready HTML, not as a PDF made at build time. Why: the maintained HTML-to-PDF
tools do not fit ``kb build``'s one-command install. WeasyPrint installs from PyPI but needs Pango,
a system library that ``scripts/setup-env.sh`` (pip only) cannot provide, so a fresh machine's
``kb build`` would fail or silently skip the PDF; it also runs no script, so the page would print
unlike what a reader sees. Chromium (Playwright) prints the page exactly, but it is a test-only
system package (apt), not something ``kb build`` may require. So a reader prints the page with the
browser's Print (A4; ``docs/stylesheets/kb.css`` has the print styles), and the browser test
(tests/test_browser_print.py) prints each aid with Chromium and counts its sheets.
"""

from __future__ import annotations

from catalog.kinds import Game, Rule, Term
from games.plugin import PageContext

LANGUAGE_NAMES = {"hu": "Hungarian", "pl": "Polish", "de": "German"}
PLAYER_AID = "player-aid"
PLAYER_AID_TITLE = "Player aid"
AID_CLASS = "kb-aid"
"""The class of the aid's heading: kb.css prints a page holding it denser than other pages."""


BLURB = ("Two A4 pages to print and keep beside the board. Every number is the one the rules on this site "
         "give, with their sources.")


def heading(w: PageContext) -> list[str]:
    """The aid's title (anchored ``<game>.player-aid``, classed for the print styles) and what it is."""
    return [f"# {PLAYER_AID_TITLE} {{#{w.game}.{PLAYER_AID} .{AID_CLASS}}}\n", BLURB + "\n"]


def quick_answers(w: PageContext, printed_sections: tuple[str, ...] = (), covered: tuple[str, ...] = ()) -> list[str]:
    """The game's quick answers (its game entry's ``quick_answers``), each with the answer's own text:
    a rule's text, a term's definition, or the entry's description. A question whose answer is on the
    aid already is left out, to keep the aid short: a rule of ``printed_sections`` (:func:`rule_steps`)
    or an entry of ``covered`` (ids whose numbers a table of the aid gives)."""
    (game,) = w.catalog.typed("games", Game, w.game)
    rows: list[list[object]] = []
    for asked in game.quick_answers:
        entry = w.catalog.get(asked.answer)
        if (isinstance(entry, Rule) and entry.section in printed_sections) or entry.id in covered:
            continue
        answer = next((getattr(entry, f) for f in ("text", "definition", "description") if getattr(entry, f, None)), None)
        if isinstance(entry, Term):  # a question about a term is mostly about its names in the rulebooks' languages
            others = [f"{LANGUAGE_NAMES[code]} *{w.text(name)}*" for code in ("hu", "pl", "de")
                      if (name := getattr(entry.names, code))]
            answer = w.linked(f"{w.text(entry.names.en)}: " + ", ".join(others) + ". " + w.text(answer or "")) if others else answer
        rows.append([asked.question, answer or w.link(entry.id)])
    if not rows:
        return []
    return ["## Often asked\n", w.table(["Question", "Answer"], rows)]


def rule_steps(w: PageContext, sections: tuple[str, ...], leave_out: tuple[str, ...] = ()) -> str:
    """The rules of ``sections``, in order, as a numbered list of their names and texts: a turn overview in
    the catalog's own words (``leave_out``: ids of rules a table of the aid already says). A rule's
    Hungarian name (the rulebook's heading) is shown where it changes."""
    order = {s: i for i, s in enumerate(sections)}
    rules = sorted((r for r in w.catalog.typed("rules", Rule, w.game) if r.section in order and r.id not in leave_out),
                   key=lambda r: (order[r.section], r.order))
    lines, heading = [], None
    for n, r in enumerate(rules, 1):
        where = f" *({w.text(r.names.hu)})*" if r.names.hu and r.names.hu != heading else ""
        heading = r.names.hu or heading
        lines.append(f"{n}. **{w.text(r.names.en)}**{where}: {w.text(r.text)}")
    return "\n".join(lines) + "\n"
