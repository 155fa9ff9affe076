"""The flow of a game: a countdown while a disconnected friend's seat waits, stand-in moves told
as the bot's, spectators following the rematch, Copy that copies or says it could not, a move
made while disconnected sent or refused, a safety discarded only once confirmed, a way to leave,
and every message in the page's language."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from browserkit import (
    SetRoom,
    a_server,
    chromium,
    new_context,
    page_errors,
    set_room,
    watch_errors,
)
from millebornes import Deal
from millebornes.store import GameStore
from millebornes.web.server import BackgroundServer

pytestmark = pytest.mark.browser

# The page's WebSockets, which the test may cut (and keep from reconnecting while offline).
SOCKETS = """
window.offline = false;
window.sockets = [];
const RealSocket = WebSocket;
window.WebSocket = class extends RealSocket {
  constructor(url, protocols) {
    // Offline, a socket to an address of the same server that takes none: it fails as a lost
    // link does (another address would be refused by the page's Content-Security-Policy).
    super(window.offline ? `ws://${location.host}/no-socket-here` : url, protocols);
    window.sockets.push(this);
  }
};
window.cut = () => { window.offline = true; for (const socket of window.sockets) socket.close(); };
"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


def first_move(seed: int) -> str:
    """The first legal move of a two-seat deal from ``seed``: then the second seat plays."""
    return str(Deal.new("dujardin", 2, seed).legal_actions()[0])


def make_a_move(page: Page) -> None:
    """Play a card that can be played, or discard one that is not a safety."""
    expect(page.locator("#hand .card.selectable").first).to_be_visible(timeout=10_000)
    legal = page.locator("#hand .card.legal")
    (legal if legal.count() else page.locator("#hand .card:not(.safety)")).first.click()
    page.locator("#actions button[data-action]").first.click()


def page_for(
    browser: Browser,
    server: BackgroundServer,
    room: SetRoom,
    seats: tuple[int, ...] = (),
    context: BrowserContext | None = None,
    language: str = "en",
) -> Page:
    """A page of ``room`` holding ``seats`` (none: a spectator)."""
    context = context or new_context(browser, language=language)
    tokens = "{" + ", ".join(f'"{s}": "{room.tokens[s]}"' for s in seats) + "}"
    page = context.new_page()
    page.add_init_script(f"localStorage.setItem('millebornes:room:{room.code}', '{tokens}')")
    watch_errors(page)
    page.goto(f"{server.url}/room/{room.code}")
    return page


@pytest.mark.slow
def test_a_seat_waiting_for_its_person_counts_down_then_the_bot_standing_in_is_named(
    tmp_path: Path, browser: Browser
) -> None:
    with a_server(tmp_path / "s.sqlite", away_seconds=4, bot_delay=0.2, settle_seconds=0) as server:
        actions = [first_move(1)]  # Bob's turn
        room = set_room(server.db, "dujardin", ["Ann", "Bob"], seed=1, actions=actions)  # type: ignore[attr-defined]
        ann = page_for(browser, server, room, (0,))
        status = ann.locator("#status")
        expect(status).to_have_text(
            re.compile(r"^Bob lost connection: a bot takes their seat in \d s$")
        )
        first = int(re.findall(r"\d+", status.inner_text())[0])
        # Bob's 4 s run from when the page's request loaded the room; the page reads the
        # server's clock a message's travel late and rounds the seconds up: 5 at the very start.
        assert 1 <= first <= 5
        ann.wait_for_timeout(1300)
        assert int(re.findall(r"\d+", status.inner_text())[0]) < first, "it counts down"
        expect(ann.locator(".person[data-seat='1'] small")).to_have_text(
            "(a bot plays for them)", timeout=6000
        )
        expect(ann.locator("#log li[data-seat='1']").first).to_contain_text("Bob's stand-in bot ")
        # Back, Bob reads his stand-in's moves as the bot's, not as his own.
        bob = page_for(browser, server, room, (1,))
        expect(bob.locator(".lane.own")).to_contain_text("Bob")
        lines = bob.locator("#log li[data-seat='1']").all_inner_texts()
        assert lines
        assert all(line.startswith("Bob's stand-in bot ") for line in lines)
        expect(bob.locator(".person[data-seat='1'] small")).to_have_text("(you)")
        assert page_errors(ann) == page_errors(bob) == []


def test_spectators_follow_the_room_into_the_rematch(tmp_path: Path, browser: Browser) -> None:
    with a_server(tmp_path / "s.sqlite") as server:
        room = set_room(server.db, "dujardin", ["Ann", None], finish_deal=True)  # type: ignore[attr-defined]
        watcher = page_for(browser, server, room)
        sheet = watcher.locator("#score-sheet")
        expect(sheet).to_contain_text("The players may start a rematch")
        reply = httpx.post(
            f"{server.url}/api/rooms/{room.code}/rematch", json={"token": room.tokens[0]}
        )
        new = reply.json()["code"]
        expect(watcher.locator("#watch-rematch")).to_have_attribute("href", f"/room/{new}")
        expect(watcher).to_have_url(f"{server.url}/room/{new}", timeout=10_000)
        expect(watcher.locator("#seat-tabs")).to_contain_text("Watching")
        assert page_errors(watcher) == []


