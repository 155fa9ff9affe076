"""The flow of a game: a countdown while a disconnected friend's seat waits, stand-in moves told
as the bot's, spectators following the rematch, Copy that copies or says it could not, a move
made while disconnected sent or refused, a stalled connection seen and its move sent once, a
store that cannot write said and its move taken once it can, a turn clock that runs out to the
stand-in, a safety discarded only once confirmed, a way to leave, and every message in the
page's language."""

from __future__ import annotations

import asyncio
import re
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from browserkit import (
    SetRoom,
    a_server,
    announced,
    chromium,
    new_context,
    page_constant,
    page_errors,
    set_room,
    watch_errors,
)
from millebornes import Deal
from millebornes.store import GameStore
from millebornes.web.server import BackgroundServer
from millebornes.web.turnclock import TIME_CONTROLS, TimeControl
from millebornes.words import say
from webclient import create_room, join

pytestmark = pytest.mark.browser

# How long the page hears nothing before it gives its socket up as stalled.
SILENT_MS = page_constant("protocol.js", "SILENT_MS")

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
// A move sent now goes nowhere, as into a network that stalled just before it was cut.
window.stall = () => { for (const socket of window.sockets) socket.send = () => {}; };
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
    url: str | None = None,
) -> Page:
    """A page of ``room`` holding ``seats`` (none: a spectator), opened from the server's
    address or ``url``."""
    context = context or new_context(browser, language=language)
    tokens = "{" + ", ".join(f'"{s}": "{room.tokens[s]}"' for s in seats) + "}"
    page = context.new_page()
    page.add_init_script(f"localStorage.setItem('millebornes:room:{room.code}', '{tokens}')")
    watch_errors(page)
    page.goto(f"{url or server.url}/room/{room.code}")
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
    with a_server(tmp_path / "s.sqlite", away_seconds=4, bot_delay=0.1, settle_seconds=0) as server:
        room = set_room(server.db, "dujardin", ["Ann", "Bob"], seed=1)  # type: ignore[attr-defined]
        store = GameStore(server.db)  # type: ignore[attr-defined]
        context = new_context(browser)
        context.add_init_script(SOCKETS)
        ann = page_for(browser, server, room, (0,), context)
        bob = page_for(browser, server, room, (1,))  # someone stays at the table
        # Seed 1 deals Ann nothing she can play.
        expect(ann.locator("#status")).to_have_text("You must discard: no card can be played")
        ann.evaluate("window.stall()")
        action = discard_first(ann)
        ann.evaluate("window.cut()")
        expect(ann.locator("#connection")).to_be_visible()
        expect(ann.locator("#status")).to_have_text("Reconnecting…")
        expect(ann.locator("#hand .card.selectable")).to_have_count(0)  # no move offered
        ann.evaluate("window.offline = false")
        expect(ann.locator("#connection")).to_be_hidden(timeout=10_000)
        expect(ann.locator("#log li").last).to_have_text(re.compile("^You discard "))
        assert store.load(room.code).actions == [action]
        make_a_move(bob)

        # Away too long, a bot plays her turn meanwhile: her move no longer stands, and she is told.
        expect(ann.locator("#status")).to_have_text("Your turn: pick a card", timeout=10_000)
        ann.evaluate("window.stall()")
        discard_first(ann)
        ann.evaluate("window.cut()")
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


def discard_first(page: Page) -> str:
    """Discard the hand's first card (a safety too, once asked): the action."""
    page.locator("#hand .card").first.click()
    move = page.locator("#actions button[data-action^='discard']")
    action = str(move.get_attribute("data-action"))
    move.click()
    if page.locator("#confirm[open]").count():
        page.click("#confirm-yes")
    return action


