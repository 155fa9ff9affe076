"""The page in a real browser (Debian's Chromium driven by Playwright): two people and a bot play a
deal to its score sheet by clicking what the page shows as legal."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import threading
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect, sync_playwright

from browserkit import deal_is_scored, take_turn, wait_until
from millebornes.store import GameStore
from millebornes.web.server import BackgroundServer
from webclient import FAST, TIMEOUT, Player, create_room, join

pytestmark = pytest.mark.browser
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
# Set to a path (docs/images/web.png) to keep the screenshot of the table for the README.
SCREENSHOT = os.environ.get("MILLEBORNES_WEB_SCREENSHOT")
PHONE: ViewportSize = {"width": 390, "height": 844}


@contextlib.contextmanager
def a_server_and_a_browser(db: Path, **options: Any) -> Iterator[tuple[BackgroundServer, Browser]]:
    """A server whose bots play at once (with ``options`` besides), and Chromium."""
    with (
        BackgroundServer(db, replace(FAST, **options)) as server,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield server, browser
        finally:
            browser.close()


@pytest.mark.slow
def test_two_browsers_and_a_bot_play_a_deal_to_its_score_sheet(tmp_path: Path) -> None:
    db = tmp_path / "server.sqlite"
    screenshot = Path(SCREENSHOT) if SCREENSHOT else tmp_path / "web.png"
    with a_server_and_a_browser(db, deal_pause=0) as (server, browser):
        errors: list[str] = []
        ann = browser.new_context(
            viewport={"width": 1280, "height": 800}, reduced_motion="reduce"
        ).new_page()
        bob = browser.new_context(
            viewport=PHONE, has_touch=True, is_mobile=True, reduced_motion="reduce"
        ).new_page()
        for page in (ann, bob):
            page.on("pageerror", lambda error: errors.append(str(error)))

        # Ann creates a one-deal room for three, the third seat a bot, from the lobby form.
        ann.goto(server.url)
        ann.select_option("#players", "3")
        ann.select_option("select[name=seat1]", "person")
        ann.select_option("select[name=seat2]", "easy")
        ann.check("input[name=length][value=deal]")
        ann.click("#create-form button[type=submit]")
        expect(ann).to_have_url(re.compile(r"/room/[\w-]+$"))
        code = ann.url.rsplit("/", 1)[1]
        ann.fill("#name", "Ann")
        ann.click("#free-seats button[value='0']")
        expect(ann.locator("#waiting-text")).to_contain_text("#2")

        # Bob follows the invitation link on his phone and takes the last free seat.
        bob.goto(f"{server.url}/room/{code}")
        bob.fill("#name", "Bob")
        bob.click("#free-seats button")
        expect(bob.locator(".lane.own")).to_contain_text("Bob")
        expect(ann.locator("#waiting")).to_be_hidden()

        rng = random.Random(7)
        ann_turns = 0
        for step in range(2000):
            if deal_is_scored(ann) and deal_is_scored(bob):
                break
            shoot = not screenshot.exists() and ann_turns >= 12
            if shoot and not ann.locator("#hand .card.legal").count():
                shoot = False
            if take_turn(ann, rng, screenshot if shoot else None):
                ann_turns += 1
            take_turn(bob, rng)
            if step % 10 == 0:
                width = bob.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
                assert width[0] <= width[1], "the phone page never scrolls sideways"
        else:
            raise AssertionError("the deal did not end")

        stored = GameStore(db).load(code)
        sheets = stored.replay().deal.score()
        for page in (ann, bob):
            totals = page.locator("#score-sheet tr.total td").all_inner_texts()
            assert totals == [str(sheet["total"]) for sheet in sheets]
        assert ann_turns > 12
        assert stored.finished
        assert errors == []
        assert screenshot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


SMALL_SCREENS: list[ViewportSize] = [{"width": 390, "height": 844}, {"width": 360, "height": 740}]


def scrolls_sideways(page: Page) -> bool:
    width = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    return bool(width[0] > width[1])


@pytest.mark.slow
def test_a_phone_in_french_waits_for_every_seat_reads_every_name_and_marks_an_attack(
    tmp_path: Path,
) -> None:
    with a_server_and_a_browser(tmp_path / "s.sqlite", deal_pause=0) as (server, browser):
        errors: list[str] = []
        for screen in SMALL_SCREENS:
            context = browser.new_context(
                viewport=screen, has_touch=True, is_mobile=True, reduced_motion="reduce"
            )
            context.add_init_script("localStorage.setItem('millebornes:language', 'fr')")
            ann = context.new_page()
            ann.on("pageerror", lambda error: errors.append(str(error)))
            ann.goto(server.url)
            ann.select_option("#players", "3")
            assert not scrolls_sideways(ann), f"the lobby scrolls sideways at {screen}"
            ann.select_option("select[name=seat1]", "person")
            ann.select_option("select[name=seat2]", "hard")
            ann.click("#create-form button[type=submit]")
            ann.fill("#name", "Joséphine")
            ann.click("#free-seats button[value='0']")

            # Seat 2 is free: the invitation, and no turn to play yet.
            expect(ann.locator("#status")).to_have_text(
                "La partie commence quand toutes les places sont prises."
            )
            expect(ann.locator("#waiting")).to_be_visible()
            assert ann.locator("#hand .card").count() >= 6  # her hand shows, not playable
            assert ann.locator("#hand .card.legal, #hand .card.selectable").count() == 0

            bob = browser.new_page()
            bob.goto(ann.url)
            bob.fill("#name", "Bob")
            bob.click("#free-seats button")
            expect(ann.locator("#waiting")).to_be_hidden()
            assert not scrolls_sideways(ann), f"the table scrolls sideways at {screen}"
            sizes = ann.evaluate(
                "[...document.querySelectorAll('.lane .card .name, #hand .card .name')]"
                ".map(e => parseFloat(getComputedStyle(e).fontSize))"
            )
            assert sizes
            assert min(sizes) >= 11

            if ann.locator("#more").is_visible():  # a phone: the memo is behind "more"
                ann.click("#more")
            ann.click("#memo")
            memo = ann.locator("#memo-card")
            expect(memo).to_be_visible()
            expect(memo).to_contain_text("Roue de secours")  # Crevaison → Roue de secours
            expect(memo).to_contain_text("Increvable")
            ann.click("#close-memo")

            rng = random.Random(3)
            for _ in range(400):
                if ann.locator(".lane.attacked .card.struck").count():
                    break
                if not (take_turn(ann, rng) or take_turn(bob, rng)):
                    ann.wait_for_timeout(50)
            else:
                raise AssertionError("no attack was marked")
            struck = ann.locator(".lane.attacked .card.struck").first
            assert struck.get_attribute("data-card") in {
                "stop",
                "speed-limit",
                "out-of-gas",
                "flat-tire",
                "accident",
            }
            assert not scrolls_sideways(ann)
            bob.close()
            context.close()
        assert errors == []


def play_seat_over_a_socket(server: BackgroundServer, code: str, token: str) -> dict[str, Any]:
    """Play ``token``'s seat at random over a WebSocket of its own until a deal ends (the page
    holding the same seat only watches): the final state it was sent."""

    async def play() -> dict[str, Any]:
        player = await Player.connect(server, code, [token], seed=1)
        await player.play(stop=lambda message: bool(message["room"]["results"]))
        await player.close()
        return player.states()[-1]

    finals: list[dict[str, Any]] = []
    thread = threading.Thread(target=lambda: finals.append(asyncio.run(play())))
    thread.start()
    thread.join()
    return finals[0]


def seated_page(
    browser: Browser, server: BackgroundServer, code: str, token: str, seat: int = 0
) -> Page:
    """A page holding ``seat`` of ``code`` with ``token``, as if it had joined."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    seats = json.dumps({str(seat): token})
    context.add_init_script(f"localStorage.setItem('millebornes:room:{code}', '{seats}')")
    page = context.new_page()
    page.goto(f"{server.url}/room/{code}")
    return page


