"""Explore from here (issue 32), in a real headless Chromium: on a Caylus and a Viscounts walkthrough the
button opens the panel at the walkthrough's end, two moves are played (a click, then the keyboard), the
page's address records the line and reopens the panel there, back takes the moves back, and the
walkthrough's own refused step, tried in the field, is refused with a link to the rule that forbids it;
at a phone's width nothing leaves the screen. Without an API the button says that exploring needs one.

The site is served as the other browser tests serve it, and the API by a real Datasette (kb serve's
process, on a port of its own): the pages name the API's default address, which the browser is told
to reach at the test's port. Screenshots of the open panel go to build/screenshots/."""

from __future__ import annotations

import re
import socket
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from kb.build import DEFAULT_DATASETTE_URL
from kb.project import Project
from kb.serve import datasette_process
from test_browser import browser, site_url  # noqa: F401  (the fixtures: a server of the built site, Chromium)
from test_explore import refused_steps

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "build" / "screenshots"
GAMES = ("caylus", "viscounts")


@pytest.fixture(scope="module")
def api_url(built: Project) -> Iterator[str]:
    """The built project's Datasette, as kb serve runs it, on a socket of its own (requests wait in its
    queue until the app has loaded)."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    url = f"http://127.0.0.1:{listener.getsockname()[1]}"
    process = datasette_process(built, "127.0.0.1", 0, quiet=True, listener=listener)
    try:
        scenario = refused_steps()["caylus"][0]
        with urllib.request.urlopen(f"{url}/-/explore.json?{urlencode({'scenario': scenario})}", timeout=180) as answer:
            assert answer.status == 200
        yield url
    finally:
        process.terminate()
        process.wait(timeout=30)
        listener.close()


def walkthrough_page(built: Project, scenario: str) -> str:
    """The site path of the walkthrough page that shows the scenario in full."""
    for page in sorted(built.site.glob("*/*-walkthroughs*/index.html")):
        if f'id="{scenario}"' in page.read_text(encoding="utf-8"):
            return "/" + page.parent.relative_to(built.site).as_posix() + "/"
    raise AssertionError(f"no walkthrough page shows {scenario}")


def step_count(built: Project, scenario: str) -> int:
    """The scenario's number of steps, as its walkthrough's heading gives it to the script."""
    page = (built.site / walkthrough_page(built, scenario).strip("/") / "index.html").read_text(encoding="utf-8")
    return int(re.findall(r'data-kb-explore="(\d+)"', page.split(f'id="{scenario}"')[0])[-1])


def context_with_api(browser: Browser, width: int, api_url: str | None) -> BrowserContext:  # noqa: F811
    """A browser whose requests to the pages' API address reach the test's Datasette (None: nothing answers)."""
    context = browser.new_context(viewport={"width": width, "height": 900}, service_workers="block")

    def forward(route: Route) -> None:
        if api_url is None:
            route.abort("connectionrefused")
        else:
            route.fulfill(response=route.fetch(url=route.request.url.replace(DEFAULT_DATASETTE_URL, api_url, 1)))

    context.route(f"{DEFAULT_DATASETTE_URL}/**", forward)
    return context


def shoot(page: Page, name: str) -> None:
    """A picture of the open panel, in build/screenshots/ (looked at by hand)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    shot = SHOTS / f"{name}.png"
    panel = page.locator(".kb-explore").bounding_box()  # the whole page's picture: the sticky header stays at its top
    assert panel is not None
    top = page.evaluate("window.scrollY")
    page.add_style_tag(content=".md-header { visibility: hidden; }")  # for the picture only: it covers the panel
    page.screenshot(path=str(shot), full_page=True, clip={**panel, "y": panel["y"] + top})
    assert shot.stat().st_size > 10_000


def open_panel(page: Page, url: str, scenario: str) -> None:
    page.goto(url)
    assert page.locator("[data-kb-explore-api]").get_attribute("data-kb-explore-api") == DEFAULT_DATASETTE_URL
    button = page.locator(f"[id='{scenario}'] ~ p.kb-explore__bar button").first
    expect(button).to_have_text("Explore from here")
    button.click()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("width", [1280, 390])
