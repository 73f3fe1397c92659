"""The What changed page: the entries added or changed on the most recent days the reference changed,
newest first, each linked to where the site shows it. The dates come from the build (outputs/history.py)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from catalog import Catalog
from outputs.history import History, day_in_words
from outputs.pages.markdown import text

PAGE = "what-changed"
TITLE = "What changed"
OPEN_UP_TO = 8
"""A list of added or changed entries this long or shorter is shown open; a longer one is folded."""
DAYS = 30
"""How many of the most recent days with a change the page lists at most."""
MOST_ENTRIES = 600
"""The page stops before a day that would take it past this many entries (it always shows the newest
day): a day on which the whole catalog was rewritten would make a page too heavy to read on a phone."""


def entry_link(page_of: Callable[[str], str], entry_id: str) -> str | None:
    """The Markdown target of an entry from a page at the site's root (``caylus/buildings.md#id``); a
    game's own entry links to its index page, which has no anchor of the id."""
    try:
        path = page_of(entry_id).rstrip("/")
    except KeyError:
        return None
    return f"{path}/index.md" if path == entry_id else f"{path}.md#{entry_id}"


def changes_page(catalog: Catalog, history: History, page_of: Callable[[str], str], game_order: list[str],
                 feeds: str = "") -> str:
    """The page's Markdown; ``feeds`` is a sentence about the rulings feeds, added after the introduction."""
    by_day: dict[str, list[str]] = defaultdict(list)
    for entry_id in catalog.entries:
        dates = history.of(entry_id)
        if dates is not None:
            by_day[dates.updated_day].append(entry_id)
    days = shown_days(by_day)
    out = [f"# {TITLE}\n", "The rules, rulings, cards and everything else added to this reference or changed in it, "
           f"on the {len(days)} most recent days with a change, newest first. Each rule and ruling also says when it "
           "last changed, under its sources.\n"]
    if feeds:
        out.append(feeds + "\n")
    if not days:
        out.append("Nothing has changed yet.\n")
    older = sorted(by_day, reverse=True)[len(days):]
    for day in days:
        out.append(f"## {day_in_words(day)} {{#changed-{day}}}\n")
        for game in game_order:
            ids = [i for i in by_day[day] if catalog.get(i).game == game]
            if not ids:
                continue
            out.append(f"**{text(catalog.get(game).names.en)}**\n")
            added = [i for i in ids if history.dates[i].added_day == day]
            changed = [i for i in ids if history.dates[i].added_day != day]
            for label, group in (("Added", added), ("Changed", changed)):
                if group:
                    # a long list is folded (a whole catalog rewritten in a day is a wall of links on a
                    # phone): its title says how many; a short one stays open
                    fold = "???+" if len(group) <= OPEN_UP_TO else "???"
                    out.append(f'{fold} note "{label} ({len(group)})"\n')
                    out += [f"    {line}" for line in _by_kind(catalog, group, page_of)]
                    out.append("")
            out.append("")
    if older:
        out.append(f"Changes before {day_in_words(days[-1])} are not listed here; every entry in the "
                   "[JSON API](api.md) says when it was added and when it last changed.\n")
    return "\n".join(out)


def shown_days(by_day: dict[str, list[str]]) -> list[str]:
    """The most recent days with a change, newest first: at most DAYS, and no more than MOST_ENTRIES
    entries in all unless the newest day alone has more."""
    days: list[str] = []
    total = 0
    for day in sorted(by_day, reverse=True)[:DAYS]:
        total += len(by_day[day])
        if days and total > MOST_ENTRIES:
            break
        days.append(day)
    return days


def _by_kind(catalog: Catalog, ids: list[str], page_of: Callable[[str], str]) -> list[str]:
    """The entries grouped by their kind as players name it, a line each: ``- *rules*: A, B``."""
    groups: dict[str, list[str]] = defaultdict(list)
    for entry_id in ids:
        name = text(catalog.get(entry_id).names.en)
        target = entry_link(page_of, entry_id)
        groups[catalog.kind_of(entry_id).shown].append(f"[{name}]({target})" if target else name)
    return [f"- *{text(kind)}*: {', '.join(sorted(links, key=str.casefold))}" for kind, links in groups.items()]