@pytest.mark.slow
def test_the_score_sheet_shows_over_the_final_table_and_the_bot_waits_for_next_deal(
    tmp_path: Path,
) -> None:
    with a_server_and_a_browser(tmp_path / "s.sqlite", deal_pause=600) as (server, browser):
        code = create_room(server, ["person", "easy"])
        token = join(server, code, "Ann")[1]
        ann = seated_page(browser, server, code, token)
        errors: list[str] = []
        ann.on("pageerror", lambda error: errors.append(str(error)))
        expect(ann.locator(".lane.own")).to_contain_text("Ann")

        final = play_seat_over_a_socket(server, code, token)  # the bot starts deal 2
        expect(ann.locator("#close-scores")).to_have_text("Next deal")
        ann.wait_for_timeout(300)
        km = [side["km"] for side in final["view"]["sides"]]
        assert ann.locator(".lane.own .km b").inner_text() == str(km[0])
        assert ann.locator("#opponents .km b").inner_text() == str(km[1])
        expect(ann.locator("#status")).to_have_text("The deal is over")
        # The table under the sheet is deal 1's, and says so (the room is at deal 2 already).
        expect(ann.locator(".middle .deal-info b")).to_have_text("Deal 1")
        deal_two = "document.querySelectorAll('#log li[data-deal=\"2\"]').length"
        assert ann.evaluate(deal_two) == 0, "the bot waits for Ann"
        ann.screenshot(path=str(tmp_path / "score-sheet.png"))

        ann.click("#close-scores")
        expect(ann.locator("#score-sheet")).to_be_hidden()
        wait_until(ann, f"{deal_two} > 0", TIMEOUT)  # the bot plays the new deal
        expect(ann.locator(".middle .deal-info b")).to_have_text("Deal 2")
        assert errors == []


