"""Lighthouse (tests/browser_tools) scores the pages: accessibility 100 on the home page, a room
mid-deal and the review page, which does not shift as it loads; axe-core finds nothing serious
or critical on the review page either. The review page's speed is a figure, measured on a quiet
machine by ``python -m benchmarks.pages``, not asserted here."""

from __future__ import annotations

import functools
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import expect

from browserkit import (
    SLOW_BOTS,
    a_server,
    axe_violations,
    chromium,
    late_deal,
    lighthouse,
    new_context,
    set_room,
)
from budgets import quick_review
from millebornes.review.jobs import ReviewJobs
from millebornes.web import app
from millebornes.web.server import BackgroundServer

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# The layout shifts the page makes while it loads, summed as Lighthouse does (CLS).
LAYOUT_SHIFT = """new Promise((resolve) => {
  let total = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) total += entry.value;
  }).observe({ type: "layout-shift", buffered: true });
  setTimeout(() => resolve(total), 1500);
})"""


@pytest.fixture(scope="module")
def server(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[BackgroundServer, str, str]]:
    """A server with a room mid-deal and the review link of a finished deal (reviewed at a
    small budget, and done before anything is measured)."""
    patch = pytest.MonkeyPatch()
    patch.setattr(app, "ReviewJobs", functools.partial(ReviewJobs, budget=quick_review(20)))
    db = tmp_path_factory.mktemp("lighthouse") / "s.sqlite"
    try:
        with a_server(db, bot_delay=SLOW_BOTS) as running:
            seed, actions = late_deal("winning-moves", 4)
            names = ["Ann", "Bob", "Cleo", "Dan"]
            room = set_room(db, "winning-moves", names, seed=seed, actions=actions)
            finished = set_room(db, "dujardin", ["Ann", None], finish_deal=True)
            asked = httpx.post(
                f"{running.url}/api/rooms/{finished.code}/review",
                json={"token": finished.tokens[0], "deal": 0},
            )
            link = asked.json()["link"]
            deadline = time.monotonic() + 120
            while httpx.get(f"{running.url}/api{link}").json()["review"] is None:
                assert time.monotonic() < deadline, "the review never finished"
                time.sleep(0.2)
            yield running, room.code, link
    finally:
        patch.undo()


def test_lighthouse_scores_accessibility_100_on_the_home_room_and_review_pages(
    server: tuple[BackgroundServer, str, str], tmp_path: Path
) -> None:
    running, code, link = server
    pages = {
        "home": (f"{running.url}/", ["accessibility"]),
        # Every seat is taken: the page watches the table, mid-deal.
        "room": (f"{running.url}/room/{code}", ["accessibility"]),
        "review": (f"{running.url}{link}", ["accessibility"]),
    }
    # The three at once: each Lighthouse run mostly waits (for its Chromium, for the page to
    # settle), so that together they take little longer than one.
    with ThreadPoolExecutor(len(pages)) as pool:
        running_now = {
            name: pool.submit(lighthouse, url, categories, tmp_path / f"{name}.json")
            for name, (url, categories) in pages.items()
        }
        scores = {name: future.result() for name, future in running_now.items()}
    assert scores == {
        "home": {"accessibility": 100},
        "room": {"accessibility": 100},
        "review": {"accessibility": 100},
    }


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_review_page_does_not_shift_as_it_loads_and_axe_finds_nothing_serious_on_it(
    server: tuple[BackgroundServer, str, str], language: str
) -> None:
    running, _, link = server
    with chromium() as browser:
        page = new_context(browser, language=language).new_page()
        page.goto(f"{running.url}{link}")
        expect(page.locator("#accuracy")).to_be_visible()
        assert page.evaluate(LAYOUT_SHIFT) == 0
        assert axe_violations(page) == []