def test_explore_two_moves_go_back_and_try_the_refused_step(browser: Browser, site_url: str, api_url: str,  # noqa: F811
                                                             built: Project, game: str, width: int) -> None:
    scenario, refused_step, rule = refused_steps()[game]
    steps = step_count(built, scenario)
    context = context_with_api(browser, width, api_url)
    try:
        page = context.new_page()
        open_panel(page, f"{site_url}{walkthrough_page(built, scenario)}#{scenario}", scenario)
        expect(page.locator(".kb-explore__where")).to_have_text(f"Exploring from step {steps} (the end)")
        assert page.locator(".kb-explore__step").input_value() == str(steps)
        assert page.locator(".kb-explore__sentences").inner_text().strip()
        assert page.locator(".kb-explore__table table").count() >= 1

        first = page.locator(".kb-explore__move").first
        played = [first.get_attribute("data-notation")]
        assert first.inner_text().strip() and played[0]
        first.click()  # a click plays the move
        expect(page.locator(".kb-explore__where")).to_contain_text("then 1 move of yours")
        assert page.locator(".kb-explore__narration").inner_text().startswith("Last move:")
        second = page.locator(".kb-explore__move").first
        played.append(second.get_attribute("data-notation"))
        second.focus()
        page.keyboard.press("Enter")  # and so does the keyboard
        expect(page.locator(".kb-explore__where")).to_contain_text("then 2 moves of yours")
        assert parse_qs(urlsplit(page.url).query)["explore"] == [";".join([scenario, str(steps), *played])]
        assert urlsplit(page.url).fragment == scenario
        shoot(page, f"explore-{game}-{width}")
        if width < 500:  # a phone: the panel fits, its tables scroll inside it, the page does not scroll sideways
            box = page.locator(".kb-explore").bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, box
            assert page.evaluate("document.documentElement.scrollWidth") <= width

        page.locator(".kb-explore__back").click()
        expect(page.locator(".kb-explore__where")).to_contain_text("then 1 move of yours")
        assert page.locator(".kb-explore__forward").is_enabled()
        page.goto(page.url)  # the address is the line: a shared link reopens the panel there
        expect(page.locator(".kb-explore__where")).to_contain_text("then 1 move of yours")
        page.locator(".kb-explore__back").click()
        expect(page.locator(".kb-explore__where")).to_have_text(f"Exploring from step {steps} (the end)")

        page.locator(".kb-explore__input").fill(refused_step)
        page.keyboard.press("Enter")
        refusal = page.locator(".kb-explore__refused")
        expect(refusal).to_contain_text("Refused:")
        link = refusal.locator("a")
        href = link.get_attribute("href")
        assert href is not None and href.endswith(f"#{rule}"), href
        target = built.site / urlsplit(href).path.strip("/") / "index.html"
        assert f'id="{rule}"' in target.read_text(encoding="utf-8")
        assert page.locator(".kb-explore__where").inner_text() == f"Exploring from step {steps} (the end)"  # nothing played
        shoot(page, f"explore-{game}-{width}-refused")
        link.click()
        page.wait_for_url(f"**#{rule}")
        assert page.locator(f"[id='{rule}']").is_visible()
    finally:
        context.close()


def test_the_step_picker_explores_from_the_start(browser: Browser, site_url: str, api_url: str, built: Project) -> None:  # noqa: F811
    scenario = refused_steps()["caylus"][0]
    context = context_with_api(browser, 1280, api_url)
    try:
        page = context.new_page()
        open_panel(page, f"{site_url}{walkthrough_page(built, scenario)}#{scenario}", scenario)
        expect(page.locator(".kb-explore__where")).to_contain_text("(the end)")
        end = page.locator(".kb-explore__sentences").inner_text()
        page.locator(".kb-explore__step").select_option("0")
        expect(page.locator(".kb-explore__where")).to_have_text("Exploring from the start")
        assert page.locator(".kb-explore__sentences").inner_text() != end
        assert f"explore={scenario};0" in page.url
        page.locator(".kb-explore__input").fill("red")  # notation the engine cannot read: refused by its rule of notation
        page.keyboard.press("Enter")
        expect(page.locator(".kb-explore__refused")).to_contain_text("<player> <verb>")
        page.locator(".kb-explore__input").fill("x" * 121)  # a bad request: the API's message, as text
        page.keyboard.press("Enter")
        expect(page.locator(".kb-explore__refused")).to_contain_text("Not played: moves: move 1 is 121 characters long")
        assert page.locator(".kb-explore__where").inner_text() == "Exploring from the start"
        page.locator(".kb-explore__close").click()
        expect(page.locator(".kb-explore")).to_have_count(0)
        assert "explore=" not in page.url
        button = page.locator(f"[id='{scenario}'] ~ p.kb-explore__bar button").first
        assert button.evaluate("b => b === document.activeElement")  # focus returns to the button
        page.keyboard.press("Enter")  # the keyboard opens it, Escape closes it
        expect(page.locator(".kb-explore__where")).to_contain_text("(the end)")
        page.locator(".kb-explore__move").first.focus()
        page.keyboard.press("Escape")
        expect(page.locator(".kb-explore")).to_have_count(0)
    finally:
        context.close()


def test_without_the_api_the_button_says_exploring_needs_it(browser: Browser, site_url: str, built: Project) -> None:  # noqa: F811
    scenario = refused_steps()["viscounts"][0]
    context = context_with_api(browser, 390, None)
    try:
        page = context.new_page()
        open_panel(page, f"{site_url}{walkthrough_page(built, scenario)}#{scenario}", scenario)
        button = page.locator(f"[id='{scenario}'] ~ p.kb-explore__bar button").first
        expect(button).to_have_text("Exploring needs the API")
        assert button.is_disabled()
        note = page.locator(".kb-explore__note")
        expect(note).to_contain_text("kb serve")
        assert DEFAULT_DATASETTE_URL in note.inner_text() and page.locator(".kb-explore").count() == 0
        every = page.locator("button.kb-explore__open")
        assert every.count() > 1 and every.evaluate_all("bs => bs.every(b => b.disabled && b.textContent === 'Exploring needs the API')")
    finally:
        context.close()


def test_a_shared_line_the_engine_refuses_opens_at_its_step_and_says_so(browser: Browser, site_url: str, api_url: str,  # noqa: F811
                                                                        built: Project) -> None:
    scenario, refused_step, rule = refused_steps()["caylus"]
    context = context_with_api(browser, 1280, api_url)
    try:
        page = context.new_page()
        steps = step_count(built, scenario)
        query = urlencode({"explore": f"{scenario};{steps};{refused_step}"}).replace("%3B", ";")
        page.goto(f"{site_url}{walkthrough_page(built, scenario)}?{query}#{scenario}")
        expect(page.locator(".kb-explore__where")).to_have_text(f"Exploring from step {steps} (the end)")
        note = page.locator(".kb-explore__refused")
        expect(note).to_contain_text("could not be replayed")
        assert note.locator("a").get_attribute("href").endswith(f"#{rule}")  # type: ignore[union-attr]
    finally:
        context.close()
