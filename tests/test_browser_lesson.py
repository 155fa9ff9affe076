"""The guided first deal in the browser (docs/web.md): opened from the home page, played through
in Chromium (Playwright) with the keyboard alone in English and with a pointer in French, each
step's line shown above the hand and said, a move off the script refused in the script's words,
the score sheet at the end, the lesson opened again from it and left; on a phone, the keyboard's
order (the line before the hand), the focus kept in sight, and each line said after the moves
that lead to it."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from browserkit import (
    PHONE,
    RECORD_ANNOUNCEMENTS,
    a_server,
    axe_violations,
    chromium,
    new_context,
    page_errors,
    wait_until,
    watch_errors,
)
from millebornes.core.actions import Action, Verb
from millebornes.core.tutorial import LESSONS, SCRIPT, YOU, Step, lesson_number, next_line, refusal
from millebornes.words import say, word

pytestmark = [pytest.mark.browser, pytest.mark.slow]
TABS = 80  # more than the home page's controls before the lesson's button


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


def the_players_steps() -> Iterator[tuple[int, Step]]:
    """The player's steps and the number of moves made before each."""
    return ((moves, step) for moves, step in enumerate(SCRIPT) if step.seat == YOU)


def line(language: str, moves: int) -> str:
    """The lesson's line as the page shows it once ``moves`` moves are made."""
    step = say(language, "tutorial.step", number=lesson_number(moves), count=LESSONS)
    return f"{step} · {word(next_line(moves), language)}"


def open_home(browser: Browser, url: str, language: str, **options: Any) -> Page:
    context = new_context(browser, language=language, **options)
    context.add_init_script(RECORD_ANNOUNCEMENTS)
    page = context.new_page()
    watch_errors(page)
    page.goto(f"{url}/")
    page.locator("#learn").wait_for()
    return page


def wait_for_step(page: Page, language: str, moves: int, step: Step) -> None:
    """Until the page shows the line of the step and asks for its move."""
    expect(page.locator("#lesson-line")).to_have_text(line(language, moves), timeout=10_000)
    if step.action.verb == Verb.COUP_FOURRE:
        page.locator("dialog[open] button[data-action='coup-fourre']").wait_for()
    else:
        wait_until(page, "!!document.querySelector('#hand .card.legal')", timeout=10)
    wait_until(page, "!document.body.classList.contains('sent')")


def focused_card(page: Page) -> str | None:
    card: str | None = page.evaluate("document.activeElement.dataset.card ?? null")
    return card


def test_the_lesson_is_played_through_with_the_keyboard_alone_in_english(
    tmp_path: Path, browser: Browser
) -> None:
    with a_server(tmp_path / "s.sqlite", bot_delay=0.05) as server:
        page = open_home(browser, server.url, "en")
        for _ in range(TABS):  # to "Start the lesson"
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.id") == "learn":
                break
        expect(page.locator("#learn")).to_be_focused()
        page.keyboard.press("Enter")
        first = True
        for moves, step in the_players_steps():
            wait_for_step(page, "en", moves, step)
            if first:  # axe on the lesson, then a move off the script: refused, said why
                assert axe_violations(page) == []
                discarded = Action.parse(f"discard {focused_card(page)}")
                page.keyboard.press("d")  # the focused card, discarded
                why = refusal(moves, discarded)
                assert why is not None
                expect(page.locator("#toast")).to_have_text(word(why, "en"))
                first = False
            if step.action.verb == Verb.COUP_FOURRE:
                call = page.locator("dialog[open] button[data-action='coup-fourre']")
                expect(call).to_be_focused()
                page.keyboard.press("Enter")
                continue
            card = str(step.action.card)
            for _ in range(8):  # along the hand to the card the line asks for
                if focused_card(page) == card:
                    break
                page.keyboard.press("ArrowRight")
            assert focused_card(page) == card
            page.keyboard.press("Enter")
        expect(page.locator("#score-sheet")).to_be_visible(timeout=10_000)
        expect(page.locator("#lesson-line")).to_have_text(line("en", len(SCRIPT)))
        said = page.evaluate("window.said")
        assert [line("en", moves) for moves, _ in the_players_steps()] == [
            text for text in said if text.startswith("Lesson ")
        ][:LESSONS]
        assert line("en", len(SCRIPT)) in said
        assert page_errors(page) == []


