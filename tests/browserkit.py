"""What the browser tests share: Debian's Chromium driven by Playwright, rooms set up late in a
deal straight in the server's store, and the checkers of tests/browser_tools (axe-core and
Lighthouse, installed with `npm ci` there)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any, Literal

import httpx
from benchmarks.pages import CHROMIUM, INSTALL, TOOLS
from benchmarks.pages import SetRoom as SetRoom
from benchmarks.pages import lighthouse as lighthouse
from benchmarks.pages import set_room as set_room
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, sync_playwright

from millebornes import Deal
from millebornes.web.identity import COOKIE
from millebornes.web.server import BackgroundServer
from webclient import FAST, create_room
from webclient import Player as Connection

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
AXE = TOOLS / "node_modules" / "axe-core" / "axe.min.js"
# The sizes the issue measured: laptops with a browser's toolbars, and a phone.
Motion = Literal["reduce", "no-preference"]
LAPTOPS: list[ViewportSize] = [
    {"width": 1280, "height": 680},
    {"width": 1366, "height": 657},
    {"width": 1280, "height": 800},
]
PHONE: ViewportSize = {"width": 360, "height": 740}
# Bots wait this long before each move, so that a position set up stays as it is while a test
# looks at it (the person's turn comes first anyway).
SLOW_BOTS = 30.0


JS = Path(__file__).parents[1] / "src" / "millebornes" / "web" / "static" / "js"


def page_constant(module: str, name: str) -> int:
    """A whole-number constant of the page's JavaScript (``const NAME = 6;`` in ``module``), read
    from its source so that a test waits for what the page does."""
    found = re.search(rf"^const {name} = (\d+);", (JS / module).read_text(), re.MULTILINE)
    assert found is not None, f"{module} has no const {name}"
    return int(found[1])


@contextlib.contextmanager
def chromium() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@contextlib.contextmanager
def a_server(db: Path, **options: Any) -> Iterator[BackgroundServer]:
    """A server on the store ``db`` (its ``db`` attribute, for ``set_room``)."""
    with BackgroundServer(db, replace(FAST, **options)) as server:
        server.db = db  # type: ignore[attr-defined]
        yield server


def _fullness(deal: Deal) -> int:
    """How full the fullest-but-one tableau is: cards a side shows, distance kinds counted once."""
    view = deal.public_view()
    shown = sorted(
        len(set(side.distance)) + len(side.safeties) + bool(side.battle) + bool(side.speed)
        for side in view.sides
    )
    return shown[0]


def _greedy(deal: Deal, rng: random.Random) -> str:
    """A move that fills tableaux: safeties, then new kinds of distance, attacks, remedies."""
    legal = [str(action) for action in deal.legal_actions()]
    seat = deal.to_act
    assert seat is not None
    side = deal.public_view().sides[deal.side_of(seat)]
    for wanted in ("coup-fourre", "extend"):
        if wanted in legal:
            return wanted

    def rank(action: str) -> tuple[int, float]:
        verb, *rest = action.split()
        card = rest[0] if rest else ""
        if verb == "play" and card in (
            "right-of-way",
            "extra-tank",
            "puncture-proof",
            "driving-ace",
        ):
            return (0, rng.random())
        if verb == "play" and card.isdigit() and card not in {str(c) for c in side.distance}:
            return (1, rng.random())
        if verb == "attack":
            return (2, rng.random())
        if verb == "play":
            return (3, rng.random())
        return (4, rng.random())

    return min(legal, key=rank)


def late_deal(
    rules: str, players: int, *, person: int = 0, fullness: int = 6
) -> tuple[int, list[str]]:
    """A seed and the actions of a deal played until every tableau shows at least ``fullness``
    cards (or as close as the deal comes), stopped on a turn of ``person`` who can play a card
    (not only discard)."""
    best: tuple[int, int, list[str]] | None = None
    for seed in range(300):
        deal = Deal.new(rules, players, seed)
        rng = random.Random(seed)
        actions: list[str] = []
        candidate: list[str] | None = None
        while not deal.is_over:
            moves = [str(a).split()[0] for a in deal.legal_actions()]
            can_play = "play" in moves or "attack" in moves
            turn = deal.to_act == person and deal.decision == "turn" and can_play
            if turn and deal.public_view().stock_size > 4:
                candidate = list(actions)
                if _fullness(deal) >= fullness:
                    return seed, actions
            action = _greedy(deal, rng)
            deal.apply(action)
            actions.append(action)
        if candidate is not None:
            replayed = Deal.new(rules, players, seed)
            for action in candidate:
                replayed.apply(action)
            score = _fullness(replayed)
            if best is None or score > best[0]:
                best = (score, seed, candidate)
    assert best is not None
    return best[1], best[2]


def seated(
    browser: Browser,
    url: str,
    room: SetRoom,
    seat: int,
    *,
    viewport: ViewportSize | None = None,
    language: str = "en",
    motion: Motion = "reduce",
    **context_options: Any,
) -> Page:
    """A page holding ``seat`` of ``room`` (as if it had joined), in ``language``."""
    context = new_context(
        browser, viewport=viewport, language=language, motion=motion, **context_options
    )
    seats = json.dumps({str(seat): room.tokens[seat]})
    context.add_init_script(
        "if (location.protocol === 'http:') "
        f"localStorage.setItem('millebornes:room:{room.code}', '{seats}')"
    )
    page = context.new_page()
    watch_errors(page)
    page.goto(f"{url}/room/{room.code}")
    return page


def new_context(
    browser: Browser,
    *,
    viewport: ViewportSize | None = None,
    language: str = "en",
    motion: Motion = "reduce",
    **options: Any,
) -> BrowserContext:
    context = browser.new_context(
        viewport=viewport or LAPTOPS[1],
        reduced_motion=motion,
        **options,
    )
    context.add_init_script(
        "if (location.protocol === 'http:') "
        f"localStorage.setItem('millebornes:language', '{language}')"
    )
    return context


def wait_until(page: Page, expression: str, timeout: float = 5.0) -> None:
    """Poll ``expression`` in the page until it is true. (Playwright's ``wait_for_function``
    builds its predicate with eval, which the page's Content-Security-Policy forbids.)"""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"still false after {timeout} s: {expression}"
        page.wait_for_timeout(20)


def watch_errors(page: Page) -> None:
    """Fail the test at its end if the page throws (see ``page_errors``)."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.thrown = errors  # type: ignore[attr-defined]


def page_errors(page: Page) -> list[str]:
    return list(page.thrown)  # type: ignore[attr-defined]


# Every line the live regions ever said, kept by the test (the page keeps the last few only).
RECORD_ANNOUNCEMENTS = """
addEventListener("DOMContentLoaded", () => {
  window.said = [];
  for (const id of ["announce", "announce-now"]) {
    new MutationObserver((changes) => {
      for (const change of changes) {
        for (const node of change.addedNodes) said.push(node.textContent);
      }
    }).observe(document.getElementById(id), { childList: true });
  }
});
"""


def announced(page: Page) -> list[str]:
    """What the page's live regions have said (the last few lines of each)."""
    return page.locator("#announce p, #announce-now p").all_inner_texts()


# --------------------------------------------------------------------- checkers


def axe_violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it is now."""
    if not AXE.exists():
        raise AssertionError(f"axe-core is missing: {INSTALL}")
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # Evaluated through the DevTools protocol: a script tag would be inline script, which
        # the page's Content-Security-Policy refuses.
        page.evaluate(AXE.read_text())
    results = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [
        {"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"][:3]]}
        for v in results["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def take_turn(page: Page, rng: random.Random, screenshot: Path | None = None) -> bool:
    """Answer a question or play one card, choosing among what the page offers; False when it
    is not this page's turn. With ``screenshot``, a legal card is chosen and the table is shot
    with it selected."""
    question = page.locator("dialog[open] .decision button[data-action]")
    if question.count():
        question.nth(rng.randrange(question.count())).click()
    else:
        if page.evaluate("document.body.classList.contains('sent')"):
            return False
        cards = page.locator("#hand .card.selectable:not(.selected)")
        if not cards.count():
            return False
        legal = page.locator("#hand .card.legal:not(.selected)")
        pick_legal = legal.count() and (screenshot is not None or rng.random() < 0.75)
        chosen = legal if pick_legal else cards
        chosen.nth(rng.randrange(chosen.count())).click()
        buttons = page.locator("#actions button[data-action]")
        buttons.first.wait_for(timeout=5000)
        if screenshot is not None:
            page.screenshot(path=str(screenshot))
        actions = [button.get_attribute("data-action") or "" for button in buttons.all()]
        action = rng.choice([a for a in actions if not a.startswith("discard")] or actions)
        if action.startswith("attack") and rng.random() < 0.5:
            page.click(f".lane.target[data-side='{action.split()[2]}']")  # click the side
        else:
            page.click(f"#actions button[data-action='{action}']")
        if page.locator("#confirm[open]").count():  # a safety discarded: asked once
            page.click("#confirm-yes")
    wait_until(page, "!document.body.classList.contains('sent')")
    return True


def deal_is_scored(page: Page) -> bool:
    return page.locator("#score-sheet .verdict").is_visible()


def played_by_players(server: BackgroundServer, seats: list[str], players: dict[str, str]) -> str:
    """A one-deal game of ``seats`` whose people are ``players`` (names and their cookies'
    secrets), joined with their cookies (as their browsers would) and played to its end, away
    from Playwright's own event loop: its code."""
    code = create_room(server, seats, single_deal=True)
    tokens = []
    for name, secret in players.items():
        with httpx.Client(base_url=server.url, cookies={COOKIE: secret}) as device:
            tokens.append(
                device.post(f"/api/rooms/{code}/join", json={"name": name}).json()["token"]
            )

    async def play() -> None:
        connected = [await Connection.connect(server, code, [t], n) for n, t in enumerate(tokens)]
        await asyncio.wait_for(asyncio.gather(*(c.play() for c in connected)), 120)
        for connection in connected:
            await connection.close()

    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, play()).result()
    return code
