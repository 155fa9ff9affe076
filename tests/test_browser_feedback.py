"""What a move shows: the last move marked where its card landed with who played it on whom,
cards flying there unless the device asks for reduced motion, a coup-fourré's moment, sounds
(off until turned on, remembered), and the tab's title, icon and a notification on your turn
while the tab is hidden."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from browserkit import (
    Motion,
    SetRoom,
    a_server,
    chromium,
    late_deal,
    new_context,
    page_errors,
    set_room,
    wait_until,
    watch_errors,
)
from millebornes import Deal
from millebornes.web.server import BackgroundServer
from webclient import a_deal_that_asks

pytestmark = pytest.mark.browser
BOT_DELAY = 1.5  # long enough for the test to look before a bot moves

# The page's sounds and flights, counted by the test: each oscillator started, each card that
# flies (a transform transition on the card that landed).
COUNT = """
window.tones = 0;
window.flights = 0;
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) {
  window.tones += 1;
  return start.apply(this, args);
};
addEventListener("transitionstart", (event) => {
  const landed = event.target.classList.contains("landed");
  if (event.propertyName === "transform" && landed) window.flights += 1;
});
"""
# A tab the test hides and shows, and notifications it reads.
HIDE = """
let hidden = false;
Object.defineProperty(Document.prototype, "hidden", { get: () => hidden, configurable: true });
Object.defineProperty(Document.prototype, "visibilityState", {
  get: () => (hidden ? "hidden" : "visible"), configurable: true,
});
window.hide = (value) => { hidden = value; document.dispatchEvent(new Event("visibilitychange")); };
window.notified = [];
window.Notification = class {
  static permission = "default";
  static async requestPermission() { this.permission = "granted"; return "granted"; }
  constructor(title, options) { window.notified.push([title, options.body]); }
};
"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BackgroundServer]:
    db = tmp_path_factory.mktemp("feedback") / "s.sqlite"
    with a_server(db, bot_delay=BOT_DELAY, settle_seconds=0) as running:
        yield running


def play_first_legal(page: Page) -> str:
    """Click a card that can be played (or else one to discard), then its first action: that
    action."""
    expect(page.locator("#hand .card.selectable").first).to_be_visible()
    legal = page.locator("#hand .card.legal")
    (legal if legal.count() else page.locator("#hand .card:not(.safety)")).first.click()
    button = page.locator("#actions button[data-action]").first
    action = button.get_attribute("data-action") or ""
    button.click()
    return action


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_the_last_move_is_marked_where_it_landed_and_flies_there_unless_motion_is_reduced(
    server: BackgroundServer, browser: Browser, motion: Motion
) -> None:
    seed, actions = late_deal("dujardin", 2)
    room = set_room(server.db, "dujardin", ["Ann", None], seed=seed, actions=actions)  # type: ignore[attr-defined]
    context = new_context(browser, motion=motion)
    context.add_init_script(COUNT)
    page = seated_in(context, server, room, 0)
    # Before her move, the last move of the deal is marked (read back from the log).
    last = page.locator("#last-move .last-text")
    expect(last).to_have_text(page.locator("#log li").last.inner_text())

    deal = Deal.new("dujardin", 2, seed)
    for action in actions:
        deal.apply(action)
    legal = [str(a) for a in deal.legal_actions() if str(a).split()[0] in ("play", "attack")]
    assert legal, "a position where Ann can play"
    action = play_first_legal(page)
    verb, card, *target = action.split()
    expect(last).to_have_text(re.compile("^You "))  # her move, once the server has it
    assert last.inner_text() == page.locator("#log li").last.inner_text()
    side = target[0] if verb == "attack" else "0"
    landed = page.locator(f".lane[data-side='{side}'] .card.landed")
    expect(landed).to_have_attribute("data-card", card)
    if verb == "attack":
        expect(landed).to_have_class(re.compile(r"\bstruck\b"))
    # The bot's answer replaces the mark: one mark at a time, who and what in words.
    expect(last).to_contain_text("Bot1 ", timeout=BOT_DELAY * 1000 + 5000)
    assert page.locator(".card.landed").count() <= 1
    flights = page.evaluate("window.flights")
    if motion == "reduce":
        assert flights == 0
    else:
        assert flights >= 1
    assert page_errors(page) == []
    context.close()