class StallingProxy:
    """A TCP proxy in front of the server, in a thread of its own, whose connections can stall:
    :meth:`stall` stops forwarding without closing anything (a network that drops every packet,
    or only those to the browser) and holds new connections until :meth:`resume`, which
    forwards those; the connections stalled stay stalled."""

    def __init__(self, port: int) -> None:
        self.target = port
        self.loop = asyncio.new_event_loop()
        self.flowing = asyncio.Event()  # new connections forward while it is set
        self.gates: list[tuple[asyncio.Event, asyncio.Event]] = []  # each link's: up, down
        started = threading.Event()

        async def listen() -> None:
            self.flowing.set()
            server = await asyncio.start_server(self._link, "127.0.0.1", 0)
            self.url = f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}"
            started.set()

        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        asyncio.run_coroutine_threadsafe(listen(), self.loop)
        started.wait(5)

    async def _link(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up, down = asyncio.Event(), asyncio.Event()
        self.gates.append((up, down))
        await self.flowing.wait()
        up.set()
        down.set()
        upstream_reader, upstream_writer = await asyncio.open_connection("127.0.0.1", self.target)

        async def pipe(
            source: asyncio.StreamReader, sink: asyncio.StreamWriter, gate: asyncio.Event
        ) -> None:
            while data := await source.read(65536):
                await gate.wait()
                sink.write(data)
                await sink.drain()
            sink.close()

        await asyncio.gather(pipe(reader, upstream_writer, up), pipe(upstream_reader, writer, down))

    def stall(self, *, to_server: bool = True) -> None:
        """Stop forwarding to the browser, and to the server unless ``to_server`` is false."""

        def stall() -> None:
            self.flowing.clear()
            for up, down in self.gates:
                down.clear()
                if to_server:
                    up.clear()

        self.loop.call_soon_threadsafe(stall)

    def resume(self) -> None:
        self.loop.call_soon_threadsafe(self.flowing.set)

    def close(self) -> None:
        """Cancel the links (none left pending when the loop stops), then stop."""

        async def cancel_links() -> None:
            links = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
            for link in links:
                link.cancel()
            await asyncio.gather(*links, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(cancel_links(), self.loop).result(5)
        self.loop.call_soon_threadsafe(self.loop.stop)


def discard(page: Page, card: str) -> str:
    """Discard a ``card`` of the hand: the action."""
    page.locator(f"#hand .card[data-card='{card}']").first.click()
    page.locator(f"#actions button[data-action='discard {card}']").click()
    return f"discard {card}"


def reconnects(page: Page, proxy: StallingProxy) -> None:
    """The page sees the stall once it has heard nothing for SILENT_MS (protocol.js: the page's
    clock is moved on past it rather than waited out), offers no move meanwhile, and comes
    back."""
    page.clock.fast_forward(SILENT_MS + 1000)
    expect(page.locator("#connection")).to_be_visible()
    expect(page.locator("#connection")).to_have_text("Reconnecting…")
    expect(page.locator("#hand .card.selectable")).to_have_count(0)  # no move offered
    proxy.resume()
    expect(page.locator("#connection")).to_be_hidden(timeout=10_000)


@pytest.mark.slow
def test_a_stalled_connection_says_reconnecting_and_no_move_is_lost_or_doubled(
    tmp_path: Path, browser: Browser
) -> None:
    with a_server(tmp_path / "s.sqlite", bot_delay=0.2, settle_seconds=0) as server:
        # Ann holds three 100s: a move sent twice would still be legal.
        room = set_room(server.db, "dujardin", ["Ann", None], seed=1)  # type: ignore[attr-defined]
        store = GameStore(server.db)  # type: ignore[attr-defined]
        proxy = StallingProxy(server.port)
        context = new_context(browser)
        context.clock.install()  # time goes on as ever, until moved on past a silence
        ann = page_for(browser, server, room, (0,), context=context, url=proxy.url)
        expect(ann.locator("#status")).to_have_text("You must discard: no card can be played")
        # Stalled both ways: the move never reaches the server; it is sent once it is back.
        proxy.stall()
        lost = discard(ann, "100")
        reconnects(ann, proxy)
        expect(ann.locator("#log li[data-seat='1']")).to_have_count(1)  # the bot played next
        assert store.load(room.code).actions[0] == lost
        assert len(store.load(room.code).actions) == 2, "sent once"
        # Stalled only towards the browser: the move is taken, the bot answers, unseen; back,
        # the page finds its move among those it missed and does not send it again.
        expect(ann.locator("#hand .card.selectable").first).to_be_visible()
        proxy.stall(to_server=False)
        taken = discard(ann, "100")
        reconnects(ann, proxy)
        expect(ann.locator("#log li[data-seat='1']")).to_have_count(2)
        actions = store.load(room.code).actions
        assert actions[2] == taken
        assert len(actions) == 4, "not sent twice"
        assert ann.locator("#log li[data-seat='0']").all_inner_texts() == [
            "You discard 100 km",
            "You discard 100 km",
        ]
        assert page_errors(ann) == []
        proxy.close()


def test_a_store_that_cannot_write_is_said_and_the_move_goes_through_once_it_can(
    tmp_path: Path, browser: Browser, monkeypatch: pytest.MonkeyPatch
) -> None:
    with a_server(tmp_path / "s.sqlite", bot_delay=0.2, settle_seconds=0) as server:
        room = set_room(server.db, "dujardin", ["Ann", None], seed=1)  # type: ignore[attr-defined]
        ann = page_for(browser, server, room, (0,))
        expect(ann.locator("#status")).to_have_text("You must discard: no card can be played")
        store = server.server.rooms.store
        execute = store._execute
        locked = threading.Event()  # another program holds the database's lock, say

        def writes_refused(query: str, parameters: Any = ()) -> Any:
            if locked.is_set() and query == store.begin:
                raise sqlite3.OperationalError("database is locked")
            return execute(query, parameters)

        monkeypatch.setattr(store, "_execute", writes_refused)
        locked.set()
        move = discard(ann, "100")
        said = say("en", "web-not_saving")
        expect(ann.locator("#notice")).to_have_text(said)
        assert said in announced(ann)
        locked.clear()
        expect(ann.locator("#notice")).to_be_hidden()
        expect(ann.locator("#log li[data-seat='1']")).to_have_count(1)  # the bot played next
        actions = GameStore(server.db).load(room.code).actions  # type: ignore[attr-defined]
        assert (actions[0], len(actions)) == (move, 2), "stored once"
        assert ann.locator("#log li[data-seat='0']").all_inner_texts() == ["You discard 100 km"]
        assert page_errors(ann) == []


@pytest.mark.slow
def test_a_turn_clock_shows_warns_and_runs_out_to_the_stand_in(
    tmp_path: Path, browser: Browser, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A clock of seconds rather than minutes (the server runs in this process).
    monkeypatch.setitem(TIME_CONTROLS, "standard", TimeControl(move_seconds=4, bank_seconds=2))
    with a_server(tmp_path / "s.sqlite", seed=1, bot_delay=0.5, settle_seconds=0) as server:
        code = create_room(server, ["person", "easy"], time_control="standard")
        room = SetRoom(code, {0: join(server, code, "Ann")[1]})
        ann = page_for(browser, server, room, (0,))  # her turn first
        clock = re.compile(r"^Ann: 0:0\d left, bank 0:0[0-2]$")
        expect(ann.locator("#turn-clock")).to_have_text(clock)
        timeout = ann.locator("#log li", has_text="Time ran out")
        # The move's 4 s and the bank's 2 s run out after the clock is first shown.
        expect(timeout.first).to_have_text(
            "Time ran out: the stand-in played for Ann", timeout=15_000
        )
        warnings = [text for text in announced(ann) if text.endswith("left to play")]
        assert warnings, "said before it ran out"
        assert (
            ann.locator("#log li[data-seat='0']")
            .first.inner_text()
            .startswith("Ann's stand-in bot ")
        )
        assert page_errors(ann) == []


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
    waiting_next: [], reading_review: [], next_deal_at: null, ...extra });
  const view = (extra) => ({ seat: 0, side: 0, decision: "wait", to_act: 2, sides: [], ...extra });
  const people = [seat("Ann"), seat("Bob"), seat("Ada", { bot: "easy" })];
  const AT = Math.round(Date.now() / 1000) + 180;
  return {
    pause: status(room(people, { waiting_next: [1] }), view({})),
    reading: status(room(people, { waiting_next: [1], reading_review: [1], next_deal_at: AT }),
      view({})),
    at: new Date(AT * 1000).toLocaleTimeString("en", { hour: "2-digit", minute: "2-digit" }),
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
    assert re.fullmatch(r"\d\d:\d\d( [AP]M)?", statuses["at"])
    assert statuses["reading"] == (
        f"Bob is reading the review of the deal: the next one starts at {statuses['at']} at the "
        "latest"
    )
    assert statuses["bot"] == "Ada is playing…"
    assert re.fullmatch(
        r"Bob lost connection: a bot takes their seat in (30|29) s", statuses["lost"]
    )
    assert statuses["stood_in"] == "A bot plays for Bob…"
    assert statuses["turn"] == "Your turn: pick a card"
    assert statuses["discard"] == "You must discard: no card can be played"
    assert statuses["over"] == "The deal is over"
