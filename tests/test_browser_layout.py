"""The table fits: on laptops with a browser's toolbars (1280x680, 1366x657, 1280x800), late in a
deal, the whole hand, every side's kilometres, battle and speed piles and safeties, and whose
turn it is are on screen without scrolling; on a phone (360x740) the hand stays on screen and the
log and the score sheet fit the width. Set MILLEBORNES_WEB_SHOTS to a folder to keep the
screenshots."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from browserkit import (
    LAPTOPS,
    PHONE,
    SLOW_BOTS,
    SetRoom,
    a_server,
    chromium,
    late_deal,
    new_context,
    page_errors,
    seated,
    set_room,
    wait_until,
)
from millebornes.core.deal import Deal
from millebornes.web.server import BackgroundServer

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# Boxes that must be on screen, each found by a selector (every match counts).
MUST_SHOW = [
    "#hand .card",
    ".lane .km",
    ".lane .pile.battle",
    ".lane .pile.speed",
    ".lane .safeties:not(:empty)",
    ".lane .distance:not(:empty)",
    "#status",
    ".person.acting",
]
OFF_SCREEN = """(selectors) => {
  const out = [];
  for (const selector of selectors) {
    for (const element of document.querySelectorAll(selector)) {
      const box = element.getBoundingClientRect();
      const outside = box.top < 0 || box.left < 0 || box.bottom > innerHeight + 0.5
        || box.right > innerWidth + 0.5;
      if (outside) out.push(`${selector} at ${[box.left, box.top, box.right, box.bottom]}`);
    }
  }
  return out;
}"""


def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("MILLEBORNES_WEB_SHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BackgroundServer]:
    with a_server(tmp_path_factory.mktemp("layout") / "s.sqlite", bot_delay=SLOW_BOTS) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


def late_room(server: BackgroundServer, rules: str, players: int) -> SetRoom:
    seed, actions = late_deal(rules, players, fullness={2: 9, 4: 7}[players])
    names: list[str | None] = ["Joséphine-Marie", *[None] * (players - 1)]
    return set_room(server.db, rules, names, seed=seed, actions=actions)  # type: ignore[attr-defined]


def on_a_phone(browser: Browser, server: BackgroundServer, room: SetRoom, language: str) -> Page:
    """Seat 0 of ``room`` on a touch phone (360x740) in ``language``."""
    return seated(
        browser,
        server.url,
        room,
        0,
        viewport=PHONE,
        language=language,
        has_touch=True,
        is_mobile=True,
    )


def scrolls(page: Page) -> list[int]:
    return list(
        page.evaluate(
            "[document.documentElement.scrollWidth - innerWidth,"
            " document.documentElement.scrollHeight - innerHeight]"
        )
    )


GAMES = [("winning-moves", 4), ("dujardin", 4), ("dujardin", 2)]


@pytest.mark.parametrize(("rules", "players"), GAMES)
def test_late_in_a_deal_a_laptop_shows_the_whole_table_without_scrolling(
    server: BackgroundServer, browser: Browser, tmp_path: Path, rules: str, players: int
) -> None:
    room = late_room(server, rules, players)
    for language in ("en", "fr"):
        for size in LAPTOPS:
            page = seated(browser, server.url, room, 0, viewport=size, language=language)
            expect(page.locator("#status")).to_have_class("status mine")
            expect(page.locator("#hand .card")).to_have_count(7)
            name = f"{rules}-{players}p-{size['width']}x{size['height']}-{language}.png"
            page.screenshot(path=str(shots(tmp_path) / name))
            assert page.evaluate(OFF_SCREEN, MUST_SHOW) == [], name
            assert scrolls(page) == [0, 0], name
            assert page_errors(page) == []
            page.context.close()


def test_a_phone_keeps_the_hand_on_screen_and_the_log_and_scores_within_its_width(
    server: BackgroundServer, browser: Browser, tmp_path: Path
) -> None:
    # A deal played to its end: the score sheet shows it over the table.
    rules, players = "dujardin", 4
    names: list[str | None] = ["Joséphine-Marie", *[None] * (players - 1)]
    ended = set_room(
        server.db,  # type: ignore[attr-defined]
        rules,
        names,
        single_deal=False,
        finish_deal=True,
    )
    for language in ("en", "fr"):
        page = on_a_phone(browser, server, ended, language)
        page.click("#show-scores")  # (a room read back from the store does not pause)
        sheet = page.locator("#score-sheet")
        expect(sheet).to_be_visible()
        page.screenshot(path=str(shots(tmp_path) / f"phone-scores-{language}.png"))
        assert page.evaluate(
            "(() => { const d = document.getElementById('dialog');"
            " const box = d.getBoundingClientRect();"
            " return d.scrollWidth <= d.clientWidth && box.left >= 0"
            " && box.right <= innerWidth; })()"
        ), "the score sheet fits the phone's width"
        page.click("#close-scores")
        expect(sheet).to_be_hidden()
        assert scrolls(page)[0] == 0
        page.context.close()

    room = late_room(server, rules, players)
    for language in ("en", "fr"):
        page = on_a_phone(browser, server, room, language)
        expect(page.locator("#hand .card.legal").first).to_be_visible()
        page.screenshot(path=str(shots(tmp_path) / f"phone-{language}.png"))
        assert page.evaluate(OFF_SCREEN, ["#hand .card", "#status"]) == []
        # Scrolled down to the log, the hand is still there, and nothing is wider than the phone.
        page.locator("#log").scroll_into_view_if_needed()
        page.screenshot(path=str(shots(tmp_path) / f"phone-log-{language}.png"))
        assert page.evaluate(OFF_SCREEN, ["#hand .card", "#log"]) == []
        assert scrolls(page)[0] == 0
        assert page_errors(page) == []
        page.context.close()


LARGE_SCREEN: ViewportSize = {"width": 1920, "height": 1080}
LOG_END = """(() => { const log = document.getElementById('log');
  return Math.round(log.lastElementChild.getBoundingClientRect().bottom
    - log.getBoundingClientRect().bottom); })()"""


def test_a_large_screen_grows_the_table_its_cards_and_the_log_ends_on_its_newest_line(
    server: BackgroundServer, browser: Browser, tmp_path: Path
) -> None:
    room = late_room(server, "dujardin", 4)
    for language in ("en", "fr"):
        page = seated(browser, server.url, room, 0, viewport=LARGE_SCREEN, language=language)
        expect(page.locator("#hand .card")).to_have_count(7)
        page.screenshot(path=str(shots(tmp_path) / f"large-dujardin-4p-{language}.png"))
        assert page.evaluate(OFF_SCREEN, MUST_SHOW) == []
        assert scrolls(page) == [0, 0]
        used = page.evaluate("document.querySelector('.table-wrap').offsetWidth / innerWidth")
        assert used > 0.9, "the table spreads over the screen, not a laptop's width of it"
        tableau = page.eval_on_selector_all(
            ".lane .card.mini", "cards => cards.map(card => card.offsetWidth)"
        )
        assert min(tableau) >= 70, "the tableau's cards grow with the screen"
        assert page.evaluate(LOG_END) <= 1, "the log shows its newest line"
        page.context.close()


def test_a_large_screen_grows_the_lesson_as_it_grows_the_table(
    server: BackgroundServer, browser: Browser, tmp_path: Path
) -> None:
    for language in ("en", "fr"):
        page = new_context(browser, viewport=LARGE_SCREEN, language=language).new_page()
        page.goto(f"{server.url}/")
        page.click("#learn")
        expect(page.locator("#hand .card.legal").first).to_be_visible(timeout=10_000)
        page.screenshot(path=str(shots(tmp_path) / f"large-lesson-{language}.png"))
        shown = ["#hand .card", "#lesson-line", "#skip-lesson", "#status", ".lane .km"]
        assert page.evaluate(OFF_SCREEN, shown) == []
        assert scrolls(page) == [0, 0]
        used = page.evaluate("document.querySelector('.table-wrap').offsetWidth / innerWidth")
        assert used > 0.9, "the lesson's table spreads over the screen as any table does"
        hand = page.eval_on_selector_all("#hand .card", "cards => cards.map(c => c.offsetWidth)")
        assert min(hand) >= 120, "its hand's cards grow with the screen"
        stock = page.eval_on_selector(".deck .card.mini", "card => card.offsetWidth")
        assert stock >= 70, "and so does the table's"
        page.context.close()


def test_after_a_reload_the_log_shows_its_newest_line_until_the_reader_scrolls_back(
    server: BackgroundServer, browser: Browser
) -> None:
    room = late_room(server, "dujardin", 2)
    page = seated(browser, server.url, room, 0, viewport=LAPTOPS[1])
    expect(page.locator("#hand .card")).to_have_count(7)
    page.reload()
    expect(page.locator("#hand .card")).to_have_count(7)
    assert page.evaluate(LOG_END) <= 1, "its newest line in sight, not cut off"
    page.locator("#log").hover()
    page.mouse.wheel(0, -400)
    wait_until(page, "document.getElementById('log').scrollTop > 0")
    page.set_viewport_size({"width": 1366, "height": 600})  # the log's box shrinks
    page.wait_for_timeout(300)
    assert page.evaluate(LOG_END) > 100, "a reader scrolled back is left where they read"
    assert page_errors(page) == []
    page.context.close()


def test_a_room_reached_from_the_home_page_offers_the_link_to_the_hand(
    server: BackgroundServer, browser: Browser
) -> None:
    page = new_context(browser, viewport=LAPTOPS[1]).new_page()
    page.goto(server.url)
    page.select_option("select[name=seat1]", "easy")
    page.click("#create-form button[type=submit]")
    page.fill("#name", "Ann")
    page.click("#free-seats button[value='0']")
    expect(page.locator("#hand .card").first).to_be_visible(timeout=10_000)
    page.focus("#skip")
    expect(page.locator("#skip")).to_be_in_viewport()
    page.keyboard.press("Enter")
    expect(page.locator("#hand .card").first).to_be_focused()
    page.context.close()


@pytest.mark.parametrize(("players", "target"), [(2, "le joueur"), (4, "l'équipe")])
def test_the_attack_s_hint_names_a_player_alone_and_a_team_in_teams_in_french(
    server: BackgroundServer, browser: Browser, players: int, target: str
) -> None:
    rules = "dujardin" if players == 2 else "winning-moves"
    seed = next(
        seed
        for seed in range(500)
        if (deal := Deal.new(rules, players, seed)).to_act == 0
        and any(card.notation == "speed-limit" for card in deal.view(0).hand)
    )
    names: list[str | None] = ["Ann", *[None] * (players - 1)]
    room = set_room(server.db, rules, names, seed=seed)  # type: ignore[attr-defined]
    page = seated(browser, server.url, room, 0, language="fr")
    page.click("#hand .card[data-card='speed-limit']")
    expect(page.locator("#actions small").first).to_have_text(f"ou touchez {target} à attaquer")
    page.context.close()


def test_at_three_seats_and_more_each_name_says_where_it_plays_in_the_turn(
    server: BackgroundServer, browser: Browser
) -> None:
    for players, language, said in ((4, "en", "plays 2nd in turn, "), (3, "fr", "joue en 2e, ")):
        names: list[str | None] = ["Ann", *[None] * (players - 1)]
        room = set_room(server.db, "dujardin", names)  # type: ignore[attr-defined]
        page = seated(browser, server.url, room, 0, language=language)
        people = page.locator(".lane .person")
        expect(people).to_have_count(players)
        orders = {
            int(str(person.get_attribute("data-seat"))): person.locator(".order").inner_text()
            for person in people.all()
        }
        assert orders == {seat: str(seat + 1) for seat in range(players)}
        expect(page.locator(".person[data-seat='1'] .sr-only").first).to_have_text(said)
        page.context.close()
    alone = set_room(server.db, "dujardin", ["Ann", None])  # type: ignore[attr-defined]
    page = seated(browser, server.url, alone, 0)
    expect(page.locator(".lane .person")).to_have_count(2)
    expect(page.locator(".person .order")).to_have_count(0)  # each plays after the other
    page.context.close()


def test_a_phone_keeps_the_top_bar_to_one_row_and_a_picked_card_off_the_row_above(
    server: BackgroundServer, browser: Browser
) -> None:
    room = late_room(server, "dujardin", 4)
    for language in ("en", "fr"):
        page = on_a_phone(browser, server, room, language)
        expect(page.locator("#hand .card")).to_have_count(7)
        bar = page.evaluate("document.querySelector('.topbar').getBoundingClientRect().height")
        assert bar < 48, f"one row, not two: {bar} px"
        # The less used buttons are behind "more"; a choice closes it.
        expect(page.locator("#memo")).to_be_hidden()
        page.tap("#more")
        expect(page.locator("#more")).to_have_attribute("aria-expanded", "true")
        page.tap("#memo")
        expect(page.locator("#memo-card")).to_be_visible()
        expect(page.locator("#more")).to_have_attribute("aria-expanded", "false")
        page.keyboard.press("Escape")
        # The hand's second row: a card picked there stays below the first.
        second_row = page.locator("#hand .card").nth(5)
        second_row.tap()
        expect(second_row).to_have_class(re.compile(r"\bselected\b"))
        first_row_bottom = page.eval_on_selector_all(
            "#hand .card",
            "cards => Math.max(...cards.slice(0, 4).map(c => c.getBoundingClientRect().bottom))",
        )
        assert second_row.bounding_box()["y"] >= first_row_bottom  # type: ignore[index]
        assert page_errors(page) == []
        page.context.close()
    laptop = seated(browser, server.url, room, 0)
    expect(laptop.locator("#memo")).to_be_visible()  # in the bar itself
    expect(laptop.locator("#more")).to_be_hidden()
    laptop.context.close()
