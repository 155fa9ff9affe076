"""Quick game in Chromium: two strangers, one in French and one in English, choose the same
table from the home page's quick-game form (one of them pressing it from the keyboard), meet at
one table and play its deal to the score sheet; a player alone, pressing twice, takes one seat,
sees when bots take the free seats, and they do."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from browserkit import a_server, chromium, deal_is_scored, page_errors, take_turn
from clock import ManualClock
from millebornes.web.server import BackgroundServer
from test_browser_social import home
from test_web_social import tables
from webclient import FAST

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


def choose(page: Page, name: str, rules: str, players: str, length: str) -> None:
    page.fill("#lobby-name", name)
    page.select_option("#quick-rules", rules)
    page.select_option("#quick-players", players)
    page.select_option("#quick-length", length)


def room_code(page: Page) -> str:
    expect(page.locator("#room")).to_be_visible()
    return page.url.rsplit("/", 1)[1]


@pytest.mark.slow
def test_two_strangers_press_quick_game_meet_at_one_table_and_play_its_deal(
    tmp_path: Path, browser: Browser
) -> None:
    with a_server(tmp_path / "s.sqlite", deal_pause=0) as server:
        ann = home(browser, server, "fr")
        choose(ann, "Ann", "parker", "2", "deal")
        expect(ann.locator("#quick-game")).to_have_text("Partie rapide")
        ann.click("#quick-game")
        code = room_code(ann)
        bob = home(browser, server, "en")
        choose(bob, "Bob", "parker", "2", "deal")
        bob.focus("#quick-game")
        bob.keyboard.press("Enter")
        assert room_code(bob) == code, "the second stranger sits at the first one's table"
        for page in (ann, bob):
            expect(page.locator("#hand .card").first).to_be_visible()
        rng = random.Random(5)
        for _ in range(2000):
            if deal_is_scored(ann) and deal_is_scored(bob):
                break
            take_turn(ann, rng)
            take_turn(bob, rng)
        else:
            raise AssertionError("the deal did not end")
        for page in (ann, bob):
            expect(page.locator("#score-sheet .verdict")).to_be_visible()
            assert page_errors(page) == []


def test_a_player_alone_is_told_when_bots_come_and_they_take_the_free_seats(
    tmp_path: Path, browser: Browser, clock: ManualClock
) -> None:
    with BackgroundServer(tmp_path / "s.sqlite", FAST, clock=clock) as server:
        ann = home(browser, server, "en")
        choose(ann, "Ann", "dujardin", "3", "match")
        ann.select_option("#quick-wait", "30")
        ann.select_option("#quick-bots", "easy")
        ann.dblclick("#quick-game")  # a second press while the first is under way: no second seat
        code = room_code(ann)
        expect(ann.locator("#waiting-text")).to_contain_text("Bots take the free seats at")
        clock.advance(FAST.listing_seconds)
        (table,) = tables(server)
        assert (table["code"], table["free"]) == (code, 2)
        clock.advance(30)
        ann.reload()  # a message: the room looks at its clock
        expect(ann.locator("#hand .card").first).to_be_visible()
        expect(ann.locator("#waiting")).to_be_hidden()
        names = ann.locator(".lane .person").all_inner_texts()
        assert sum("Alan" in name or "Grace" in name for name in names) == 2, names
        assert page_errors(ann) == []
