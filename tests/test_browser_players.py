"""A player in two browsers (Chromium): on the first, in English, they take a seat from the home
page and finish a game; on the second, in French on a phone, they type the one-time code the
first made and find their history (the game in progress, whose turn, the finished one with its
result and review), reopen the table by keyboard alone and hold their seat there, and find it
on the home page too. axe finds nothing serious on the player's page in either language."""

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

pytestmark = pytest.mark.browser
SECONDS = 20_000  # what a page waits for, in ms, on a machine busy with other tests


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


def no_serious_violations(page: Page) -> None:
    assert axe_violations(page) == []


@pytest.mark.slow
def test_a_player_signs_in_on_a_second_browser_with_a_code_and_finds_their_games(
    browser: Browser, tmp_path: Path
) -> None:
    with a_server(tmp_path / "games.sqlite") as server:
        laptop = new_context(browser).new_page()
        watch_errors(laptop)
        laptop.goto(f"{server.url}/")
        laptop.locator("#create-form button[type=submit]").click()
        laptop.locator("#name").fill("Ann")
        laptop.locator("#free-seats button").first.click()
        expect(laptop.locator("#hand .card").first).to_be_visible(timeout=SECONDS)
        playing = laptop.url.rsplit("/", 1)[1]
        secret = next(c["value"] for c in laptop.context.cookies() if c["name"] == COOKIE)
        finished = played_by_players(server, ["person", "easy"], {"Ann": secret})

        laptop.goto(f"{server.url}/player")
        expect(laptop.locator("#player-playing li")).to_have_count(1, timeout=SECONDS)
        laptop.locator("#make-code").click()
        said = laptop.locator("#player-code")
        expect(said).to_contain_text("works once", timeout=SECONDS)
        code = re.search(r"\b([A-Z2-9]{8})\b", said.inner_text())
        assert code is not None
        no_serious_violations(laptop)
        laptop.screenshot(path=str(tmp_path / "player-en.png"), full_page=True)

        phone = new_context(browser, viewport=PHONE, language="fr").new_page()
        watch_errors(phone)
        phone.goto(f"{server.url}/player")
        expect(phone.locator("#player-title")).to_have_text("Votre joueur", timeout=SECONDS)
        expect(phone.locator("#player-playing li")).to_have_text("Aucune pour l'instant.")
        phone.locator("#claim-code").focus()
        phone.keyboard.type(code.group(1).lower())
        phone.keyboard.press("Enter")
        expect(phone.locator("#player-status")).to_have_text(
            "Cet appareil est le vôtre désormais : vos parties sont ci-dessous."
        )
        games = phone.locator("#player-playing li")
        expect(games).to_have_count(1, timeout=SECONDS)
        expect(games).to_contain_text(re.compile("à vous de jouer|au tour de"))
        done = phone.locator("#player-finished li")
        expect(done).to_contain_text(re.compile("gagnée|perdue|égalité"))
        expect(done.get_by_role("link", name="Analyse de la dernière manche")).to_have_attribute(
            "href", re.compile(r"^/review/\w+$")
        )
        expect(done.get_by_role("link", name="Revoir la dernière manche")).to_have_attribute(
            "href", re.compile(r"^/replay/\w+$")
        )
        expect(done.get_by_role("link", name="Ouvrir la table")).to_have_attribute(
            "href", f"/room/{finished}"
        )
        no_serious_violations(phone)
        phone.screenshot(path=str(tmp_path / "player-fr.png"), full_page=True)

        for _ in range(60):  # by keyboard alone, to the table in progress
            phone.keyboard.press("Tab")
            if phone.evaluate("document.activeElement.getAttribute('href')") == f"/room/{playing}":
                break
        phone.keyboard.press("Enter")
        expect(phone.locator("#hand .card").first).to_be_visible(timeout=SECONDS)
        expect(phone.locator("#join")).to_be_hidden()
        phone.screenshot(path=str(tmp_path / "room-fr.png"))
        phone.goto(f"{server.url}/")  # the home page's games are the player's, from the server
        held = phone.locator("#held-list li")
        expect(held).to_have_count(1, timeout=SECONDS)
        expect(held).to_contain_text(re.compile("à vous de jouer|au tour de"))
        expect(held.get_by_role("link")).to_have_attribute("href", f"/room/{playing}")
        phone.screenshot(path=str(tmp_path / "home-fr.png"))
        assert page_errors(laptop) == []
        assert page_errors(phone) == []