def test_a_coup_fourre_gets_a_moment_of_its_own_said_at_once_with_a_sound(
    server: BackgroundServer, browser: Browser
) -> None:
    seed, actions, asked = a_deal_that_asks("coup-fourre")
    seats: list[str | None] = [None, None]
    seats[asked] = "Ann"
    room = set_room(server.db, "dujardin", seats, seed=seed, actions=actions)  # type: ignore[attr-defined]
    context = new_context(browser, motion="no-preference")
    context.add_init_script(COUNT)
    context.add_init_script("localStorage.setItem('millebornes:sound', 'on')")
    page = seated_in(context, server, room, asked)
    question = page.locator("dialog[open] .decision")
    expect(question).to_be_visible()
    expect(question.locator("button[data-action]").first).to_be_focused()
    page.click("dialog[open] button[data-action='coup-fourre']")
    moment = page.locator("#moment")
    expect(moment).to_be_visible()
    expect(moment).to_contain_text("COUP-FOURRÉ!")
    expect(moment).to_contain_text("Ann answers the attack")
    assert moment.locator(".card.safety").count() == 1
    now = page.locator("#announce-now p").all_inner_texts()
    assert any(line.startswith("COUP-FOURRÉ! You answer with ") for line in now)
    assert page.evaluate("window.tones") >= 4  # the coup-fourré's tune
    expect(moment).to_be_hidden(timeout=5000)  # then it makes way for the table
    star = page.locator(".lane.own .card.coup")
    expect(star).to_have_count(1)
    assert page_errors(page) == []
    context.close()


def seated_in(context: BrowserContext, server: BackgroundServer, room: SetRoom, seat: int) -> Page:
    """A page of ``context`` holding ``seat`` of ``room``."""
    page = context.new_page()
    watch_errors(page)
    seats = f'{{"{seat}": "{room.tokens[seat]}"}}'
    page.add_init_script(f"localStorage.setItem('millebornes:room:{room.code}', '{seats}')")
    page.goto(f"{server.url}/room/{room.code}")
    return page


def test_sounds_are_off_until_turned_on_and_remembered(
    server: BackgroundServer, browser: Browser
) -> None:
    seed, actions = late_deal("dujardin", 2)
    room = set_room(server.db, "dujardin", ["Ann", None], seed=seed, actions=actions)  # type: ignore[attr-defined]
    context = new_context(browser)
    context.add_init_script(COUNT)
    page = seated_in(context, server, room, 0)
    sound = page.locator("#sound")
    expect(sound).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#sound")).to_have_accessible_name("Sounds")
    play_first_legal(page)
    expect(page.locator("#last-move .last-text")).to_contain_text("Bot1 ", timeout=8000)
    assert page.evaluate("window.tones") == 0, "silent until asked"
    sound.click()
    expect(sound).to_have_attribute("aria-pressed", "true")
    page.reload()  # remembered
    expect(page.locator("#sound")).to_have_attribute("aria-pressed", "true")
    before = page.evaluate("window.tones")
    play_first_legal(page)
    wait_until(page, f"window.tones > {before}")
    assert page_errors(page) == []
    context.close()


def test_a_hidden_tab_says_it_is_your_turn_in_its_title_its_icon_and_a_notification(
    server: BackgroundServer, browser: Browser
) -> None:
    seed, actions = late_deal("dujardin", 2)
    deal = Deal.new("dujardin", 2, seed)
    for action in actions:
        deal.apply(action)
    mine = str(deal.legal_actions()[0])  # Ann has played: the bot plays, then her turn comes
    room = set_room(server.db, "dujardin", ["Ann", None], seed=seed, actions=[*actions, mine])  # type: ignore[attr-defined]
    context = new_context(browser)
    context.add_init_script(HIDE)
    page = seated_in(context, server, room, 0)
    expect(page).to_have_title("Mille Bornes")
    page.click("#notify")
    expect(page.locator("#notify")).to_have_attribute("aria-pressed", "true")
    page.evaluate("window.hide(true)")
    expect(page).to_have_title("▶ Your turn · Mille Bornes", timeout=BOT_DELAY * 1000 + 5000)
    assert page.locator("#favicon").get_attribute("href") == "/static/icon-turn.svg"
    assert page.evaluate("window.notified") == [["Mille Bornes", "Your turn: pick a card"]]
    page.evaluate("window.hide(false)")
    expect(page).to_have_title("Mille Bornes")
    assert page.locator("#favicon").get_attribute("href") == "/static/icon.svg"
    assert page_errors(page) == []
    context.close()