@pytest.mark.slow
def test_rematch_starts_a_new_match_with_the_same_seats_and_the_rules_are_one_tap_away(
    tmp_path: Path,
) -> None:
    with a_server_and_a_browser(tmp_path / "s.sqlite", deal_pause=0) as (server, browser):
        code = create_room(server, ["easy", "person"], single_deal=True)
        token = join(server, code, "Ann")[1]
        ann = seated_page(browser, server, code, token, seat=1)
        errors: list[str] = []
        ann.on("pageerror", lambda error: errors.append(str(error)))
        expect(ann.locator(".lane.own")).to_contain_text("Ann")
        ann.click("#rules-help")  # the rules of the room, from the table
        rules = ann.locator("#rules-text")
        expect(rules.locator("h2")).to_have_text(
            "Mille Bornes rules: Dujardin (the French classic)"
        )
        assert rules.locator("table").count() >= 2
        assert rules.locator("ol li").count() >= 3
        assert "<" not in rules.inner_text()
        assert "**" not in rules.inner_text()
        ann.screenshot(path=str(tmp_path / "rules.png"))
        ann.click("#close-rules")

        play_seat_over_a_socket(server, code, token)
        expect(ann.locator("#score-sheet .verdict")).to_be_visible()
        expect(ann.locator("#new-game")).to_have_attribute("href", "/")
        ann.screenshot(path=str(tmp_path / "match-over.png"))
        ann.click("#rematch")
        expect(ann).not_to_have_url(re.compile(f"/room/{code}$"))
        new = ann.url.rsplit("/", 1)[1]
        expect(ann.locator(".lane.own")).to_contain_text("Ann")
        expect(ann.locator("#join")).to_be_hidden()
        wait_until(ann, "document.querySelectorAll('#hand .card').length >= 6", TIMEOUT)
        ann.screenshot(path=str(tmp_path / "rematch.png"))
        room = httpx.get(f"{server.url}/api/rooms/{new}").json()
        assert [(s["name"], s["bot"]) for s in room["seats"]] == [("Ada", "easy"), ("Ann", None)]
        assert room["started"]
        assert room["seats"][1]["online"]
        assert room["deal"] == 1
        assert errors == []