def test_the_lesson_is_played_through_with_a_pointer_in_french_opened_again_and_left(
    tmp_path: Path, browser: Browser
) -> None:
    with a_server(tmp_path / "s.sqlite", bot_delay=0.05) as server:
        page = open_home(browser, server.url, "fr")
        expect(page.locator("#learn-title")).to_have_text("Apprendre à jouer")
        page.click("#learn")
        for moves, step in the_players_steps():
            wait_for_step(page, "fr", moves, step)
            action = str(step.action)
            if step.action.verb == Verb.COUP_FOURRE:  # let it pass: refused, asked again
                question = page.locator("dialog[open] .decision")
                expect(question).to_contain_text(word(next_line(moves), "fr"))
                page.click("dialog[open] button[data-action='decline']")
                why = refusal(moves, Action.parse("decline"))
                assert why is not None
                expect(page.locator("#toast")).to_have_text(word(why, "fr"))
                page.click(f"dialog[open] button[data-action='{action}']")
                continue
            page.click(f"#hand .card[data-card='{step.action.card}']")
            buttons = page.locator(f"#actions button[data-action='{action}']")
            if buttons.count():  # a card that can also be discarded: its move, chosen
                buttons.click()
        expect(page.locator("#score-sheet")).to_be_visible(timeout=10_000)
        finished = page.url
        page.click("#rematch")  # the lesson again
        page.wait_for_url(lambda url: url != finished and "/room/" in url)
        expect(page.locator("#lesson-line")).to_have_text(line("fr", 0), timeout=10_000)
        assert axe_violations(page) == []
        page.click("#skip-lesson")
        page.wait_for_url(f"{server.url}/")
        page.locator("#learn").wait_for()
        assert page_errors(page) == []


# Where the focus is, and whether it is seen: on screen, and whole above the dock unless in it.
FOCUS = """(() => {
  const e = document.activeElement;
  const where = e.id === "skip" ? "skip" : e.closest(".topbar") ? "top bar"
    : e.closest("#lesson") ? "lesson" : e.closest("#hand") ? "hand" : e.id || e.tagName;
  const box = e.getBoundingClientRect();
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  const hit = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight
    ? document.elementFromPoint(x, y) : null;
  const dockTop = document.getElementById("dock").getBoundingClientRect().top;
  const clear = e.closest("#dock") || box.bottom <= dockTop;
  return [where, hit !== null && (e.contains(hit) || hit.contains(e)) && clear];
})()"""


@pytest.mark.parametrize("language", ["en", "fr"])
def test_on_a_phone_the_lesson_s_line_is_read_before_the_hand_and_the_focus_stays_in_sight(
    tmp_path: Path, browser: Browser, language: str
) -> None:
    with a_server(tmp_path / "s.sqlite", bot_delay=0.05) as server:
        page = open_home(
            browser, server.url, language, viewport=PHONE, has_touch=True, is_mobile=True
        )
        page.click("#learn")
        moves, step = next(the_players_steps())
        wait_for_step(page, language, moves, step)
        assert axe_violations(page) == []
        # The line runs on into its button: the dock leaves the table half the screen.
        dock = page.evaluate("document.getElementById('dock').getBoundingClientRect().top")
        assert dock >= PHONE["height"] / 2, f"the dock starts {dock} px down"
        # Tabbing round the page: the top bar, the lesson's line and its button, the hand (one
        # stop), then the log, which scrolls clear of the dock docked over it.
        order: list[str] = []
        for _ in range(12):
            page.keyboard.press("Tab")
            where, seen = page.evaluate(FOCUS)
            if where == "BODY":  # past the page's end, before it starts again
                continue
            assert seen, f"{where} has the focus out of sight"
            if not order or order[-1] != where:
                order.append(where)
        start = order.index("skip")
        assert order[start : start + 5] == ["skip", "top bar", "lesson", "hand", "log"]
        # Said in order: the moves, then the line of why, then the move asked.
        page.evaluate("window.said.length = 0")
        for _ in range(12):  # round to the hand again
            if page.evaluate(FOCUS)[0] == "hand":
                break
            page.keyboard.press("Tab")
        for _ in range(8):
            if focused_card(page) == str(step.action.card):
                break
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
        moves, step = next(itertools.islice(the_players_steps(), 1, None))
        wait_for_step(page, language, moves, step)
        asked = say(language, "web.your_turn")
        wait_until(page, f"window.said.includes({json.dumps(asked)})")
        said = page.evaluate("window.said")
        assert said[-2:] == [line(language, moves), asked]
        assert len(said) > 2, "the moves before the line are said first"
        assert page_errors(page) == []
