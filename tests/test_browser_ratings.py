"""Ratings in two browsers (Chromium): Ann in English on a laptop and Bob in French on a phone
take names on their pages, which say they have no rating yet; once a one-deal match between
them is finished, each page shows their new provisional rating and the leaderboard lists both,
reached by keyboard alone. axe finds nothing serious on either page in either language."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from browserkit import (
    PHONE,
    a_server,
    axe_violations,
    chromium,
    new_context,
    page_errors,
    played_by_players,
    watch_errors,
)
from millebornes.web.identity import COOKIE
from millebornes.web.server import BackgroundServer

pytestmark = pytest.mark.browser
SECONDS = 20_000  # what a page waits for, in ms, on a machine busy with other tests


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


def named_player(page: Page, server: BackgroundServer, name: str) -> str:
    """The player of ``page``'s browser, named ``name`` on their page: their cookie's secret."""
    page.goto(f"{server.url}/player")
    expect(page.locator("#player-unnamed")).to_be_visible(timeout=SECONDS)  # the page knows them
    page.locator("#player-name").fill(name)
    page.locator("#player-name-form button[type=submit]").click()
    expect(page.locator("#player-status")).not_to_be_empty(timeout=SECONDS)
    return next(c["value"] for c in page.context.cookies() if c["name"] == COOKIE)


@pytest.mark.slow
def test_a_finished_match_changes_both_players_ratings_and_the_leaderboard(
    browser: Browser, tmp_path: Path
) -> None:
    with a_server(tmp_path / "games.sqlite") as server:
        ann = new_context(browser).new_page()
        bob = new_context(browser, viewport=PHONE, language="fr").new_page()
        for page in (ann, bob):
            watch_errors(page)
        players = {
            name: named_player(page, server, name) for name, page in (("Ann", ann), ("Bob", bob))
        }
        expect(ann.locator("#player-ratings li")).to_have_text(re.compile("^No rating yet"))
        expect(bob.locator("#player-ratings li")).to_have_text(re.compile("^Pas encore de cote"))
        ann.goto(f"{server.url}/leaderboard")
        expect(ann.locator("#boards")).to_have_text("No rated game yet.", timeout=SECONDS)

        played_by_players(server, ["person", "person"], players)
        ann.goto(f"{server.url}/player")
        mine = ann.locator("#player-ratings li")
        expect(mine).to_have_count(1, timeout=SECONDS)
        expect(mine).to_contain_text(re.compile(r", 2 players.*rating -?\d.*1 game · provisional"))
        assert axe_violations(ann) == []
        ann.screenshot(path=str(tmp_path / "ratings-en.png"), full_page=True)
        bob.goto(f"{server.url}/player")
        theirs = bob.locator("#player-ratings li")
        expect(theirs).to_contain_text(re.compile(r", 2 joueurs.*cote -?\d.*1 partie · provisoire"))

        for _ in range(60):  # by keyboard alone, to the leaderboard
            bob.keyboard.press("Tab")
            if bob.evaluate("document.activeElement.getAttribute('href')") == "/leaderboard":
                break
        bob.keyboard.press("Enter")
        expect(bob.locator("#leaderboard-title")).to_have_text("Classement", timeout=SECONDS)
        rows = bob.locator("#boards tbody tr")
        expect(rows).to_have_count(2, timeout=SECONDS)
        assert sorted(bob.locator("#boards tbody th").all_inner_texts()) == ["Ann", "Bob"]
        expect(rows.first).to_contain_text("provisoire")
        assert axe_violations(bob) == []
        bob.screenshot(path=str(tmp_path / "leaderboard-fr.png"), full_page=True)
        ann.goto(f"{server.url}/leaderboard")
        expect(ann.get_by_role("table", name=re.compile(", 2 players$"))).to_be_visible()
        assert axe_violations(ann) == []
        ann.screenshot(path=str(tmp_path / "leaderboard-en.png"), full_page=True)
        assert page_errors(ann) == []
        assert page_errors(bob) == []