def test_copy_copies_the_link_or_says_that_it_could_not(tmp_path: Path, browser: Browser) -> None:
    with a_server(tmp_path / "s.sqlite") as server:
        room = set_room(server.db, "dujardin", ["Ann", None])  # type: ignore[attr-defined]
        context = new_context(browser)
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
        page = page_for(browser, server, room, (0,), context)
        page.click("#copy-link")
        expect(page.locator("#toast")).to_have_text("Invitation link copied")
        assert page.evaluate("navigator.clipboard.readText()") == f"{server.url}/room/{room.code}"
        context.close()
        # Where the page may not copy at all (plain HTTP to another machine): it says so.
        context = new_context(browser)
        context.add_init_script(
            "navigator.clipboard.writeText = () => Promise.reject(new Error('not allowed'));"
            "document.execCommand = () => false;"
        )
        page = page_for(browser, server, room, (0,), context)
        page.click("#copy-link")
        expect(page.locator("#toast")).to_have_text(
            "Could not copy: select the link and copy it yourself."
        )
        assert page_errors(page) == []
        context.close()


@pytest.mark.slow
def test_a_move_made_while_disconnected_is_sent_on_reconnection_or_refused_with_a_message(
    tmp_path: Path, browser: Browser
) -> None:
    with a_server(
        tmp_path / "s.sqlite", away_seconds=1.5, bot_delay=0.1, settle_seconds=0
    ) as server:
        room = set_room(server.db, "dujardin", ["Ann", "Bob"], seed=1)  # type: ignore[attr-defined]
        store = GameStore(server.db)  # type: ignore[attr-defined]
        context = new_context(browser)
        context.add_init_script(SOCKETS)
        ann = page_for(browser, server, room, (0,), context)
        bob = page_for(browser, server, room, (1,))  # someone stays at the table
        # Seed 1 deals Ann nothing she can play.
        expect(ann.locator("#status")).to_have_text("You must discard: no card can be played")
        ann.evaluate("window.cut()")
        expect(ann.locator("#connection")).to_be_visible()
        ann.locator("#hand .card").first.click()
        move = ann.locator("#actions button[data-action^='discard']")
        action = move.get_attribute("data-action")
        move.click()
        if ann.locator("#confirm[open]").count():
            ann.click("#confirm-yes")
        expect(ann.locator("#status")).to_have_text(
            "Connection lost: your move will be sent when it is back."
        )
        ann.evaluate("window.offline = false")
        expect(ann.locator("#connection")).to_be_hidden(timeout=10_000)
        expect(ann.locator("#log li").last).to_have_text(re.compile("^You discard "))
        assert store.load(room.code).actions == [action]
        make_a_move(bob)

        # Away too long, a bot plays her turn meanwhile: her move no longer stands, and she is told.
        expect(ann.locator("#status")).to_have_text("Your turn: pick a card", timeout=10_000)
        ann.evaluate("window.cut()")
        ann.locator("#hand .card").first.click()
        ann.locator("#actions button[data-action^='discard']").click()
        if ann.locator("#confirm[open]").count():
            ann.click("#confirm-yes")
        expect(bob.locator("#log li[data-seat='0']").last).to_contain_text(
            "Ann's stand-in bot", timeout=10_000
        )
        stood_in = store.load(room.code).actions
        ann.evaluate("window.offline = false")
        expect(ann.locator("#toast")).to_have_text(
            "Your move was not sent: the table changed while the connection was lost. Play again.",
            timeout=10_000,
        )
        assert store.load(room.code).actions[: len(stood_in)] == stood_in
        assert page_errors(ann) == page_errors(bob) == []


def hand_with_a_safety() -> tuple[int, str]:
    """A seed whose deal starts with seat 0's turn, a safety in its hand: that safety."""
    for seed in range(200):
        deal = Deal.new("dujardin", 2, seed)
        safeties = [c for c in deal.view(0).hand if c.is_safety]
        if deal.to_act == 0 and safeties:
            return seed, safeties[0].notation
    raise AssertionError("no such deal")


def test_discarding_a_safety_asks_once(tmp_path: Path, browser: Browser) -> None:
    with a_server(tmp_path / "s.sqlite", bot_delay=30) as server:
        seed, safety = hand_with_a_safety()
        room = set_room(server.db, "dujardin", ["Ann", None], seed=seed)  # type: ignore[attr-defined]
        page = page_for(browser, server, room, (0,))
        expect(page.locator("#status")).to_have_text("Your turn: pick a card")
        page.click(f"#hand .card[data-card='{safety}']")
        page.click(f"#actions button[data-action='discard {safety}']")
        confirm = page.locator("#confirm[open]")
        expect(confirm).to_be_visible()
        expect(confirm).to_have_accessible_name(re.compile(r"^Discard .+\?$"))
        expect(page.locator("#confirm-no")).to_be_focused()  # keeping it is the default
        page.click("#confirm-no")
        expect(confirm).to_be_hidden()
        assert GameStore(server.db).load(room.code).actions == []  # type: ignore[attr-defined]
        card = page.locator(f"#hand .card[data-card='{safety}']")
        expect(card).to_be_focused()  # still chosen, back in the hand
        expect(card).to_have_attribute("aria-pressed", "true")
        page.click(f"#actions button[data-action='discard {safety}']")
        page.click("#confirm-yes")
        expect(page.locator("#log li").last).to_have_text(re.compile("^You discard "))
        assert GameStore(server.db).load(room.code).actions == [f"discard {safety}"]  # type: ignore[attr-defined]
        assert page_errors(page) == []


