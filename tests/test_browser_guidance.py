"""Guidance at the table in the browser (issue #48): "you must discard" when nothing can be
played, the card just drawn marked and said, the hand's order kept, one of identical cards
selected alone, why a card cannot be played, and a coup-fourré's clock in words with its
timeout told as one. One compact test over two rooms of one server."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from browserkit import (
    RECORD_ANNOUNCEMENTS,
    a_server,
    chromium,
    page_errors,
    seated,
    set_room,
    wait_until,
    watch_errors,
)
from millebornes import Deal
from webclient import a_deal_that_asks

pytestmark = pytest.mark.browser
COUP_FOURRE_SECONDS = 4  # said when the question opens, and again 2 s before its end
SHOTS = Path(__file__).parent.parent / "build" / "screenshots" / "guidance"


def a_turn_with_nothing_to_play() -> tuple[int, list[str]]:
    """A seed and actions after which seat 0, on its turn, can only discard, has drawn a card
    since the deal and holds two identical cards."""
    for seed in range(300):
        deal = Deal.new("dujardin", 2, seed)
        rng = random.Random(seed)
        actions: list[str] = []
        while not deal.is_over and len(actions) < 60:
            view = deal.view(deal.to_act) if deal.to_act is not None else None
            turn = view is not None and view.seat == 0 and len(actions) >= 4
            if turn and view.must_discard and max(Counter(view.hand).values()) > 1:  # type: ignore[union-attr]
                return seed, actions
            action = str(rng.choice(deal.legal_actions()))
            deal.apply(action)
            actions.append(action)
    raise AssertionError("no such turn")


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


def hand_cards(page: Page) -> list[str]:
    cards = page.locator("#hand .card[data-card]")
    return [cards.nth(n).get_attribute("data-card") or "" for n in range(cards.count())]


def test_the_table_guides_a_newcomer(browser: Browser, tmp_path: Path) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    db = tmp_path / "s.sqlite"
    with a_server(db, coup_fourre_seconds=COUP_FOURRE_SECONDS, settle_seconds=0) as server:
        seed, actions = a_turn_with_nothing_to_play()
        room = set_room(db, "dujardin", ["Ann", "Bob"], seed=seed, actions=actions)
        for language, size, status in (
            ("fr", {"width": 360, "height": 740}, "Vous devez défausser"),
            ("en", {"width": 1366, "height": 657}, "You must discard"),
        ):
            page = seated(browser, server.url, room, 0, viewport=size, language=language)  # type: ignore[arg-type]
            page.wait_for_selector("#hand .card[data-card]")
            assert page.text_content("#status").startswith(status)  # type: ignore[union-attr]
            fresh = page.locator("#hand .card.fresh")
            assert fresh.count() == 1  # the card drawn this turn, and only it
            badge = "nouvelle" if language == "fr" else "new"
            assert fresh.locator(".badge").inner_text().lower() == badge
            assert fresh.locator(".badge").get_attribute("aria-hidden") == "true"
            said = "tout juste piochée" if language == "fr" else "just drawn"
            assert said in fresh.locator(".sr-only").inner_text()
            page.screenshot(
                path=str(SHOTS / f"hand-{size['width']}x{size['height']}-{language}.png")
            )
            page.context.close()

        page = seated(browser, server.url, room, 0, viewport={"width": 1366, "height": 657})
        page.wait_for_selector("#hand .card[data-card]")
        order = hand_cards(page)
        twin = next(card for card, n in Counter(order).items() if n > 1)
        copies = page.locator(f'#hand .card[data-card="{twin}"]')
        copies.nth(1).click()
        assert page.locator('#hand [aria-pressed="true"]').count() == 1
        assert copies.nth(1).get_attribute("aria-pressed") == "true"
        assert "selected" not in (copies.nth(0).get_attribute("class") or "")
        # Why it cannot be played, in the rules' words, shown and said.
        why = page.text_content("#why") or ""
        assert why.startswith("Cannot be played because ")
        wait_until(
            page,
            f"[...document.querySelectorAll('#announce p')].some(p => p.textContent === {why!r})",
        )
        page.screenshot(path=str(SHOTS / "why-1366x657-en.png"))
        # Discarding leaves every other card where it was (the hand is not sorted again).
        page.click('#actions [data-action^="discard"]')
        wait_until(
            page, f"document.querySelectorAll('#hand .card[data-card]').length === {len(order) - 1}"
        )
        after = hand_cards(page)
        kept = list(order)
        kept.remove(twin)
        assert after == kept
        assert page_errors(page) == []
        page.context.close()

        # A coup-fourré's clock in words, and its timeout told as one.
        seed, actions, asked = a_deal_that_asks("coup-fourre")
        seats = ["Ann", "Bob"]
        room = set_room(db, "dujardin", seats, seed=seed, actions=actions)
        context = browser.new_context(
            viewport={"width": 1366, "height": 657}, reduced_motion="reduce"
        )
        context.add_init_script(RECORD_ANNOUNCEMENTS)
        seat = json.dumps({str(asked): room.tokens[asked]})
        context.add_init_script(
            f"localStorage.setItem('millebornes:room:{room.code}', '{seat}');"
            "localStorage.setItem('millebornes:language', 'en')"
        )
        page = context.new_page()
        watch_errors(page)
        page.goto(f"{server.url}/room/{room.code}")
        wait_until(
            page, "window.said.some(s => / seconds to play your .* as a coup-fourré$/.test(s))"
        )
        wait_until(page, "window.said.includes('2 seconds left')", timeout=COUP_FOURRE_SECONDS + 2)
        wait_until(page, "window.said.includes('Time ran out: the attack passed')", timeout=5)
        said = page.evaluate("window.said")
        assert not any("let the attack pass" in line for line in said)
        assert page_errors(page) == []
        context.close()
