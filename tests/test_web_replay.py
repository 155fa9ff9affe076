"""The browser game's replay of a finished deal: its link asked with a seat's token, its data
from a seat's view (that seat's hand, no other) or with every hand open, and the page in
Chromium (Playwright), in English and in French, opened from the score sheet."""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, ViewportSize, expect

from browserkit import LAPTOPS, PHONE, axe_violations, chromium, new_context
from millebornes import Deal
from millebornes.review.decisions import deal_start
from millebornes.store import GameStore
from millebornes.web.server import BackgroundServer
from test_web_review import CODE, TOKEN, finished_room
from webclient import FAST

SCREENSHOTS: list[ViewportSize] = [LAPTOPS[1], {"width": 1920, "height": 1080}, PHONE]


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[BackgroundServer, Deal]]:
    """The server over a finished one-deal room (Ann, seat 0, against a bot), and the deal."""
    db = tmp_path / "server.sqlite"
    deal = finished_room(db)
    with BackgroundServer(db, FAST) as running:
        yield running, deal


def ask(server: BackgroundServer, token: str, deal: int) -> httpx.Response:
    return httpx.post(f"{server.url}/api/rooms/{CODE}/replay", json={"token": token, "deal": deal})


def replay(server: BackgroundServer, link: str, **params: str) -> dict[str, Any]:
    answer = httpx.get(f"{server.url}/api{link}", params=params)
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def test_a_seat_gets_a_link_whose_steps_show_its_hand_or_every_hand_once_over(
    served: tuple[BackgroundServer, Deal], tmp_path: Path
) -> None:
    server, deal = served
    assert ask(server, "not-a-token", 0).json()["code"] == "bad-token"
    assert "not over" in ask(server, TOKEN, 1).json()["message"]
    link = ask(server, TOKEN, 0).json()["link"]
    assert re.fullmatch("/replay/[0-9a-f]{32}", link)
    own = replay(server, link)
    assert "seed" not in json.dumps(own)  # the seed that dealt the cards is never sent
    assert (own["seat"], own["shown"], own["names"]) == (0, 0, ["Ann", "Bot"])
    start, actions = deal_start(deal)
    assert own["start"] == {"view": shown(start, 0), "hands": None}
    for step in own["steps"]:  # Ann's hand after each action, and no other
        start.apply(actions[step["index"]])
        assert step["view"] == shown(start, 0)
        assert step["hands"] is None
    assert own["points"] == [sheet["total"] for sheet in deal.score()]
    everything = replay(server, link, seat="open", language="fr")
    assert everything["shown"] == "open"
    last = everything["steps"][-1]
    assert last["hands"] == [[card.notation for card in deal.view(s).hand] for s in (0, 1)]
    assert last["view"]["decision"] == "over"
    assert "hand" not in last["view"]
    assert everything["steps"][0]["text"].startswith("Ann ")  # told in French, nobody "vous"
    bots = replay(server, link, seat="1")
    assert bots["start"]["view"] == shown(deal_start(deal)[0], 1)
    for bad in ("2", "-1", "everyone"):
        refused = httpx.get(f"{server.url}/api{link}", params={"seat": bad})
        assert refused.status_code == 400
        assert refused.json()["message"].startswith("seat is open or a seat from 0 to 1, not")
    assert GameStore(tmp_path / "server.sqlite").load_review(CODE, 0, 0) is None  # not reviewed


def shown(deal: Deal, seat: int) -> dict[str, Any]:
    data = deal.view(seat).to_dict(moves=False)
    del data["legal"]
    return data


@contextlib.contextmanager
def opened_from_the_score_sheet(server: BackgroundServer, language: str) -> Iterator[Page]:
    """The replay page, opened with the score sheet's Replay button in ``language``."""
    with chromium() as browser:
        context = new_context(browser, language=language)
        context.add_init_script(  # Ann's seat, as joining the room kept it
            "if (location.protocol === 'http:') localStorage.setItem("
            f"'millebornes:room:{CODE}', '{json.dumps({0: TOKEN})}')"
        )
        errors: list[str] = []
        context.on("weberror", lambda error: errors.append(str(error.error)))
        table = context.new_page()
        table.goto(f"{server.url}/room/{CODE}")
        with context.expect_page() as opened:
            table.click("#replay-deal")
        page = opened.value
        page.wait_for_load_state()
        yield page
        assert errors == []


WORDS = {
    "en": {"title": "Replay of deal 1", "dealt": "The cards are dealt", "step": "Action 1 of",
           "over": "km. Deal 1 is over: Ann", "open": "All hands open", "hand": "Bot's hand:",
           "unknown": "No replay has this link."},
    "fr": {"title": "Revoir la manche 1", "dealt": "Les cartes sont distribuées",
           "step": "Coup 1 sur", "over": "bornes. La manche 1 est finie : Ann",
           "open": "Toutes les mains ouvertes", "hand": "Main de Bot :",
           "unknown": "Aucune manche à revoir n'a ce lien."},
}  # fmt: skip


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_replay_steps_with_keys_and_buttons_says_each_step_and_shares_the_moment(
    served: tuple[BackgroundServer, Deal], language: str, tmp_path: Path
) -> None:
    server, deal = served
    words = WORDS[language]
    replayed, actions = deal_start(deal)
    dealt = len(replayed.view(0).hand)
    replayed.apply(actions[0])
    with opened_from_the_score_sheet(server, language) as page:
        step = page.locator("#replay-step")
        expect(page.locator("#replay-title")).to_have_text(words["title"])
        expect(step).to_have_attribute("aria-live", "polite")
        expect(step).to_contain_text(words["dealt"])
        expect(page.locator("#hands .card")).to_have_count(dealt)  # Ann's hand as dealt
        expect(page.locator("#mine [data-side='0']")).to_be_visible()
        page.keyboard.press("ArrowRight")
        expect(step).to_contain_text(words["step"])
        expect(page.locator("#hands .card")).to_have_count(len(replayed.view(0).hand))
        assert page.url.endswith("?seat=0&action=1")
        page.click("#next")
        expect(page).to_have_url(re.compile(r"action=2$"))
        page.screenshot(path=str(tmp_path / f"replay-{language}-seat.png"))
        page.keyboard.press("End")
        expect(step).to_contain_text(words["over"])
        expect(page.locator("#next")).to_be_disabled()
        page.select_option("#replay-seat", "open")  # every hand, the deal being over
        expect(page.locator("#hands h3")).to_have_count(2)
        expect(page.locator("#hands h3").last).to_have_text(words["hand"])
        expect(page.locator("#replay-seat option:checked")).to_have_text(words["open"])
        expect(step).to_contain_text(words["over"])  # the same moment, seen by everyone
        assert axe_violations(page) == []
        for size in SCREENSHOTS:
            page.set_viewport_size(size)
            page.evaluate("scrollTo(0, 0)")
            page.screenshot(path=str(tmp_path / f"replay-{language}-{size['width']}.png"))
        page.keyboard.press("Home")
        expect(step).to_contain_text(words["dealt"])
        shared = page.url.replace("action=0", "action=3")
        page.goto(shared)  # a shared moment opens where it was
        expect(step).to_contain_text(words["step"].replace("1", "3", 1))
        expect(page.locator("#replay-seat")).to_have_value("open")
        assert axe_violations(page) == []
        page.locator("#log a").nth(5).click()  # a step of the list
        expect(page).to_have_url(re.compile(r"action=5$"))
        page.goto(f"{server.url}/replay/no-such-link")
        expect(step).to_have_text(words["unknown"])
