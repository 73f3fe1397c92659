"""Writing a game's generated pages and the site navigation: per game, its hand-written index, the
pages its game module lists (rules first where it lists them), then its other hand-written pages."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from catalog import Catalog
from catalog.kinds import Game, Source
from games import plugin
from games.plugin import PageSpec
from games.registry import Registry
from outputs.history import History
from outputs.pages import changes, evidence, feeds, rules, rulings, shared
from outputs.pages.layout import OUR_RULINGS, Layout
from outputs.pages.markdown import text, url
from outputs.pages.walkthrough import EXPLORE_PAGES, explore_pages, walkthrough_page
from outputs.pages.writer import PageWriter
from outputs.simulations import page as simulated
from outputs.simulations.store import Results

NavItem = dict[str, Any]
SOURCE_KINDS = {"rulebook": "a rulebook", "official": "official rules from the publisher", "tiles": "a tile sheet",
                "reference": "a reference or summary written by players", "picture": "a picture",
                "faq": "a list of frequently asked questions", "implementation": "a computer implementation (read for values only)",
                "facts": "this project's notes on the public sources, each fact with its source"}
"""What kind of source a source is (``Source.source_kind``), in words."""

RENDER: dict[str, Callable[[PageWriter], str]] = {
    plugin.RULEBOOK_MAP: rules.rulebook_map_page,
    plugin.FAQ: rulings.faq_page,
    plugin.COMPONENTS: shared.components_page,
    plugin.CARDS: shared.cards_page,
    plugin.GLOSSARY: shared.glossary_page,
    plugin.DISCREPANCIES: shared.discrepancies_page,
    plugin.EXAMPLES: rules.examples_page,
}


def sources_page(catalog: Catalog) -> str:
    out = ["# Sources\n", "Every rulebook and public source the facts on this site come from, game by game: what it is, "
           "how the pages cite it, and where to find it. The badge beside each entry says how surely the "
           f"sources settle it ([How we know]({evidence.PAGE}.md)).\n"]
    for game in games_by_name(catalog):
        out.append(f"## {text(catalog.get(game).names.en)} {{#{game}.sources}}\n")
        for s in catalog.typed("sources", Source, game):
            out.append(f"### {text(s.names.en)} {{#{s.id}}}\n")
            rows = [("Cited as", s.cite or s.names.en), ("Kind", SOURCE_KINDS[s.source_kind]),
                    ("Language", LANGUAGE_NAMES.get(s.language or "", s.language)), ("Edition", s.edition),
                    ("Licence", s.licence_note)]
            out.append("\n".join(f"- **{k}:** {text(v)}" for k, v in rows if v) + f"\n- **Where:** {where(s)}\n")
            if s.notes:
                out.append(f"\n{text(s.notes)}\n")
    return "\n".join(out)


def where(source: Source) -> str:
    """Where a player can find a source: its public address, or what we know of it when it has none."""
    if source.url:
        return f"[{text(source.url)}]({url(source.url)})"
    if evidence.is_research_notes(source):
        return ("not published: the notes in which this project collected the public sources on this page, "
                f"each fact with the source it comes from ([How we know]({evidence.PAGE}.md#research-notes)).")
    if source.file:
        return "no public address; this project works from a plain-text transcription of it."
    return "no public address recorded."


def first_heading(path: Path) -> str:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return line[2:].split("{")[0].strip()
    return path.stem.replace("-", " ").capitalize()


def game_pages(writer: PageWriter) -> tuple[dict[str, str], list[Any]]:
    """The game's generated pages (name -> Markdown) and its navigation items, in order."""
    game = writer.game
    pages: dict[str, str] = {}
    items: list[Any] = []
    for page, (name, title, _) in zip(writer.module.pages, writer.layout.pages(game), strict=True):
        if page == plugin.RULES:
            rule_pages = writer.layout.rule_page_titles(game)
            for name, _ in rule_pages:
                pages[name] = rules.rules_page(writer, name)
            if rule_pages:  # the rules come first, whatever the module lists before them
                items.insert(0, {"The rules": [{title: f"{game}/{name}.md"} for name, title in rule_pages]})
        elif isinstance(page, PageSpec):
            pages[name] = page.render(writer)
            items.append({title: f"{game}/{name}.md"})
        else:
            pages[name] = RENDER[page](writer)
            items.append({title: f"{game}/{name}.md"})
            if page == plugin.FAQ:
                pages[name] = with_feed_note(pages[name], game)
                if rulings.our_rulings(writer):
                    pages[OUR_RULINGS[0]] = with_feed_note(rulings.faq_page(writer, ours=True), game)
                    items.append({OUR_RULINGS[1]: f"{game}/{OUR_RULINGS[0]}.md"})
    walkthroughs = writer.walkthrough_plan.pages  # each scenario in full once, after the rules it shows
    for wp in walkthroughs:
        pages[wp.name] = walkthrough_page(writer, wp)
    # The walkthrough pages stay out of the navigation (mkdocs.yml not_in_nav): every page carries the
    # whole navigation, and 35 more entries made each page some 15 KB heavier; a player reaches a
    # walkthrough from the rule, example, ruling or discrepancy it shows.
    return pages, items


