"""Blocking in two browsers (Chromium), in English and in French: Ann blocks Bob from her table's
chat; his line leaves her chat, his next lines and reactions never reach her, there or at a new
table, and his page says nothing of it; her page lists him and unblocks him. axe finds nothing
serious on the chat's list of people nor on her page."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from browserkit import PHONE, a_server, axe_violations, new_context, page_errors, watch_errors
from millebornes.web.server import BackgroundServer
from test_browser_ratings import SECONDS, browser
from webclient import create_room

pytestmark = pytest.mark.browser
__all__ = ["browser"]  # the ratings' Chromium, a fixture
WORDS = {
    "en": {
        "block": "Block Bob",
        "blocked": "Bob (blocked)",
        "unblock": "Unblock Bob",
        "none": "None yet.",
        "well-played": "Well played",
    },
    "fr": {
        "block": "Bloquer Bob",
        "blocked": "Bob (bloqué)",
        "unblock": "Débloquer Bob",
        "none": "Aucune pour l'instant.",
        "well-played": "Bien joué",
    },
}


def sit(page: Page, server: BackgroundServer, code: str, name: str) -> None:
    """``page``'s player takes the first free seat of room ``code`` and opens the chat."""
    page.goto(f"{server.url}/room/{code}")
    page.fill("#name", name)
    page.click("#free-seats button >> nth=0")
    expect(page.locator("#chat-toggle")).to_be_visible(timeout=SECONDS)


def write(page: Page, text: str) -> None:
    if page.locator("#chat").is_hidden():
        page.click("#chat-toggle")
    page.fill("#chat-text", text)
    page.keyboard.press("Enter")
    expect(page.locator("#chat-log li").last).to_contain_text(text, timeout=SECONDS)


def never_reads(page: Page, text: str) -> None:
    """``text`` was written elsewhere a moment ago and never reaches ``page``."""
    page.wait_for_timeout(800)
    assert not any(text in line for line in page.locator("#chat-log li").all_inner_texts())


@pytest.mark.slow
@pytest.mark.parametrize(("first", "second"), [("en", "fr"), ("fr", "en")])
def test_a_blocked_players_chat_never_reaches_the_blocker_here_or_at_a_new_table(
    tmp_path: Path, browser: Browser, first: str, second: str
) -> None:
    words = WORDS[first]
    with a_server(tmp_path / "s.sqlite") as server:
        ann = new_context(browser, language=first).new_page()
        bob = new_context(browser, viewport=PHONE, language=second).new_page()
        for page in (ann, bob):
            watch_errors(page)
        code = create_room(server, ["person", "person"])
        sit(ann, server, code, "Ann")
        sit(bob, server, code, "Bob")
        write(bob, "hello from Bob")
        ann.click("#chat-toggle")
        expect(ann.locator("#chat-log li").last).to_contain_text("hello from Bob", timeout=SECONDS)

        ann.click("#chat-people summary")
        assert axe_violations(ann) == []
        ann.get_by_role("button", name=words["block"], exact=True).click()
        expect(ann.locator("#chat-people-list")).to_contain_text(words["blocked"])
        expect(ann.locator("#chat-log")).not_to_contain_text("hello from Bob")
        write(bob, "still there?")
        bob.get_by_role("button", name=WORDS[second]["well-played"], exact=True).click()
        never_reads(ann, "still there?")
        never_reads(ann, "Bob")
        ann.reload()
        ann.click("#chat-toggle")
        never_reads(ann, "Bob")

        # A new table: Bob's lines never reach Ann there either.
        other = create_room(server, ["person", "person"])
        sit(ann, server, other, "Ann")
        sit(bob, server, other, "Bob")
        write(bob, "new table")
        ann.click("#chat-toggle")
        never_reads(ann, "new table")
        ann.click("#chat-people summary")
        expect(ann.locator("#chat-people-list")).to_contain_text(words["blocked"])
        assert not any(
            word in bob.locator("body").inner_text() for word in ("blocked", "bloqué")
        ), "Bob is not told"

        # Her page lists him, and unblocks him: his next line reaches her.
        ann.goto(f"{server.url}/player")
        unblock = ann.get_by_role("button", name=words["unblock"], exact=True)
        expect(unblock).to_be_visible(timeout=SECONDS)
        assert axe_violations(ann) == []
        unblock.click()
        expect(ann.locator("#player-blocks li")).to_have_text(words["none"])
        expect(ann.locator("#player-status")).to_contain_text("Bob")
        ann.goto(f"{server.url}/room/{other}")
        ann.click("#chat-toggle")
        write(bob, "unblocked")
        expect(ann.locator("#chat-log li").last).to_contain_text("unblocked", timeout=SECONDS)
        for page in (ann, bob):
            assert page_errors(page) == []
