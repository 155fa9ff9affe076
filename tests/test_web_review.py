"""The browser game's review of a finished deal: asked with a seat's token, computed in the
background and kept, served at a read-only link that shows only what that seat saw; and the
page itself in Chromium (Playwright), opened from the score sheet's Review button."""

from __future__ import annotations

import functools
import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest.mock import ANY

import httpx
import pytest
from playwright.sync_api import expect, sync_playwright

from budgets import quick_review
from millebornes import Deal
from millebornes.review.jobs import ReviewJobs
from millebornes.store import GameStore
from millebornes.table import Player, Table
from millebornes.web import app
from millebornes.web.room import ROOM_KIND
from millebornes.web.seats import token_hash
from millebornes.web.server import BackgroundServer
from scenarios import played
from webclient import FAST

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
CODE = "finished-room"
TOKEN = "ann-secret-token"
SEED = 0


def finished_room(db: Path) -> Deal:
    """A stored one-deal room: Ann (a person, seat 0, holding TOKEN) against a bot, played to
    its end by experts. The deal as played."""
    store = GameStore(db)
    Table.create(
        store,
        rules="dujardin",
        players=[Player("Ann"), Player("Bot", "easy")],
        single_deal=True,
        seed=SEED,
        meta={"kind": ROOM_KIND, "code": CODE, "tokens": [token_hash(TOKEN), None]},
        game_id=CODE,
    )
    deal = played(Deal.new("dujardin", 2, SEED), "expert")
    for number, action in enumerate(deal.history, 1):
        store.append(CODE, str(action), finished=number == len(deal.history))
    store.close()
    return deal


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[BackgroundServer]:
    """The server over a finished room, reviewing at a small budget."""
    monkeypatch.setattr(app, "ReviewJobs", functools.partial(ReviewJobs, budget=quick_review(40)))
    db = tmp_path / "server.sqlite"
    finished_room(db)
    with BackgroundServer(db, FAST) as running:
        yield running


def ask(server: BackgroundServer, token: str, deal: int) -> httpx.Response:
    return httpx.post(f"{server.url}/api/rooms/{CODE}/review", json={"token": token, "deal": deal})


