"""The operator's words on the page, in Chromium: an announcement shows in a banner until closed
and is said to screen readers, in the page's language; a room the operator closes says so."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, expect

from browserkit import RECORD_ANNOUNCEMENTS, SetRoom, chromium, page_errors, seated, wait_until
from millebornes.web.server import BackgroundServer
from webclient import FAST, create_room, join

pytestmark = pytest.mark.browser
TOKEN = "operator-secret-9b2e"
OPERATOR = {"Authorization": f"Bearer {TOKEN}"}
CONNECT_SECONDS = 10.0  # a page loads and connects within this, even on a busy machine


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


def test_the_operator_s_announcement_and_closing_reach_the_page_in_its_language(
    browser: Browser, db: Path
) -> None:
    with BackgroundServer(db, FAST, admin_token=TOKEN) as server:
        code = create_room(server, ["person", "person"])
        _, token = join(server, code, "Ann")
        page = seated(browser, server.url, SetRoom(code, {0: token}), 0, language="fr")
        page.add_init_script(RECORD_ANNOUNCEMENTS)
        page.reload()
        deadline = time.monotonic() + CONNECT_SECONDS
        body = {"text": "Pause café à 16 h"}
        while (
            httpx.post(f"{server.url}/admin/announce", json=body, headers=OPERATOR).json()["told"]
            == 0
        ):
            assert time.monotonic() < deadline, "the page did not connect"
            page.wait_for_timeout(100)
        banner = page.locator("#server-message")
        expect(banner).to_contain_text("Message du serveur : Pause café à 16 h")
        wait_until(page, "window.said.includes('Message du serveur : Pause café à 16 h')")
        banner.get_by_role("button", name="Fermer").click()
        expect(banner).to_be_hidden()
        closed = httpx.post(f"{server.url}/admin/rooms/{code}/close", headers=OPERATOR)
        assert closed.status_code == 200
        expect(page.locator("#toast")).to_have_text("L'exploitant du serveur a fermé cette salle.")
        wait_until(page, 'window.said.includes("L\'exploitant du serveur a fermé cette salle.")')
        assert page_errors(page) == []
