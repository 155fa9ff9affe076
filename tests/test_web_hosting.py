"""Hosting the browser game: security headers, the health check, the public address, logs, and a
server stopped with SIGTERM in the middle of play."""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import sync_playwright
from websockets.exceptions import ConnectionClosed, InvalidStatus

from browserkit import chromium, new_context, page_errors, watch_errors
from millebornes.cli.main import main
from millebornes.store import GameStore
from millebornes.web.middleware import CONTENT_SECURITY_POLICY
from millebornes.web.server import BackgroundServer
from millebornes.words import say
from serving import Served, is_subsequence, seats_and_actions, serve_command, wait_for
from test_browser import CHROMIUM, CHROMIUM_ARGS
from webclient import FAST, Player, create_room, join


def test_every_response_carries_the_security_headers(tmp_path: Path) -> None:
    with BackgroundServer(tmp_path / "s.sqlite", FAST) as server:
        code = create_room(server, ["person", "easy"])
        for path in ("/", f"/room/{code}", "/static/style.css", "/api/config", "/nowhere"):
            headers = httpx.get(server.url + path).headers
            assert headers["content-security-policy"] == CONTENT_SECURITY_POLICY, path
            assert headers["x-content-type-options"] == "nosniff"
            assert headers["x-frame-options"] == "DENY"
            assert headers["referrer-policy"] == "no-referrer"
            assert "strict-transport-security" not in headers, "served over plain HTTP"
        policy = dict(part.split(" ", 1) for part in CONTENT_SECURITY_POLICY.split("; "))
        assert policy["script-src"] == "'self'", "no inline script, no eval, no other site"
        assert policy["frame-ancestors"] == "'none'"
        joined = httpx.post(f"{server.url}/api/rooms/{code}/join", json={"name": "Ann"})
        assert joined.headers["cache-control"] == "no-store", "a seat's token is never cached"
        assert "server" not in joined.headers


@pytest.mark.browser
def test_the_page_runs_under_its_policy_and_no_inline_script_does(tmp_path: Path) -> None:
    with (
        BackgroundServer(tmp_path / "s.sqlite", FAST) as server,
        sync_playwright() as playwright,
    ):
        code = create_room(server, ["person", "easy"])
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            refused: list[str] = []
            page.on(
                "console",
                lambda message: (
                    refused.append(message.text)
                    if "Content Security Policy" in message.text
                    else None
                ),
            )
            page.goto(f"{server.url}/room/{code}")
            page.wait_for_selector("#free-seats button")
            page.goto(server.url)
            page.wait_for_selector("#create-form button[type=submit]")
            assert refused == [], "the page's own scripts, styles and sockets all run"
            ran = page.evaluate(
                """() => {
                    const script = document.createElement("script");
                    script.textContent = "window.injected = true";
                    document.body.append(script);
                    return window.injected === true;
                }"""
            )
            assert not ran, "an injected inline script does not run"
            assert refused, "and the browser says why"
        finally:
            browser.close()


def test_the_invitation_link_is_the_public_address(tmp_path: Path) -> None:
    public = "https://cards.example.org"
    with BackgroundServer(tmp_path / "s.sqlite", FAST, public_url=public + "/") as server:
        created = httpx.post(f"{server.url}/api/rooms", json={"seats": ["person", "easy"]})
        code = created.json()["code"]
        assert created.json()["link"] == f"{public}/room/{code}"
        config = httpx.get(f"{server.url}/api/config").json()
        assert (config["public_url"], config["others_can_join"]) == (public, True)
        headers = httpx.get(server.url).headers
        assert headers["strict-transport-security"].startswith("max-age=")
    with BackgroundServer(tmp_path / "s.sqlite", FAST, loopback_only=True) as server:
        created = httpx.post(f"{server.url}/api/rooms", json={"seats": ["person", "easy"]})
        assert created.json()["link"] == f"{server.url}/room/{created.json()['code']}"
        config = httpx.get(f"{server.url}/api/config").json()
        assert (config["public_url"], config["others_can_join"]) == (None, False)


