"""Everyone can play: axe-core finds no serious or critical violation on the pages, hand cards are
buttons that say whether they can be played, keys move, play and discard, every move is said in
a live region, and a whole deal is played with the keyboard alone, reading only the live region
and the names of the focused elements."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from browserkit import (
    RECORD_ANNOUNCEMENTS,
    SLOW_BOTS,
    a_server,
    axe_violations,
    chromium,
    late_deal,
    new_context,
    page_errors,
    seated,
    set_room,
    wait_until,
    watch_errors,
)
from millebornes import Deal
from millebornes.web.server import BackgroundServer

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


@pytest.fixture(scope="module")
def slow_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BackgroundServer]:
    """Bots that wait: a position set up stays as it is while the test looks at it."""
    with a_server(tmp_path_factory.mktemp("a11y") / "s.sqlite", bot_delay=SLOW_BOTS) as server:
        yield server


def focused(page: Page) -> str:
    """The focused element as a screen reader knows it: its role, name and states ("" when
    nothing has the focus)."""
    if page.evaluate("!document.activeElement || document.activeElement === document.body"):
        return ""
    try:
        return page.locator("*:focus").aria_snapshot(timeout=5000)
    except PlaywrightTimeout:  # the focus moved on meanwhile (a hand drawn again)
        return ""


def said(page: Page) -> list[str]:
    return list(page.evaluate("window.said"))


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "fr"])
def test_axe_finds_nothing_serious_on_the_home_page_a_room_mid_deal_and_a_question(
    slow_server: BackgroundServer, browser: Browser, language: str
) -> None:
    home = new_context(browser, language=language).new_page()
    home.goto(slow_server.url)
    expect(home.locator("#create-form select[name=seat1]")).to_be_visible()
    assert axe_violations(home) == []
    home.context.close()
    for rules, players in (("dujardin", 2), ("winning-moves", 4), ("dujardin", 4)):
        seed, actions = late_deal(rules, players)
        names: list[str | None] = ["Ann", *[None] * (players - 1)]
        room = set_room(slow_server.db, rules, names, seed=seed, actions=actions)  # type: ignore[attr-defined]
        page = seated(browser, slow_server.url, room, 0, language=language)
        expect(page.locator("#hand .card")).to_have_count(7)
        assert axe_violations(page) == [], (rules, players)
        page.keyboard.press("?")  # the keys, in a dialog
        expect(page.locator("dialog[open] .keys")).to_be_visible()
        assert axe_violations(page) == []
        page.keyboard.press("Escape")
        page.click("#memo")
        assert axe_violations(page) == []
        assert page_errors(page) == []
        page.context.close()


def test_hand_cards_are_buttons_that_say_whether_they_can_be_played_and_keys_move_between_them(
    slow_server: BackgroundServer, browser: Browser
) -> None:
    seed, actions = late_deal("dujardin", 2)
    room = set_room(slow_server.db, "dujardin", ["Ann", None], seed=seed, actions=actions)  # type: ignore[attr-defined]
    page = seated(browser, slow_server.url, room, 0)
    # Her turn: the focus is already on her hand (no Tab needed), on the first card.
    expect(page.locator("#hand .card").first).to_be_focused()
    hand = page.locator("#hand").aria_snapshot()
    assert hand.startswith('- group "Your hand"')
    names = re.findall(r'button "([^"]+)"', hand)
    assert len(names) == 7
    assert all(re.search(r", can(not)? be played$", n) for n in names)
    legal = page.locator("#hand .card.legal").count()
    assert sum(n.endswith(", can be played") for n in names) == legal
    # Only one card is a Tab stop; the arrows move between them, around the ends.
    assert page.locator("#hand [tabindex='0']").count() == 1
    page.keyboard.press("ArrowRight")
    expect(page.locator("#hand .card").nth(1)).to_be_focused()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#hand .card").nth(6)).to_be_focused()
    # A number picks a card: selected, and said so.
    page.keyboard.press("3")
    third = page.locator("#hand .card").nth(2)
    expect(third).to_be_focused()
    expect(third).to_have_attribute("aria-pressed", "true")
    assert "[pressed]" in focused(page)
    page.keyboard.press("Escape")
    expect(third).to_have_attribute("aria-pressed", "false")
    # T reads the table aloud: each side's distance, piles and safeties.
    page.keyboard.press("t")
    reading = page.locator("#announce p").last.inner_text()
    assert reading.startswith("Ann (you): ")
    assert "Bot1: " in reading
    assert "battle pile" in reading
    page.keyboard.press("h")
    assert page.locator("#announce p").last.inner_text().startswith("Your hand: ")
    assert page_errors(page) == []
    page.context.close()

    # While a bot plays, nothing is focused: one Tab reaches the skip link, Enter the hand.
    deal = Deal.new("dujardin", 2, seed)
    for action in actions:
        deal.apply(action)
    waiting = [*actions, str(deal.legal_actions()[0])]
    room = set_room(slow_server.db, "dujardin", ["Ann", None], seed=seed, actions=waiting)  # type: ignore[attr-defined]
    page = seated(browser, slow_server.url, room, 0)
    expect(page.locator("#hand .card")).to_have_count(6)  # she has played: the bot's turn
    page.keyboard.press("Tab")
    assert focused(page).startswith('- link "Go to your hand"')
    page.keyboard.press("Enter")
    expect(page.locator("#hand .card").first).to_be_focused()
    assert focused(page).startswith('- button "')
    assert "be played" not in focused(page)
    page.context.close()


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_whole_deal_is_played_with_the_keyboard_alone(
    tmp_path: Path, browser: Browser, language: str
) -> None:
    """The player hears the table and knows the focused element's name; nothing else."""
    words = {
        "en": ("can be played", "cannot be played", "Coup-fourré!", "Discard it", "Keep it"),
        "fr": ("jouable", "pas jouable", "Coup fourré !", "La défausser", "La garder"),
    }[language]
    playable, unplayable, call, discard_it, keep_it = words
    over = {"en": "Deal 1 is over", "fr": "La manche 1 est finie"}[language]
    with a_server(tmp_path / "s.sqlite", bot_delay=0.05, deal_pause=0) as server:
        room = set_room(server.db, "dujardin", ["Ann", None], seed=5)  # type: ignore[attr-defined]
        context = new_context(browser, language=language)
        context.add_init_script(RECORD_ANNOUNCEMENTS)
        seats = f'{{"0": "{room.tokens[0]}"}}'
        context.add_init_script(f"localStorage.setItem('millebornes:room:{room.code}', '{seats}')")
        page = context.new_page()
        watch_errors(page)
        page.goto(f"{server.url}/room/{room.code}")
        # Her turn comes first: once the table is there, the page puts the focus on her hand.
        wait_until(page, "document.activeElement.tagName === 'BUTTON'")
        lost: list[list[str]] = []  # when the focus had to be brought back to the hand
        for _ in range(5000):
            if any(line.startswith(over) for line in said(page)):
                break
            name = focused(page)
            if f'button "{call}"' in name or f'button "{discard_it}"' in name:
                page.keyboard.press("Enter")  # call a coup-fourré; discard a safety once asked
            elif f'button "{keep_it}"' in name:
                page.keyboard.press("Shift+Tab")  # to "Discard it"
            elif f", {playable}" in name:
                page.keyboard.press("Enter")
            elif f", {unplayable}" in name:
                for _ in range(6):  # look for a card that can be played
                    page.keyboard.press("ArrowRight")
                    if f", {unplayable}" not in focused(page):
                        break
                else:
                    page.keyboard.press("d")  # none: discard this one
            elif not name.startswith("- button"):
                page.wait_for_timeout(150)  # a dialog that is opening, a hand being drawn
                if not focused(page).startswith("- button"):
                    lost.append([focused(page), *said(page)[-3:]])
                    page.keyboard.press("1")  # to the hand
            page.wait_for_timeout(20)
        else:
            raise AssertionError("the deal did not end")
        # The focus was on the hand from the start and came back to it after every move.
        assert lost == []
        lines = said(page)
        mine = [line for line in lines if line.startswith(("You ", "Vous "))]
        assert len(mine) >= 10
        # Every move of every seat was said, in the page's language.
        log = page.locator("#log li:not(.deal-mark)").all_inner_texts()
        assert set(log) <= set(lines)
        assert any(line.startswith("Bot1 ") for line in lines)
        # The deal's end came assertively, with the sides' points.
        ends = page.locator("#announce-now p").all_inner_texts()
        assert any(line.startswith(over) and "Ann" in line for line in ends)
        assert page_errors(page) == []
        context.close()
