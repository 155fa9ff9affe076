"""A social table in Chromium: two people who never met find each other's table from the home
page, chat, react (each reading the reactions in their own language), mute; a spectator finds
the table being played and watches; nothing written is ever shown as markup, and the chat never
takes the focus from the hand. axe finds nothing serious on the home page with its list of
tables nor on a room with the chat open."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from browserkit import (
    SLOW_BOTS,
    a_server,
    announced,
    axe_violations,
    chromium,
    deal_is_scored,
    late_deal,
    new_context,
    page_errors,
    seated,
    set_room,
    take_turn,
    wait_until,
    watch_errors,
)
from millebornes.web.server import BackgroundServer

pytestmark = pytest.mark.browser

WORDS = {
    "en": {
        "join": "Join",
        "watch": "Watch",
        "well-played": "Well played",
        "mute": "Mute {}",
        "watching": "1 person watching",
    },
    "fr": {
        "join": "Rejoindre",
        "watch": "Regarder",
        "well-played": "Bien joué",
        "mute": "Masquer {}",
        "watching": "1 spectateur",
    },
}
MARKUP = '<img src=x onerror="document.title=1"> <b>hi</b>'
SAID_MARKUP = (
    "[...document.querySelectorAll('#announce p')].some((p) => p.textContent.includes('<b>hi</b>'))"
)
LIST_SECONDS = 12_000  # the page asks for the list every 5 s, the server reads it once a second


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


def home(browser: Browser, server: BackgroundServer, language: str) -> Page:
    page = new_context(browser, language=language).new_page()
    watch_errors(page)
    page.goto(server.url)
    return page


def chat_lines(page: Page) -> list[str]:
    return page.locator("#chat-log li").all_inner_texts()


@pytest.mark.slow
@pytest.mark.parametrize(("first", "second"), [("en", "fr"), ("fr", "en")])
def test_two_strangers_find_a_table_chat_react_and_mute_and_a_spectator_watches(
    tmp_path: Path, browser: Browser, first: str, second: str
) -> None:
    with a_server(tmp_path / "s.sqlite", bot_delay=SLOW_BOTS) as server:
        # Ann lists a table for two from the home page and takes a seat.
        ann = home(browser, server, first)
        ann.select_option("#seat-kinds select[name=seat1]", "person")
        ann.check("#listed")
        ann.click("#create-form button[type=submit]")
        ann.fill("#name", "Ann")
        ann.click("#free-seats button >> nth=0")
        expect(ann.locator("#waiting")).to_be_visible()

        # Bob, who has never seen its link, finds it on the home page and joins in one click.
        bob = home(browser, server, second)
        table = bob.locator("#tables-list li")
        expect(table).to_have_count(1, timeout=LIST_SECONDS)
        expect(table).not_to_contain_text("Ann")  # no name unless the creator shows them
        bob.fill("#lobby-name", "Bob")
        table.get_by_role("button", name=WORDS[second]["join"]).click()
        expect(bob.locator("#hand .card").first).to_be_visible()
        expect(ann.locator("#hand .card").first).to_be_visible()

        # Zoe finds it being played and watches.
        zoe = home(browser, server, first)
        playing = zoe.locator("#playing-list li")
        expect(playing).to_have_count(1, timeout=LIST_SECONDS)
        playing.get_by_role("link", name=WORDS[first]["watch"]).click()
        expect(zoe.locator("#status")).to_be_visible()
        expect(ann.locator("#watching")).to_have_text(WORDS[first]["watching"])  # in the side panel
        expect(bob.locator("#watching")).to_have_text(WORDS[second]["watching"])

        # Ann writes markup: everyone reads it as text, said in the live region; the focus of
        # a player on their hand stays there.
        bob.locator("#hand .card[tabindex='0']").focus()
        ann.keyboard.press("c")
        expect(ann.locator("#chat-text")).to_be_focused()
        ann.fill("#chat-text", MARKUP)
        ann.keyboard.press("Enter")
        for reader in (ann, bob, zoe):
            expect(reader.locator("#chat-log li").last).to_have_text(f"Ann {MARKUP}")
            assert reader.locator("#chat-log img, #chat-log b b").count() == 0
        wait_until(bob, SAID_MARKUP)
        assert bob.evaluate("document.activeElement.closest('#hand') !== null")
        assert any("Ann" in line and "<b>hi</b>" in line for line in announced(bob))
        ann.keyboard.press("Escape")
        expect(ann.locator("#hand .card[tabindex='0']")).to_be_focused()

        # Bob reacts: each reads it in their own language.
        bob.click("#chat-toggle")
        well_played = bob.get_by_role("button", name=WORDS[second]["well-played"], exact=True)
        well_played.click()
        expect(bob.locator("#chat-log li").last).to_have_text(f"Bob {WORDS[second]['well-played']}")
        expect(ann.locator("#chat-log li").last).to_have_text(f"Bob {WORDS[first]['well-played']}")
        expect(zoe.locator("#chat-log li").last).to_have_text(f"Bob {WORDS[first]['well-played']}")
        expect(well_played).to_be_focused()  # drawn again, the button keeps the focus

        # Ann mutes Bob for herself (her chat is still open): Zoe still reads him.
        ann.click("#chat-people summary")
        mute = ann.get_by_role("button", name=WORDS[first]["mute"].format("Bob"))
        mute.click()
        expect(mute).to_have_attribute("aria-pressed", "true")
        expect(mute).to_be_focused()
        bob.fill("#chat-text", "still there?")
        bob.keyboard.press("Enter")
        expect(zoe.locator("#chat-log li").last).to_contain_text("still there?")
        ann.wait_for_timeout(500)
        assert not any("still there?" in line for line in chat_lines(ann))

        # A reload shows the recent messages again.
        ann.reload()
        expect(ann.locator("#hand .card").first).to_be_visible()
        ann.click("#chat-toggle")
        expect(ann.locator("#chat-log li").first).to_have_text(f"Ann {MARKUP}")
        for page in (ann, bob, zoe):
            assert page_errors(page) == []
            assert page.evaluate("document.title") != "1"


@pytest.mark.slow
def test_two_strangers_find_a_one_deal_table_and_play_it_to_its_score_sheet_chatting(
    tmp_path: Path, browser: Browser
) -> None:
    """The issue's acceptance whole: Ann (French) lists a one-deal table; Bob (English), who was
    never sent its link, finds it on the home page, joins in one click, and they play the deal
    to its score sheet, a reaction said halfway, each reading it in their own language."""
    with a_server(tmp_path / "s.sqlite", deal_pause=0) as server:
        ann = home(browser, server, "fr")
        ann.select_option("#seat-kinds select[name=seat1]", "person")
        ann.check("input[name=length][value=deal]")
        ann.check("#listed")
        ann.click("#create-form button[type=submit]")
        ann.fill("#name", "Ann")
        ann.click("#free-seats button >> nth=0")
        bob = home(browser, server, "en")
        table = bob.locator("#tables-list li")
        expect(table).to_have_count(1, timeout=LIST_SECONDS)
        bob.fill("#lobby-name", "Bob")
        table.get_by_role("button", name=WORDS["en"]["join"]).click()
        expect(bob.locator("#hand .card").first).to_be_visible()

        rng = random.Random(11)
        reacted = False
        for step in range(2000):
            if deal_is_scored(ann) and deal_is_scored(bob):
                break
            take_turn(ann, rng)
            take_turn(bob, rng)
            if step == 10 and not reacted:
                bob.click("#chat-toggle")
                bob.get_by_role("button", name=WORDS["en"]["well-played"], exact=True).click()
                bob.keyboard.press("Escape")
                expect(ann.locator("#chat-log li").last).to_have_text(
                    f"Bob {WORDS['fr']['well-played']}"
                )
                reacted = True
        else:
            raise AssertionError("the deal did not end")
        assert reacted
        for page in (ann, bob):
            expect(page.locator("#score-sheet .verdict")).to_be_visible()
            assert page_errors(page) == []


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "fr"])
def test_axe_finds_nothing_serious_on_the_list_of_tables_and_a_room_with_the_chat_open(
    tmp_path: Path, browser: Browser, language: str
) -> None:
    with a_server(tmp_path / "s.sqlite", bot_delay=SLOW_BOTS) as server:
        body = {"seats": ["person", "person", "easy"], "listed": True, "show_names": True}
        httpx.post(f"{server.url}/api/rooms", json=body).raise_for_status()
        seed, actions = late_deal("dujardin", 2)
        room = set_room(server.db, "dujardin", ["Ann", "Bob"], seed=seed, actions=actions)  # type: ignore[attr-defined]
        page = home(browser, server, language)
        expect(page.locator("#tables-list li")).to_have_count(1)
        assert axe_violations(page) == []
        page.context.close()
        ann = seated(browser, server.url, room, 0, language=language)
        bob = seated(browser, server.url, room, 1, language=language)
        expect(ann.locator("#hand .card")).to_have_count(7)
        expect(bob.locator("#hand .card")).to_have_count(6)
        bob.keyboard.press("c")
        bob.fill("#chat-text", "bonjour")
        bob.keyboard.press("Enter")
        ann.click("#chat-toggle")
        expect(ann.locator("#chat-log li")).to_have_text(["Bob bonjour"])
        ann.click("#chat-people summary")
        assert axe_violations(ann) == []
        assert page_errors(ann) == []


def test_a_reaction_has_its_moment_on_the_table_unless_motion_is_reduced(
    tmp_path: Path, browser: Browser
) -> None:
    with a_server(tmp_path / "s.sqlite", bot_delay=SLOW_BOTS) as server:
        room = set_room(server.db, "dujardin", ["Ann", "Bob"])  # type: ignore[attr-defined]
        moving = seated(browser, server.url, room, 0, motion="no-preference")
        still = seated(browser, server.url, room, 1, motion="reduce")
        for page in (moving, still):
            expect(page.locator("#hand .card").first).to_be_visible()
        still.click("#chat-toggle")
        still.get_by_role("button", name="Oops", exact=True).click()
        bubble = moving.locator(".reaction-bubble")
        expect(bubble).to_have_text("Bob: Oops")
        person = moving.locator('.lane .person[data-seat="1"]').bounding_box()
        left = bubble.evaluate("(bubble) => parseFloat(bubble.style.left)")
        assert person is not None
        assert abs(left - person["x"]) < 1, "by the name of the seat that reacted"
        expect(bubble).to_have_count(0, timeout=4000)  # a moment, then gone
        expect(still.locator("#chat-log li").last).to_have_text("Bob Oops")
        assert still.locator(".reaction-bubble").count() == 0
        assert "Bob: Oops" in announced(moving)