def write_pages(catalog: Catalog, registry: Registry, docs_dir: Path, datasette_url: str,
                results: list[Any] | None = None,
                simulations: Mapping[str, Results] | None = None,
                history: History | None = None) -> tuple[list[Path], list[NavItem]]:
    """Write the generated pages into ``docs_dir`` (a copy of docs/).

    Returns the paths written and the site navigation. ``results`` are this build's scenario
    results, shown as walkthroughs next to their rules; ``simulations`` the simulated games of the
    games with an engine, each shown on a page of its game's section, last; ``history`` when each
    entry was added and last changed (the What changed page, and "Last changed" under rules and rulings)."""
    layout = Layout(catalog, registry)
    layout.check()
    history = history or History()
    written: list[Path] = []
    nav: list[NavItem] = [{"Home": "index.md"}, {changes.TITLE: f"{changes.PAGE}.md"}]
    front_pages: dict[str, str] = {}
    for game in games_by_name(catalog):
        writer = PageWriter(catalog, registry.module(game), layout, datasette_url, results)
        writer.history = history
        folder = docs_dir / game
        folder.mkdir(parents=True, exist_ok=True)
        writer.hand_pages = {p.stem for p in folder.glob("*.md")}
        if (docs_dir / CONTRIBUTORS / f"{game}-scenarios.md").is_file():
            writer.scenario_guide = f"../{CONTRIBUTORS}/{game}-scenarios.md"
        items: list[Any] = [f"{game}/index.md"] if (folder / "index.md").is_file() else []
        pages, generated = game_pages(writer)
        items += generated
        for extra in sorted(folder.glob("*.md")):
            if extra.stem != "index" and extra.stem not in pages:
                items.append({first_heading(extra): f"{game}/{extra.name}"})
        if simulations and game in simulations:
            pages[simulated.PAGE] = simulated.write(simulations[game], catalog, folder, datasette_url)
            items.append({simulated.TITLE: f"{game}/{simulated.PAGE}.md"})
        for name, body in pages.items():
            path = folder / f"{name}.md"
            path.write_text(body, encoding="utf-8")
            written.append(path)
        (folder / EXPLORE_PAGES).write_text(explore_pages(writer), encoding="utf-8")  # the explorer's rule links
        nav.append({catalog.get(game).names.en: items})
        front_pages[game] = first_page(items)
    def linked_page_of(entry_id: str) -> str:
        """layout.page_of, for the entries that have a page: a game without a home page of its own
        (no index.md in its folder) is named on the What changed page, not linked."""
        path = layout.page_of(entry_id)
        if path.rstrip("/") == entry_id and not (docs_dir / entry_id / "index.md").is_file():
            raise KeyError(entry_id)
        return path

    what_changed = changes.changes_page(catalog, history, linked_page_of, games_by_name(catalog), feeds_note(catalog))
    for name, body in (("sources", sources_page(catalog)), (evidence.PAGE, evidence.how_we_know_page(catalog)),
                       (changes.PAGE, what_changed)):
        path = docs_dir / f"{name}.md"
        path.write_text(body, encoding="utf-8")
        written.append(path)
    home = docs_dir / "index.md"
    if home.is_file() and GAMES_MARKER in (page := home.read_text(encoding="utf-8")):
        home.write_text(page.replace(GAMES_MARKER, games_list(catalog, front_pages)), encoding="utf-8")
    if home.is_file() and QUICK_ANSWERS_MARKER in (page := home.read_text(encoding="utf-8")):
        home.write_text(page.replace(QUICK_ANSWERS_MARKER, quick_answers(catalog, layout)), encoding="utf-8")
    nav.append({"Sources and API": [{"Sources": "sources.md"}, {evidence.TITLE: f"{evidence.PAGE}.md"},
                                    {"Search syntax": "search-syntax.md"}, {"JSON API": "api.md"}]})
    contributors = sorted((docs_dir / CONTRIBUTORS).glob("*.md"))
    if contributors:  # pages for people who write scenarios or data, outside the games' tabs
        nav.append({"For contributors": [{first_heading(p): f"{CONTRIBUTORS}/{p.name}"} for p in contributors]})
    return written, nav