def reviewed(server: BackgroundServer, link: str) -> dict[str, Any]:
    """The review's data once the analysis is done."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        data: dict[str, Any] = httpx.get(f"{server.url}/api{link}").json()
        if data["review"] is not None:
            return data
        assert data["error"] is None
        time.sleep(0.2)
    raise AssertionError("the review never finished")


@pytest.mark.slow
def test_a_seat_gets_a_link_that_shows_only_what_it_saw(
    server: BackgroundServer, tmp_path: Path
) -> None:
    refused = ask(server, "not-a-token", 0)
    assert refused.status_code == 403
    assert refused.json()["code"] == "bad-token"
    not_over = ask(server, TOKEN, 1)
    assert not_over.status_code == 400
    assert "not over" in not_over.json()["message"]
    reply = ask(server, TOKEN, 0)
    assert reply.status_code == 200
    link = reply.json()["link"]
    assert ask(server, TOKEN, 0).json()["link"] == link  # one link per review
    data = reviewed(server, link)
    assert data["seat"] == 0
    assert data["names"] == ["Ann", "Bot"]
    deal = Deal.new("dujardin", 2, SEED)
    for step in data["steps"]:  # each step shows Ann's view then, her hand and no other
        expected = deal.view(0).to_dict(moves=False)
        del expected["legal"]
        assert step["view"] == expected
        deal.apply(step["action"])
    assert len(data["steps"]) == len(deal.history)
    assert data["end"]["decision"] == "over"
    judged = data["review"]["decisions"]
    assert [d["index"] for d in judged] == [s["index"] for s in data["steps"] if s["seat"] == 0]
    assert data["judged"] == judged
    assert set(data["told"]["verdicts"]) == {str(d["index"]) for d in judged}
    parts = data["review"]["summary"]["luck"]
    assert sum(parts[part] for part in ("start", "choices", "draws", "others")) == parts["margin"]
    assert data["told"]["luck"][0].startswith("Your choices cost you")
    assert GameStore(tmp_path / "server.sqlite").load_review(CODE, 0, 0) == data["review"]
    unknown = httpx.get(f"{server.url}/api/review/nothing-here")
    assert unknown.status_code == 404
    assert unknown.json() == {"type": "error", "code": "unknown-review", "message": ANY}
    # The steps told in the page's language.
    french = httpx.get(f"{server.url}/api{link}", params={"language": "fr"}).json()
    assert [s["action"] for s in french["steps"]] == [s["action"] for s in data["steps"]]
    assert french["steps"][0]["text"] != data["steps"][0]["text"]
    assert any(step["text"].startswith("Vous ") for step in french["steps"])
    klingon = httpx.get(f"{server.url}/api{link}", params={"language": "tlh"})
    assert klingon.status_code == 400
    assert klingon.json()["code"] == "bad-message"


@pytest.mark.slow
@pytest.mark.browser
def test_the_score_sheet_opens_the_review_page(server: BackgroundServer, tmp_path: Path) -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        seats = json.dumps({0: TOKEN})
        context.add_init_script(  # Ann's seat, as joining the room kept it (not on about:blank)
            f"if (location.protocol === 'http:') localStorage.setItem("
            f"'millebornes:room:{CODE}', '{seats}')"
        )
        errors: list[str] = []
        context.on("weberror", lambda error: errors.append(str(error.error)))
        page = context.new_page()
        page.goto(f"{server.url}/room/{CODE}")
        expect(page.locator("#score-sheet")).to_be_visible()
        with context.expect_page() as opened:
            page.click("#review-deal")
        review_page = opened.value
        review_page.wait_for_load_state()
        assert re.fullmatch(rf"{server.url}/review/[0-9a-f]{{32}}", review_page.url)
        expect(review_page.locator("#accuracy")).to_be_visible(timeout=120_000)
        expect(review_page.locator("#review-step")).to_contain_text("Action 1 of")
        expect(review_page.locator(".review-luck").first).to_contain_text("Your choices cost you")
        assert review_page.locator("#review-hand .chip").count() == 7
        review_page.keyboard.press("ArrowRight")
        expect(review_page.locator("#review-step")).to_contain_text("Action 2 of")
        costly = review_page.locator("#review-costly button")
        if costly.count():
            costly.first.click()
            # The verdict as the terminal tells it: "Mistake: you discarded ...; master's choice:
            # ...; lost about 120 points", told by the server in the page's language.
            expect(review_page.locator("#review-verdict")).to_contain_text("master's choice:")
            # Each costly moment links to its step on the replay's table, from the seat's view.
            index = int(costly.first.get_attribute("data-index") or "")
            on_table = review_page.locator("#review-costly a.on-table").first
            expect(on_table).to_have_attribute(
                "href", re.compile(rf"^/replay/[0-9a-f]{{32}}\?seat=0&action={index + 1}$")
            )
        review_page.screenshot(path=str(tmp_path / "review.png"))
        review_page.click("#language")  # the whole page in French, the steps too
        expect(review_page.locator("#review-step")).to_contain_text("sur")
        expect(review_page.locator("#review-title")).to_contain_text("Analyse de la manche 1")
        expect(review_page.locator("#share")).to_have_text("Copier le lien")
        expect(review_page.locator("#accuracy")).to_contain_text("Précision")
        luck = review_page.locator(".review-luck")
        expect(luck.first).to_contain_text("Vos choix vous ont coûté")
        expect(luck.last).to_contain_text("par vos tirages")
        if costly.count():
            expect(review_page.locator("#review-verdict")).to_contain_text("le choix du maître :")
        phone = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        phone.goto(review_page.url)
        expect(phone.locator("#accuracy")).to_be_visible()
        width = phone.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], "the phone page never scrolls sideways"
        assert errors == []
        browser.close()
