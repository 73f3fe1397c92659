"""Walkthroughs read as English for players: every step of every scenario, every expectation and
every starting position of the three games in sentences and small tables, with no engine notation
(``@``, ``{...}``, dotted state paths, slugs, bare ids) outside the collapsed "Engine notation"
block; every kind of action each engine can produce has a wording; ids in prose become links."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

import engine
from catalog import Catalog
from engine.core import CHANCE
from engine.scenario import Result, run_all
from games import REGISTRY
from games.grammar import alternatives, listing, third_person
from games.narration import Narration, Table
from outputs.pages.layout import Layout
from outputs.pages.walkthrough import render
from outputs.pages.writer import PageWriter

ROOT = Path(__file__).resolve().parent.parent
NOTATION = '??? note "Engine notation"'

# What may never reach a player's eye in a generated sentence or table cell.
LEAKS = {
    "an @ of the notation": re.compile(r"@"),
    "a brace of a data structure": re.compile(r"[{}]"),
    "a Python list": re.compile(r"\['|\[None|\[\]"),
    "a code span": re.compile(r"`"),
    "a Python value": re.compile(r"\b(None|True|False)\b"),
    "a dotted path or id": re.compile(r"\b[a-z_][a-z0-9_-]*\.[a-z0-9_-]+"),
    "a snake_case key": re.compile(r"\b[a-z]+_[a-z_]+\b"),
}
# ... and, in what the narration writes (not in the authors' narratives), a hyphenated slug
SLUG = re.compile(r"\b[a-z0-9]+(?:-[a-z0-9]+)+\b")

# The verbs of each engine's notation (docs/contributors/caylus-scenarios.md, docs/contributors/duel-scenarios.md and the
# Maharaja engine's docstring); each must be played by a scenario or a random game, and read.
VERBS = {
    "caylus": {"pass", "place", "move", "decline", "provost", "stay", "leave", "take", "trade", "build", "convert",
               "batch", "done", "favour", "tiles", "order"},
    "duel": {"stack", "deal", "line", "pass", "play", "withdraw", "flick", "face", "concede", "keep", "use", "build",
             "done", "buy-seals", "take", "convert", "buy", "sell", "finish", "activate", "return"},
    "maharaja": {"marker", "character", "bid", "pass", "house", "disc", "give", "travel", "gold", "palace", "move",
                 "quarry", "governor", "free-house", "free-move", "chit", "end", "swap", "entice"},
}
# the engines with the options that open every kind of action (Maharaja's auction and chits, the
# advanced swap; the Duel's seals laid down instead of flicked)
PLAYOUTS = [("caylus", {"players": 4}), ("duel", {}), ("duel", {"variants": ("no-flicking",)}),
            ("maharaja", {"players": 4}), ("maharaja", {"players": 4, "variants": ("advanced-1", "advanced-2")})]


def leaks(text: str, notation: str | None = None, slugs: bool = True) -> list[str]:
    found = [f"{what}: {m.group(0)!r} in {text!r}" for what, pattern in LEAKS.items() for m in pattern.finditer(text)]
    if slugs:
        found += [f"a slug: {m.group(0)!r} in {text!r}" for m in SLUG.finditer(text)]
    if notation and notation in text:
        found.append(f"the notation {notation!r} in {text!r}")
    return found


def table_text(table: Table) -> str:
    return " | ".join([table.caption, *table.headers, *(cell for row in table.rows for cell in row)])


@pytest.fixture(scope="module")
def results() -> list[Result]:
    return run_all()


@pytest.fixture(scope="module")
def narrations(catalog: Catalog) -> dict[str, Narration]:
    return {m.game: m.narration(m.words(catalog)) for m in REGISTRY.modules}


@pytest.fixture(scope="module")
def writers(catalog: Catalog, results: list[Result]) -> dict[str, PageWriter]:
    layout = Layout(catalog, REGISTRY)
    return {m.game: PageWriter(catalog, m, layout, "http://127.0.0.1:8001", results) for m in REGISTRY.modules}


def steps(result: Result) -> list[dict[str, Any]]:
    return [s if isinstance(s, dict) else {"do": s} for s in result.raw.get("steps") or []]


def test_every_step_expectation_and_position_of_every_scenario_reads_as_sentences(
        results: list[Result], narrations: dict[str, Narration]) -> None:
    problems = []
    for r in results:
        n = narrations[r.game]
        assert r.passed, f"{r.id} fails, so its walkthrough cannot be checked: {[str(f) for f in r.failures]}"
        given = r.raw.get("given") or {}
        for fact in [n.players_table(given, r.start), *n.situation(given, r.start)]:
            if fact is not None:
                problems += [f"{r.id}: situation: {p}" for p in leaks(table_text(fact) if isinstance(fact, Table) else fact)]
        for spec, record in zip(steps(r), r.steps, strict=True):
            said = n.refused(spec["do"], record.decision) if "illegal" in spec else n.step(record.played or spec["do"], record.decision)
            own, others = n.changes(spec["do"].split()[0], record.changes, said)
            for text in (said, own, others, *n.expectations(spec.get("expect") or {}, record.to_move),
                         *n.expectations(spec.get("unchanged") or {}, record.to_move)):
                problems += [f"{r.id}: {spec['do']}: {p}" for p in leaks(text, spec["do"])]
        for text in [*n.expectations(r.raw.get("expect") or {}, r.to_move),
                     *n.expectations(r.raw.get("unchanged") or {}, r.to_move)]:
            problems += [f"{r.id}: outcome: {p}" for p in leaks(text)]
    assert not problems, "\n".join(problems[:40])


def test_the_rendered_walkthroughs_show_no_engine_notation_outside_the_collapsed_block(
        results: list[Result], writers: dict[str, PageWriter]) -> None:
    problems = []
    for r in results:
        markdown = render(r, writers[r.game])
        # the walkthrough's anchor: the one place the site shows it in full; a checked one can be explored
        # from any of its steps (docs/javascripts/kb-explore.js reads how many it has)
        explorable = f' data-kb-explore="{len(steps(r))}"' if r.passed else ""
        heading = f" {{#{r.id}{explorable}}}\n"
        assert markdown.startswith("### ") and heading in markdown.splitlines(keepends=True)[0], r.id
        visible, _, notation = markdown.replace(heading, "\n", 1).partition(NOTATION)
        assert notation and f"Scenario `{r.id}` in `{r.file}`" in notation, r.id
        assert all(str(s["do"]) in notation for s in steps(r)), r.id
        # link targets are addresses, not prose; the authors' narratives may hyphenate words
        prose = re.sub(r"\]\([^)]*\)", "]", visible)
        problems += [f"{r.id}: {p[:200]}" for p in leaks(prose, slugs=False)]
        problems += [f"{r.id}: the notation {s['do']!r} is visible" for s in steps(r) if f" {s['do']} " in f" {prose} "]
    assert not problems, "\n".join(problems[:40])


def test_every_kind_of_action_of_every_engine_reads_as_a_sentence(
        results: list[Result], narrations: dict[str, Narration]) -> None:
    """Seeded random games reach the actions no scenario plays (the gate, an auction, a seal laid
    down); every legal action at every step is worded."""
    seen: dict[str, set[str]] = {m.game: set() for m in REGISTRY.modules}
    problems: list[str] = []
    for r in results:
        seen[r.game] |= {str(s["do"]).split()[1] for s in steps(r)}
    for game, options in PLAYOUTS:
        e, n = engine.game(game, **options), narrations[game]
        for seed in range(3):
            rng = random.Random(seed)
            state = e.new_state()
            for _ in range(3000):
                if e.is_terminal(state):
                    break
                actions, decision = e.legal_actions(state), e.current(state)
                for action in actions[:60]:  # the first chance step lists every order of the tiles
                    seen[game].add(action.verb)
                    said = n.step(str(action), decision.kind)
                    problems += [f"{game} {action}: {p}" for p in leaks(said, str(action))]
                    assert said.startswith("Chance" if action.player == CHANCE else n.player(action.player)) or action.verb == "face", said
                weigh = getattr(e, "playout_weights", None)
                e.apply(state, rng.choices(actions, weights=weigh(state, actions))[0] if weigh else rng.choice(actions))
    assert not problems, "\n".join(problems[:40])
    missing = {game: sorted(VERBS.get(game, set()) - verbs) for game, verbs in seen.items() if VERBS.get(game, set()) - verbs}
    assert not missing, f"no scenario or random game plays these actions, so their wording is untested: {missing}"


# --- exact sentences ---------------------------------------------------------------------------------


def test_caylus_steps_and_expectations_read_as_sentences(narrations: dict[str, Narration]) -> None:
    n = narrations["caylus"]
    assert n.step("red place quarry-wood@9") == "Red places a worker on the quarry (wood) on space 9."
    assert n.step("red place castle") == "Red places a worker in the castle."
    assert n.step("blue provost -2") == "Blue moves the provost 2 spaces back."
    assert n.step("red trade 2deniers for cloth") == "Red pays 2 deniers for 1 cloth cube."
    assert n.step("red trade 2deniers for 2wood") == "Red pays 2 deniers for 2 wood cubes."
    assert n.step("red build peddler-wood paying wood+gold") == "Red builds a peddler (wood), paying 1 wood cube and 1 gold cube."
    assert n.step("red decline", "build") == "Red builds nothing."
    assert n.step("red favour resources 2") == "Red takes the royal favour “1 wood or 1 stone” (resources row, column 2)."
    assert n.changes("red", {"players.red.deniers": (7, 6), "players.red.workers": (6, 5), "to_move": ("red", "blue")}) \
        == ("paying 1 denier", "")
    assert n.expectations({"players.red.cubes.gold": 1}) == ["Red has 1 gold cube."]
    assert n.expectations({"players.red.deniers": 6, "turn": 1, "players.red.cubes.food": 0}) \
        == ["Red has 6 deniers and no food cubes.", "It is turn 1."]
    assert n.expectations({"decision": "favour", "to_move": "red"}) == ["Red is to choose a royal favour."]
    assert n.expectation("legal", {"includes": ["red convert quarry-neutral@5", "red convert carpenter-neutral@1"],
                                   "excludes": ["red convert gold-mine@16"]}) == [
        "Red may now turn the quarry (neutral) on space 5 or the carpenter (neutral) on space 1 into a residence.",
        "Red may not turn the gold mine on space 16 into a residence."]
    assert n.expectation("castle.walls", ["red", "red", "red", "blue"]) == \
        ["Houses in the walls, in the order placed: 3 Red and 1 Blue."]


def test_duel_and_maharaja_steps_read_as_sentences(narrations: dict[str, Narration]) -> None:
    duel, maharaja = narrations["duel"], narrations["maharaja"]
    assert duel.step("red line diag2") == "Red lays three markers along the diagonal from cell 3 to cell 7."
    assert duel.step("chance deal a-income/gold=4/one_use=true") == \
        "Chance deals the income card (deck A, 4 gold, 1x) into the next empty cell of the offer."
    assert duel.step("blue convert stone II paying 1/4") == \
        "Blue turns a stone into a dressed stone for section II, paying a 1/4 seal."
    assert duel.step("red convert 2wool") == "Red turns 2 wool into 2 cloth."
    assert duel.step("chance face 4") == "The flicked seal lands with 4 up."
    assert duel.expectations({"players.red.sections.III": ["beam", "mortar"], "winners": ["red"], "terminal": True}) == \
        ["Red's section III holds a beam and a mortar.", "Red wins.", "The game is over."]
    assert maharaja.step("red travel s-b") == "Red sends the architect along the road between the start space and city B."
    assert maharaja.step("red disc gold palace-house") == "Red sets the action disc to Gold and Palace/House."
    assert maharaja.step("blue swap 4 1") == "Blue swaps the Mogul (1) for the Wandering Monk (4)."
    assert maharaja.expectations({"cities.b.inner": "red", "players.red.architect": "a", "track.8": "d"}) == [
        "Red's palace stands on the inner site of city B.", "Red's architect is in city A.",
        "The governor marker of city D is on space 2."]


def test_a_walkthrough_step_says_what_changed_and_links_the_rule_that_refuses_one(
        results: list[Result], writers: dict[str, PageWriter]) -> None:
    income = next(r for r in results if r.id == "caylus.scenario.faq-first-turn-income")
    assert ("1. Red places a worker in the castle, paying 1 denier. 5 starting deniers + 2 income - 1 for the placement.  \n"
            "    *Then:* Red has 6 deniers.  \n    *Still:* It is turn 1.") in render(income, writers["caylus"])
    lawyer = next(r for r in results if r.id == "caylus.scenario.faq-lawyer-cannot-convert-fixed")
    markdown = render(lawyer, writers["caylus"])
    assert "Red tries to turn the gold mine on space 16 into a residence, which is refused " \
           "([Lawyer](rules-buildings.md#caylus.phase5.lawyer))." in markdown
    assert "| Red | 4 | 2 | 1 | 0 | 1 | 0 |" in markdown  # the players table: deniers, then the cubes


def test_ids_in_prose_become_links_and_ruling_sources_read_in_words(writers: dict[str, PageWriter]) -> None:
    w = writers["caylus"]
    assert w.prose("See caylus.discrepancy.supply-limits.") == \
        "See [Houses and cubes: exact counts or an unlimited stock](discrepancies.md#caylus.discrepancy.supply-limits)."
    assert w.prose("e.g. caylus.nothing.here <b>") == "e.g. caylus.nothing.here &lt;b&gt;"  # not an entry: left as text, escaped
    from outputs.pages.rulings import faq_page
    faq = faq_page(w)
    import re
    shown = re.sub(r"\{#[^}]*\}", "", faq)  # a heading's attributes (data-by="rulebook-faq") are for the filters, not read
    assert "**From:** the rulebook's FAQ" in faq and "rulebook-faq" not in shown
    assert "\ncaylus.discrepancy" not in faq
    from outputs.pages.shared import discrepancies_page, glossary_page
    assert "(id [University](buildings.md#caylus.building.university))" in discrepancies_page(w)
    assert "the entries [1-denier coin](components.md#caylus.component.denier-coin-1)" in glossary_page(w)
    # every kind of ruling and of source has words (a new kind in the catalog's model needs them)
    from typing import get_args

    from catalog.kinds import Ruling, Source
    from outputs.pages.rulings import RULING_SOURCES
    from outputs.pages.site import SOURCE_KINDS, sources_page
    assert set(get_args(Ruling.model_fields["ruled_by"].annotation)) == set(RULING_SOURCES)
    assert set(get_args(Source.model_fields["source_kind"].annotation)) == set(SOURCE_KINDS)
    sources = sources_page(w.catalog)
    assert "- **Kind:** this project's notes on the public sources, each fact with its source" in sources
    assert "- **Kind:** facts" not in sources


def test_the_leak_check_sees_notation() -> None:
    for planted in ("Red places a worker on quarry-wood@9.", "Then: players.red.deniers = 6.", "legal = {'includes': []}",
                    "Red has None.", "The decision is convert_raws.", "See caylus.discrepancy.supply-limits."):
        assert leaks(planted), planted
    assert leaks("Red passes.", "red pass") == []
    assert leaks("Then red pass happens.", "red pass")


def test_the_grammar_helpers() -> None:
    assert [third_person(p) for p in ("pass", "buy 2 seals", "carry it", "have 2", "stay")] == \
        ["passes", "buys 2 seals", "carries it", "has 2", "stays"]
    assert listing(["a", "b", "c"]) == "a, b and c"
    assert listing(["1 sand and 1 wood", "2 wool"], "or") == "1 sand and 1 wood, or 2 wool"
    assert listing(["x, y", "z"]) == "x, y; and z"
    assert alternatives(["buy 1 wood at the market", "buy 2 wool at the market", "sell 2 wool"]) == \
        "buy 1 wood or 2 wool at the market, or sell 2 wool"
    assert alternatives(["build a sawmill (wood)", "build a quarry (wood)"]) == "build a sawmill (wood) or a quarry (wood)"
    assert alternatives(["use the card in cell 2", "use the card in cell 3"]) == "use the card in cell 2 or 3"


@pytest.mark.parametrize("note", ["[y](javascript:alert(1))", "[y][x]\n\n[x]: javascript:alert(1)", "![i](javascript:x)",
                                  "<a href='javascript:alert(1)'>y</a>", "<script>alert(1)</script>"])
def test_catalog_text_can_form_no_link_image_or_markup(note: str) -> None:
    """A note or a name holding Markdown link syntax or HTML is shown as the characters it holds."""
    import markdown

    from outputs.pages.markdown import text

    html = markdown.markdown(text(note))
    assert "<a" not in html and "<img" not in html and "<script" not in html, html


def test_a_walkthrough_is_one_line_away_from_its_full_page_and_a_failure_says_so(
        results: list[Result], writers: dict[str, PageWriter]) -> None:
    """Outside its walkthrough page a scenario is one line: a mark, its title linking to it in full, and
    the first sentence of its narrative; a failed one reads FAILED there and on its page."""
    import dataclasses

    from engine.scenario import Failure
    from outputs.pages.walkthrough import PAGE_BUDGET, one_liner

    w = writers["caylus"]
    towers = next(r for r in results if r.id == "caylus.scenario.edge-towers-batch")
    home = w.walkthrough_plan.home[towers.id]
    assert home.startswith("rules-castle-walkthroughs")
    assert one_liner(w, towers) == (
        f'- ✓ [A batch in the towers scores 3 prestige]({home}.md#{towers.id} "Checked by the engine in this build")'
        "{.kb-walkthrough}: The dungeon and the walls have been scored, so houses now go into the towers.")
    failed = dataclasses.replace(towers, failures=[Failure(0, "planted", "planted")])
    assert one_liner(w, failed).startswith("- ✗ FAILED in this build: [A batch in the towers")
    assert "**✗ FAILED in this build.**" in render(failed, w)
    seen: dict[str, tuple[str, str]] = {}
    one_liner(w, towers, seen, "caylus.phase6.batches")
    assert one_liner(w, towers, seen, "caylus.phase6.batch-points").endswith(", as under [Batches](#caylus.phase6.batches) above")
    # every scenario has one home, and the pages of one rules page share its walkthroughs out within the budget
    for writer in writers.values():
        plan = writer.walkthrough_plan
        assert sorted(plan.home) == sorted(r.id for r in writer.results)
        for page in plan.pages:
            assert sum(len(plan.markdown[r.id]) for r in page.results) <= PAGE_BUDGET + max(len(plan.markdown[r.id]) for r in page.results)