def test_leaving_a_room_and_coming_back_to_it_from_the_home_page(
    tmp_path: Path, browser: Browser
) -> None:
    with a_server(tmp_path / "s.sqlite", bot_delay=30) as server:
        room = set_room(server.db, "dujardin", ["Ann", None])  # type: ignore[attr-defined]
        page = page_for(browser, server, room, (0,), language="fr")
        page.click("#leave")
        expect(page.locator("#confirm")).to_contain_text("Votre place vous reste")
        page.click("#confirm-no")  # "Rester"
        expect(page).to_have_url(f"{server.url}/room/{room.code}")
        page.click("#leave")
        page.click("#confirm-yes")
        expect(page).to_have_url(f"{server.url}/")
        games = page.locator("#held-list a")
        expect(games).to_have_text(f"Salle {room.code}")
        games.click()
        expect(page.locator(".lane.own")).to_contain_text("Ann")
        assert page_errors(page) == []


def test_the_servers_refusals_are_told_in_the_pages_language(
    tmp_path: Path, browser: Browser
) -> None:
    with a_server(tmp_path / "s.sqlite", rooms_per_address=1, bot_delay=30) as server:
        page = new_context(browser, language="fr").new_page()
        watch_errors(page)
        page.goto(server.url)
        page.click("#create-form button[type=submit]")
        expect(page).to_have_url(re.compile(r"/room/"))
        page.goto(server.url)
        page.click("#create-form button[type=submit]")
        expect(page.locator("#create-error")).to_have_text(
            re.compile("^Vous avez déjà autant de parties ouvertes qu'une adresse le permet")
        )
        page.goto(f"{server.url}/room/nothing-here")
        expect(page.locator("#room h1")).to_have_text(
            "Cette salle n'existe pas : vérifiez le lien d'invitation."
        )
        assert page_errors(page) == []


STATUSES = """async () => {
  const { Game } = await import("/static/js/state.js");
  const { statusText } = await import("/static/js/table.js");
  const i18n = await import("/static/js/i18n.js");
  i18n.setup(await (await fetch("/api/config")).json());
  const seat = (name, extra = {}) => ({ name, bot: null, free: false, online: true, away: false,
    away_at: null, ...extra });
  const status = (room, view) => {
    const game = new Game("code", {});
    game.receive({ seat: 0, room, view, event: null, countdown: null, clock: Date.now() / 1000 });
    game.shown = 0;
    return statusText(game, game.shownState(), { covered: false });
  };
  const room = (seats, extra = {}) => ({ seats, over: false, deal: 2, results: [],
    waiting_next: [], ...extra });
  const view = (extra) => ({ seat: 0, side: 0, decision: "wait", to_act: 2, sides: [], ...extra });
  const people = [seat("Ann"), seat("Bob"), seat("Ada", { bot: "easy" })];
  return {
    pause: status(room(people, { waiting_next: [1] }), view({})),
    bot: status(room(people), view({})),
    lost: status(room([people[0], seat("Bob", { online: false, away_at: Date.now() / 1000 + 30 }),
      people[2]]), view({ to_act: 1 })),
    stood_in: status(room([people[0], seat("Bob", { online: false, away: true }), people[2]]),
      view({ to_act: 1 })),
    turn: status(room(people), view({ decision: "turn", to_act: 0, hand: ["roll"],
      legal: ["play roll", "discard roll"] })),
    discard: status(room(people), view({ decision: "turn", to_act: 0, hand: ["25"],
      legal: ["discard 25"] })),
    over: status(room(people, { results: [{ deal: 1, sheets: [], totals: [] }] }),
      view({ decision: "over", to_act: null })),
  };
}"""


def test_the_status_always_says_what_the_table_waits_for(tmp_path: Path, browser: Browser) -> None:
    with a_server(tmp_path / "s.sqlite") as server:
        page = new_context(browser).new_page()
        page.goto(server.url)
        statuses = page.evaluate(STATUSES)
    assert statuses["pause"] == "Waiting for Bob to start the next deal"  # not "Ada is playing"
    assert statuses["bot"] == "Ada is playing…"
    assert re.fullmatch(
        r"Bob lost connection: a bot takes their seat in (30|29) s", statuses["lost"]
    )
    assert statuses["stood_in"] == "A bot plays for Bob…"
    assert statuses["turn"] == "Your turn: pick a card"
    assert statuses["discard"] == "You must discard: no card can be played"
    assert statuses["over"] == "The deal is over"