def test_serve_refuses_a_public_url_that_is_not_an_address(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for bad in ("cards.example.org", "ftp://cards.example.org", "https://x.org/?room=1"):
        assert main(["serve", "--db", str(tmp_path / "s.sqlite"), "--public-url", bad]) == 2
        assert "--public-url is an address such as https://" in capsys.readouterr().err


def test_the_health_check_says_whether_the_server_takes_games(tmp_path: Path) -> None:
    with BackgroundServer(tmp_path / "s.sqlite", FAST) as server:
        code = create_room(server, ["person", "easy"])
        health = httpx.get(f"{server.url}/healthz")
        assert (health.status_code, health.json()) == (200, {"status": "ok", "rooms": 1})
        server.server.rooms.draining = True  # what SIGTERM sets first
        stopping = httpx.get(f"{server.url}/healthz")
        assert stopping.status_code == 503
        assert stopping.json()["code"] == "restarting"
        refused = httpx.post(f"{server.url}/api/rooms", json={"seats": ["person", "easy"]})
        assert (refused.status_code, refused.json()["code"]) == (503, "restarting")
        # A page's socket is refused before it opens, as the health check says (a proxy then
        # tries another server).
        with pytest.raises(InvalidStatus) as socket_refused:
            asyncio.run(Player.connect(server, code, []))
        assert socket_refused.value.response.status_code == 503
        assert json.loads(socket_refused.value.response.body or b"{}")["code"] == "restarting"


# Within the 20 messages a second a connection may send (the compiled engine answers fast enough
# for two players who answer at once to pass it).
THINK_SECONDS = 0.05


async def play_until_closed(player: Player) -> int | None:
    """Play random legal actions until the server closes the connection (or the match ends);
    the close code. A move refused because the server is stopping is fine: it was not taken."""
    with contextlib.suppress(ConnectionClosed):
        while True:
            message = await player.receive()
            if message["type"] == "error":
                assert message["code"] == "restarting", message
                player.pending = None
                continue
            event = message["event"]
            if event is not None and event["action"] == player.pending:
                player.pending = None
            if message["room"]["over"]:
                return None
            legal = message["view"].get("legal")
            if legal and player.pending is None:
                player.pending = player.rng.choice(legal)
                await asyncio.sleep(THINK_SECONDS)
                await player.send({"type": "action", "action": player.pending})
    return player.socket.close_code


@pytest.mark.slow
def test_sigterm_stores_what_was_played_tells_clients_to_reconnect_and_loses_nothing(
    tmp_path: Path,
) -> None:
    db = tmp_path / "server.sqlite"
    quick = ["--bot-delay", "0", "--deal-pause", "0", "--settle-seconds", "0"]
    command = serve_command("--port", "0", "--db", str(db), "--log-format", "json", *quick)
    players: list[Player] = []

    async def play(server: Served, code: str, tokens: list[str], stop: bool) -> list[int | None]:
        players[:] = [
            await Player.connect(server, code, [token], seed) for seed, token in enumerate(tokens)
        ]
        playing = [asyncio.create_task(play_until_closed(player)) for player in players]
        if stop:
            while len(GameStore(db).load(code).actions) < 15:
                await asyncio.sleep(0.01)
            server.process.send_signal(signal.SIGTERM)  # while both keep playing
        return list(await asyncio.gather(*playing))

    with Served(command) as server:
        code = create_room(server, ["person", "person"], single_deal=True)
        tokens = [join(server, code, name)[1] for name in ("Ann", "Bob")]
        codes = asyncio.run(play(server, code, tokens, stop=True))
        # uvicorn stops, then ends the process by the signal it was sent, as a shell expects.
        assert server.process.wait(20) == -signal.SIGTERM
        logs = [json.loads(line) for line in server.logs().splitlines()]
    messages = [entry["message"] for entry in logs]
    assert "stopping: every room stored" in messages
    assert "stopped" in messages
    assert codes == [1012, 1012], "told to reconnect"
    seen_before = [
        [(m["event"]["seat"], m["event"]["action"]) for m in player.states() if m["event"]]
        for player in players
    ]
    stored = seats_and_actions(db, code)
    assert len(stored) >= 15
    for seen in seen_before:
        assert is_subsequence(seen, stored), "every move a client was told of is stored"
    assert not [entry for entry in logs if entry["level"] == "error"], logs

    with Served(command) as server:  # the same game, on a server started again
        asyncio.run(play(server, code, tokens, stop=False))
        server.stop()
    final = GameStore(db).load(code)
    assert final.finished
    assert seats_and_actions(db, code)[: len(stored)] == stored
    assert final.replay().is_over


@pytest.mark.slow
def test_requests_and_websockets_are_logged_as_json_lines(tmp_path: Path) -> None:
    command = serve_command("--port", "0", "--db", str(tmp_path / "s.sqlite"))
    with Served([*command, "--log-format", "json", "--behind-proxy"]) as server:
        forwarded = {"x-forwarded-for": "203.0.113.7"}
        created = httpx.post(
            f"{server.url}/api/rooms", json={"seats": ["person", "easy"]}, headers=forwarded
        )
        code = created.json()["code"]
        httpx.get(f"{server.url}/api/rooms/nope")

        async def watch() -> None:
            watcher = await Player.connect(server, code, [])
            await watcher.receive_state()
            await watcher.close()

        asyncio.run(watch())
        wait_for(lambda: '"websocket"' in server.logs(), what="the session's log line")
        server.stop()
        entries = [json.loads(line) for line in server.logs().splitlines()]
    requests = [e for e in entries if e["message"] == "request"]
    assert {
        "method": "POST",
        "path": "/api/rooms",
        "status": 201,
        "client": "203.0.113.7",
    }.items() <= requests[0].items()
    assert requests[1]["status"] == 404
    assert all(e["logger"] == "millebornes.access" and "time" in e for e in requests)
    (session,) = [e for e in entries if e["message"] == "websocket"]
    assert (session["path"], session["ended"]) == (f"/ws/{code}", "left")


@pytest.mark.browser
def test_the_page_invites_at_the_public_address_or_says_friends_cannot_join(
    tmp_path: Path,
) -> None:
    """The room's invitation link is at --public-url when the server has one; served on
    loopback alone without one, the page says in its language that friends elsewhere cannot
    join, and where to read how they could."""
    public = "https://cards.example.org"
    with chromium() as browser:
        for settings in ({"public_url": public}, {"loopback_only": True}):
            with BackgroundServer(tmp_path / "s.sqlite", FAST, **settings) as server:
                code = create_room(server, ["person", "person", "easy"])
                page = new_context(browser).new_page()
                watch_errors(page)
                page.goto(f"{server.url}/room/{code}")
                page.fill("#name", "Ann")
                page.click("#free-seats button")
                page.wait_for_selector("#waiting", state="visible")
                link = page.input_value("#invite-link")
                notice = page.locator("#local-only")
                if "public_url" in settings:
                    assert link == f"{public}/room/{code}"
                    assert not notice.is_visible()
                else:
                    assert link == f"{server.url}/room/{code}"
                    assert notice.is_visible()
                    assert notice.inner_text() == say("en", "web-local_only")
                    assert "docs/deploy.md" in notice.inner_text()
                    page.click("#language")
                    assert notice.inner_text() == say("fr", "web-local_only")
                assert page_errors(page) == []
                page.context.close()
