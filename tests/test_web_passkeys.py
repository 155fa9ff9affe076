"""Passkeys over real HTTP, with a software authenticator (``authenticator.py``) in place of
a browser's: a named player adds one (its options ask for a discoverable credential that
verifies the user), lists and removes it; another device signs in with it, no name typed, and
becomes that player. A replayed, cloned, forged or late answer is refused in the server's
error shape; a passkey's public key never leaves the server; an IP address is no relying
party, a public address is."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from authenticator import Authenticator
from millebornes.web.server import BackgroundServer
from webclient import FAST


@pytest.fixture
def browsers(server: BackgroundServer) -> Iterator[list[httpx.Client]]:
    """Three browsers at ``http://localhost:PORT`` (WebAuthn takes no IP address), each a
    player of its own."""
    url = server.url.replace("127.0.0.1", "localhost")
    clients = [httpx.Client(base_url=url) for _ in range(3)]
    for client in clients:
        client.get("/api/me")
    yield clients
    for client in clients:
        client.close()


def _add(browser: httpx.Client, authenticator: Authenticator, name: str) -> httpx.Response:
    options = browser.post("/api/me/passkeys/options").json()
    credential = authenticator.register(options)
    return browser.post("/api/me/passkeys", json={"name": name, "credential": credential})


def _sign_in(browser: httpx.Client, authenticator: Authenticator) -> httpx.Response:
    options = browser.post("/api/passkeys/signin/options").json()
    return browser.post("/api/passkeys/signin", json={"credential": authenticator.sign(options)})


def _refusal(response: httpx.Response) -> tuple[int, str]:
    return response.status_code, response.json()["code"]


def test_a_passkey_added_on_one_browser_signs_its_player_in_on_another(
    browsers: list[httpx.Client], server: BackgroundServer
) -> None:
    home, library, _ = browsers
    me = home.get("/api/me").json()
    home.post("/api/me/name", json={"name": "Gaby"})
    port = server.url.rsplit(":", 1)[1]
    phone = Authenticator(f"http://localhost:{port}")
    options = home.post("/api/me/passkeys/options").json()
    assert options["rp"] == {"id": "localhost", "name": "Mille Bornes"}
    assert options["user"]["name"] == "Gaby"
    assert options["authenticatorSelection"]["residentKey"] == "required"
    assert options["authenticatorSelection"]["userVerification"] == "required"
    assert options["excludeCredentials"] == []
    added = home.post(
        "/api/me/passkeys", json={"name": " Phone ", "credential": phone.register(options)}
    )
    assert added.status_code == 200, added.text
    (listed,) = added.json()["passkeys"]
    assert (listed["name"], listed["used"]) == ("Phone", None)
    again = home.post("/api/me/passkeys/options").json()
    assert [known["id"] for known in again["excludeCredentials"]] == [listed["id"]]

    signin = library.post("/api/passkeys/signin/options").json()
    assert signin["rpId"] == "localhost"
    assert signin["userVerification"] == "required"
    assert signin["allowCredentials"] == [], "a discoverable credential: no name to give"
    signed = library.post("/api/passkeys/signin", json={"credential": phone.sign(signin)})
    assert signed.json() == {"id": me["id"], "name": "Gaby", "password": False}
    assert library.get("/api/me").json()["id"] == me["id"]
    (used,) = library.get("/api/me/passkeys").json()["passkeys"]
    assert used["used"] is not None
    assert set(used) == {"id", "name", "created", "used"}, "never the public key nor its count"
    assert _sign_in(library, phone).status_code == 200, "a count that grows signs in again"


def test_replayed_cloned_forged_or_foreign_answers_are_refused_clearly(
    browsers: list[httpx.Client], server: BackgroundServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.ERROR)
    owner, thief, stranger = browsers
    origin = f"http://localhost:{server.url.rsplit(':', 1)[1]}"
    unnamed = owner.post("/api/me/passkeys/options")
    assert _refusal(unnamed) == (409, "no-name")
    owner.post("/api/me/name", json={"name": "Hana"})
    key = Authenticator(origin)
    assert _add(owner, key, "Laptop").status_code == 200

    options = thief.post("/api/passkeys/signin/options").json()
    answer = key.sign(options)
    assert thief.post("/api/passkeys/signin", json={"credential": answer}).status_code == 200
    replayed = stranger.post("/api/passkeys/signin", json={"credential": answer})
    assert _refusal(replayed) == (403, "bad-passkey")
    assert replayed.json()["message"].startswith("this passkey was refused")

    key.sign_count -= 1  # a clone of the authenticator, one signature behind
    assert _refusal(_sign_in(stranger, key)) == (403, "bad-passkey")
    elsewhere = Authenticator("http://evil.example", key=key.key, credential_id=key.credential_id)
    elsewhere.user_handle, elsewhere.sign_count = key.user_handle, 100
    assert _refusal(_sign_in(stranger, elsewhere)) == (403, "bad-passkey")
    unknown = Authenticator(origin, user_handle=key.user_handle)
    assert _refusal(_sign_in(stranger, unknown)) == (403, "bad-passkey")

    hers = owner.post("/api/me/passkeys/options").json()  # bound to Hana, not to the stranger
    stranger.post("/api/me/name", json={"name": "Ivo"})
    stolen = {"name": "Mine", "credential": Authenticator(origin).register(hers)}
    assert _refusal(stranger.post("/api/me/passkeys", json=stolen)) == (403, "bad-passkey")
    not_json = {"clientDataJSON": "bm90IGpzb24"}  # "not json", in base64url
    for junk in (
        {},
        {"response": "x"},
        {"response": {"clientDataJSON": "%%%"}},
        {"response": not_json},
        {"response": {"clientDataJSON": ["x"]}},
    ):
        made_up = stranger.post("/api/passkeys/signin", json={"credential": junk})
        assert _refusal(made_up) == (403, "bad-passkey"), junk
    options = stranger.post("/api/me/passkeys/options").json()
    garbled = Authenticator(origin).register(options)
    garbled["response"]["attestationObject"] = "oWNmbXRkbm9uZQ"  # {"fmt": "none"} alone
    attested = stranger.post("/api/me/passkeys", json={"name": "Mine", "credential": garbled})
    assert _refusal(attested) == (403, "bad-passkey")
    blank = stranger.post("/api/me/passkeys", json={"name": "  ", "credential": {}})
    assert _refusal(blank) == (400, "bad-message")

    (listed,) = owner.get("/api/me/passkeys").json()["passkeys"]
    foreign = stranger.post("/api/me/passkeys/remove", json={"id": listed["id"]})
    assert _refusal(foreign) == (404, "no-such-passkey")
    removed = owner.post("/api/me/passkeys/remove", json={"id": listed["id"]})
    assert removed.json() == {"passkeys": []}
    key.sign_count += 10
    assert _refusal(_sign_in(stranger, key)) == (403, "bad-passkey"), "a removed passkey"
    assert [r.getMessage() for r in caplog.records if r.name.startswith("millebornes")] == []


def test_the_relying_party_is_the_public_address_and_never_an_ip_address(
    server: BackgroundServer, tmp_path: Path
) -> None:
    at_ip = httpx.Client(base_url=server.url)  # http://127.0.0.1:PORT
    at_ip.get("/api/me")
    refused = at_ip.post("/api/passkeys/signin/options")
    assert _refusal(refused) == (409, "no-passkeys")
    at_ip.close()
    with BackgroundServer(
        tmp_path / "public.sqlite", FAST, public_url="https://play.example/"
    ) as public:
        options: dict[str, Any] = httpx.post(f"{public.url}/api/passkeys/signin/options").json()
        assert options["rpId"] == "play.example"
        assert options["allowCredentials"] == []
