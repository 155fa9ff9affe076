"""The page's answer to a room refused with ``moved`` (docs/scaling.md): every server the proxy
tried says another one plays the room, whose server has just died. The page asks again each
second rather than saying there is no such room, and says the room is moving only once six
tries failed. The refusals are made by the browser's own routing, as a proxy would pass them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect

import browserkit as kit
from millebornes.words import say
from test_browser_layout import shots
from webclient import create_room

MOVED = json.dumps({"type": "error", "code": "moved", "message": "another server plays it"})
TRIES = kit.page_constant("dom.js", "MOVED_TRIES")


def refusing(page: Page, path: str, times: int) -> list[str]:
    """Answer the page's first ``times`` requests to ``path`` with 404 ``moved``, and let the
    others through: the list of every request made, growing."""
    made: list[str] = []

    def route(route: Route) -> None:
        made.append(route.request.method)
        if len(made) <= times:
            route.fulfill(status=404, content_type="application/json", body=MOVED)
        else:
            route.continue_()

    page.route(f"**{path}", route)
    return made


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.parametrize(
    ("language", "size"),
    # Each language at one size: the retries are the same in both, their words and the layout
    # of what is said are not.
    [("en", "laptop"), ("fr", "phone")],
)
def test_a_room_refused_moved_is_asked_for_again_then_said_to_be_moving(
    tmp_path: Path, language: str, size: str
) -> None:
    viewport = kit.LAPTOPS[1] if size == "laptop" else kit.PHONE
    with kit.a_server(tmp_path / "s.sqlite") as server, kit.chromium() as browser:
        code = create_room(server, ["person", "person"], single_deal=True)
        page = kit.new_context(browser, viewport=viewport, language=language).new_page()
        kit.watch_errors(page)
        looks = refusing(page, f"/api/rooms/{code}", 2)
        joins = refusing(page, f"/api/rooms/{code}/join", TRIES)
        page.goto(f"{server.url}/room/{code}")
        expect(page.locator("#join")).to_be_visible(timeout=10_000)  # not "no such room"
        assert looks == ["GET"] * 3, "asked again until the room answered"
        page.fill("#name", "Ann")
        page.locator("#free-seats button").first.click()
        moving = say(language, "web.errors.moved")
        expect(page.locator("#join-error")).to_have_text(moving, timeout=15_000)
        assert joins == ["POST"] * TRIES, "sent again each second, six times in all"
        page.screenshot(path=str(shots(tmp_path) / f"moved-{size}-{language}.png"))
        assert kit.axe_violations(page) == []
        page.locator("#free-seats button").first.click()  # the room's server answers now
        expect(page.locator("#join")).to_be_hidden(timeout=10_000)
        assert kit.page_errors(page) == []
        page.context.close()