def with_feed_note(page: str, game: str) -> str:
    """A rulings page with a sentence on its feeds after its introduction (the page's head links them too)."""
    note = (f"Follow new and changed rulings in a feed reader: [this game's rulings](../{feeds.FOLDER}/{feeds.feed_name(game)}) "
            f"or [every game's](../{feeds.FOLDER}/{feeds.feed_name(None)}) (Atom feeds).\n")
    heading, _, rest = page.partition("\n\n")
    intro, sep, body = rest.partition("\n\n")
    return f"{heading}\n\n{intro}\n\n{note}{sep}{body}" if heading.startswith("# ") else page + "\n" + note


def feeds_note(catalog: Catalog) -> str:
    """The What changed page's sentence on the rulings feeds."""
    per_game = ", ".join(f"[{text(catalog.get(g).names.en)}]({feeds.FOLDER}/{feeds.feed_name(g)})" for g in games_by_name(catalog))
    return (f"New and changed rulings come as Atom feeds for a feed reader: [every game]({feeds.FOLDER}/{feeds.feed_name(None)}), "
            f"or one game: {per_game}.")


CONTRIBUTORS = "contributors"
"""The folder of docs/ with the pages for contributors (the scenario formats), not for players."""

# Where the home page lists the games: the list is made from games.yaml, so it names every game.
GAMES_MARKER = "<!-- kb: the games -->"
# Where the home page lists each game's quick answers (its game entry's quick_answers).
QUICK_ANSWERS_MARKER = "<!-- kb: quick answers -->"


LANGUAGE_NAMES = {"en": "English", "hu": "Hungarian", "pl": "Polish", "de": "German", "fr": "French", "nl": "Dutch"}


def games_by_name(catalog: Catalog) -> list[str]:
    """The games in the order of their English names: the order of the navigation and the home page."""
    return sorted(catalog.games(), key=lambda g: catalog.get(g).names.en.casefold())


def first_page(items: list[Any]) -> str:
    """The first page of a navigation list (a game's index, or its first page when it has none)."""
    for item in items:
        found = item if isinstance(item, str) else next(iter(item.values()))
        if isinstance(found, list):
            found = first_page(found)
        if found:
            return str(found)
    return ""


def games_list(catalog: Catalog, front_pages: dict[str, str]) -> str:
    """The home page's list of games, each linked to its front page."""
    lines = []
    for game in games_by_name(catalog):
        g = catalog.typed("games", Game, game)[0]
        players = f"{g.players_min}–{g.players_max} players" if g.players_min != g.players_max else f"{g.players_min} players"
        languages = [LANGUAGE_NAMES.get(r.language, r.language) for r in g.rulebooks]
        rulebooks = (" and ".join(languages) + f" rulebook{'s' if len(languages) > 1 else ''}") if languages else "public sources"
        lines.append(f"- **[{text(g.names.en)}]({front_pages[game]})** ({text(' and '.join(g.designers))}, {text(g.publisher)} {g.year}; "
                     f"{players}; from the {rulebooks})")
    return "\n".join(lines)


def quick_answers(catalog: Catalog, layout: Layout) -> str:
    """The home page's quick answers, game by game: each question linked to the anchor of the entry
    that answers it, on the page that shows that entry."""
    out = []
    for game in games_by_name(catalog):
        asked = catalog.typed("games", Game, game)[0].quick_answers
        if asked:
            out.append(f"{text(catalog.get(game).names.en)}:\n")
            out += [f"- [{text(q.question)}]({game}/{layout.page(q.answer)}.md#{q.answer})" for q in asked]
            out.append("")
    return "\n".join(out).rstrip("\n")
