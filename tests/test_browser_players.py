"""A player in two browsers (Chromium): on the first, in English, they take a seat from the home
page and finish a game; on the second, in French on a phone, they type the one-time code the
first made and find their history (the game in progress, whose turn, the finished one with its
result and review), reopen the table by keyboard alone and hold their seat there, and find it
on the home page too. Then passkeys, with a virtual authenticator in each browser (CTAP2,
internal, resident keys, the user verified): on a laptop, in English, a player adds one; the
credential moves to a phone (as a synced passkey would), where, in French, the player signs in
with it, no name typed, finds their game and removes the passkey; back on the laptop the
removed passkey is refused in words, and a browser without WebAuthn is told so (all at
``http://localhost``: WebAuthn takes no IP address). axe finds nothing serious on the player's
page in either language. A player sees their devices, signs the other one out from the first,
and that one is a guest again; the home page says how many players are online, one for one
player's two browsers."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, CDPSession, Page, expect

from browserkit import (
    PHONE,
    a_server,
    announced,
    axe_violations,
    chromium,
    new_context,
    page_errors,
    played_by_players,
    watch_errors,
)
from millebornes.web.identity import COOKIE

pytestmark = pytest.mark.browser
SECONDS = 20_000  # what a page waits for, in ms, on a machine busy with other tests
IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15"
    " (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


def no_serious_violations(page: Page) -> None:
    assert axe_violations(page) == []


def seated_as_ann(page: Page, site: str) -> str:
    """``page`` creates a room from the home page of ``site`` and takes a seat there as Ann:
    the room's code."""
    page.goto(f"{site}/")
    page.locator("#create-form button[type=submit]").click()
    page.locator("#name").fill("Ann")
    page.locator("#free-seats button").first.click()
    expect(page.locator("#hand .card").first).to_be_visible(timeout=SECONDS)
    return page.url.rsplit("/", 1)[1]


def opened(browser: Browser, url: str, **options: Any) -> Page:
    """A page of a browser of its own (``new_context``'s ``options``) at ``url``, its errors
    watched."""
    page = new_context(browser, **options).new_page()
    watch_errors(page)
    page.goto(url)
    return page


@pytest.mark.slow
def test_a_player_signs_in_on_a_second_browser_with_a_code_and_finds_their_games(
    browser: Browser, tmp_path: Path
) -> None:
    with a_server(tmp_path / "games.sqlite") as server:
        laptop = new_context(browser).new_page()
        watch_errors(laptop)
        playing = seated_as_ann(laptop, server.url)
        secret = next(c["value"] for c in laptop.context.cookies() if c["name"] == COOKIE)
        finished = played_by_players(server, ["person", "easy"], {"Ann": secret})

        laptop.goto(f"{server.url}/player")
        expect(laptop.locator("#player-playing li")).to_have_count(1, timeout=SECONDS)
        laptop.locator("#make-code").click()
        said = laptop.locator("#player-code")
        expect(said).to_contain_text("works once", timeout=SECONDS)
        code = re.search(r"\b([A-Z2-9]{8})\b", said.inner_text())
        assert code is not None
        no_serious_violations(laptop)
        laptop.screenshot(path=str(tmp_path / "player-en.png"), full_page=True)

        phone = opened(browser, f"{server.url}/player", viewport=PHONE, language="fr")
        expect(phone.locator("#player-title")).to_have_text("Votre joueur", timeout=SECONDS)
        expect(phone.locator("#player-playing li")).to_have_text("Aucune pour l'instant.")
        phone.locator("#claim-code").focus()
        phone.keyboard.type(code.group(1).lower())
        phone.keyboard.press("Enter")
        expect(phone.locator("#player-status")).to_have_text(
            "Cet appareil est le vôtre désormais : vos parties sont ci-dessous."
        )
        games = phone.locator("#player-playing li")
        expect(games).to_have_count(1, timeout=SECONDS)
        expect(games).to_contain_text(re.compile("à vous de jouer|au tour de"))
        done = phone.locator("#player-finished li")
        expect(done).to_contain_text(re.compile("gagnée|perdue|égalité"))
        expect(done.get_by_role("link", name="Analyse de la dernière manche")).to_have_attribute(
            "href", re.compile(r"^/review/\w+$")
        )
        expect(done.get_by_role("link", name="Revoir la dernière manche")).to_have_attribute(
            "href", re.compile(r"^/replay/\w+$")
        )
        expect(done.get_by_role("link", name="Ouvrir la table")).to_have_attribute(
            "href", f"/room/{finished}"
        )
        no_serious_violations(phone)
        phone.screenshot(path=str(tmp_path / "player-fr.png"), full_page=True)

        for _ in range(60):  # by keyboard alone, to the table in progress
            phone.keyboard.press("Tab")
            if phone.evaluate("document.activeElement.getAttribute('href')") == f"/room/{playing}":
                break
        phone.keyboard.press("Enter")
        expect(phone.locator("#hand .card").first).to_be_visible(timeout=SECONDS)
        expect(phone.locator("#join")).to_be_hidden()
        phone.screenshot(path=str(tmp_path / "room-fr.png"))
        phone.goto(f"{server.url}/")  # the home page's games are the player's, from the server
        held = phone.locator("#held-list li")
        expect(held).to_have_count(1, timeout=SECONDS)
        expect(held).to_contain_text(re.compile("à vous de jouer|au tour de"))
        expect(held.get_by_role("link")).to_have_attribute("href", f"/room/{playing}")
        phone.screenshot(path=str(tmp_path / "home-fr.png"))
        assert page_errors(laptop) == []
        assert page_errors(phone) == []


def with_authenticator(page: Page) -> tuple[CDPSession, str]:
    """A virtual platform authenticator for ``page``'s browser, as a phone's or a laptop's."""
    session = page.context.new_cdp_session(page)
    session.send("WebAuthn.enable")
    options = {
        "protocol": "ctap2",
        "transport": "internal",
        "hasResidentKey": True,
        "hasUserVerification": True,
        "isUserVerified": True,
    }
    added = session.send("WebAuthn.addVirtualAuthenticator", {"options": options})
    return session, added["authenticatorId"]


@pytest.mark.slow
def test_a_passkey_made_in_one_browser_signs_its_player_in_on_another(
    browser: Browser, tmp_path: Path
) -> None:
    with a_server(tmp_path / "games.sqlite") as server:
        site = server.url.replace("127.0.0.1", "localhost")
        laptop = new_context(browser).new_page()
        watch_errors(laptop)
        laptop_keys, laptop_authenticator = with_authenticator(laptop)
        playing = seated_as_ann(laptop, site)

        laptop.goto(f"{site}/player")
        expect(laptop.locator("#devices-list li")).to_have_count(1, timeout=SECONDS)  # shown
        laptop.locator("#player-name").fill("Ann")
        laptop.get_by_role("button", name="Save the name").click()
        expect(laptop.locator("#player-status")).to_have_text("Saved.", timeout=SECONDS)
        laptop.get_by_label("Name of a new passkey").fill("Laptop")
        laptop.get_by_role("button", name="Add a passkey").click()
        status = laptop.locator("#player-status")
        expect(status).to_have_text("Passkey added: sign in with it on any browser.")
        listed = laptop.locator("#passkeys-list li")
        expect(listed).to_have_count(1)
        expect(listed).to_contain_text(re.compile(r"Laptop\s*added .+ · never used yet"))
        assert axe_violations(laptop) == []
        laptop.screenshot(path=str(tmp_path / "passkeys-en.png"), full_page=True)
        held = laptop_keys.send(
            "WebAuthn.getCredentials", {"authenticatorId": laptop_authenticator}
        )
        (credential,) = held["credentials"]
        assert credential["isResidentCredential"], "a discoverable credential"

        phone = new_context(browser, viewport=PHONE, language="fr").new_page()
        watch_errors(phone)
        phone_keys, phone_authenticator = with_authenticator(phone)
        phone_keys.send(
            "WebAuthn.addCredential",
            {"authenticatorId": phone_authenticator, "credential": credential},
        )
        phone.goto(f"{site}/player")
        expect(phone.locator("#player-title")).to_have_text("Votre joueur", timeout=SECONDS)
        expect(phone.locator("#player-playing li")).to_have_text("Aucune pour l'instant.")
        phone.get_by_role("button", name="Utiliser une clé d'accès").click()
        expect(phone.locator("#player-status")).to_have_text(
            "Vous êtes Ann sur cet appareil désormais.", timeout=SECONDS
        )
        expect(phone.locator("#player-name")).to_have_value("Ann")
        games = phone.locator("#player-playing li")
        expect(games).to_have_count(1, timeout=SECONDS)
        expect(games).to_contain_text(re.compile("à vous de jouer|au tour de"))
        expect(games.get_by_role("link", name="Ouvrir la table")).to_have_attribute(
            "href", f"/room/{playing}"
        )
        theirs = phone.locator("#passkeys-list li")
        expect(theirs).to_contain_text(
            re.compile(r"Laptop\s*ajoutée le .+ · dernière utilisation le")
        )
        assert axe_violations(phone) == []
        phone.screenshot(path=str(tmp_path / "passkeys-fr.png"), full_page=True)
        theirs.get_by_role("button", name="Supprimer").click()
        expect(phone.locator("#player-status")).to_have_text("Clé d'accès supprimée.")
        expect(theirs).to_have_text("Aucune clé d'accès pour l'instant.")

        laptop.get_by_role("button", name="Use a passkey").click()
        expect(laptop.locator("#player-error")).to_have_text(
            re.compile("^This passkey was refused: it is unknown here"), timeout=SECONDS
        )
        insecure = new_context(browser).new_page()  # as at http://192.168.1.2, no WebAuthn
        insecure.add_init_script("delete window.PublicKeyCredential")
        insecure.goto(f"{site}/player")
        expect(insecure.locator("#passkeys-unavailable")).to_contain_text(
            "This browser cannot use passkeys at this address", timeout=SECONDS
        )
        expect(insecure.get_by_role("button", name="Add a passkey")).to_be_hidden()
        expect(insecure.get_by_role("button", name="Use a passkey")).to_be_hidden()


@pytest.mark.slow
def test_a_player_signs_their_other_device_out_and_it_is_a_guest_again(
    browser: Browser, tmp_path: Path
) -> None:
    with a_server(tmp_path / "games.sqlite") as server:
        laptop = opened(browser, f"{server.url}/")
        expect(laptop.locator("#online")).to_have_text("1 player online", timeout=SECONDS)
        assert not [line for line in announced(laptop) if "online" in line], "read, not said"
        no_serious_violations(laptop)
        laptop.screenshot(path=str(tmp_path / "home-en.png"))
        laptop.goto(f"{server.url}/player")
        expect(laptop.locator("#devices-list li")).to_have_count(1, timeout=SECONDS)
        expect(laptop.locator("#sign-out-warning")).to_contain_text("lost for good")
        laptop.locator("#make-code").click()
        said = laptop.locator("#player-code")
        expect(said).to_contain_text("works once", timeout=SECONDS)
        code = re.search(r"\b([A-Z2-9]{8})\b", said.inner_text())
        assert code is not None

        phone = opened(
            browser, f"{server.url}/player", viewport=PHONE, language="fr", user_agent=IPHONE
        )
        phone.locator("#claim-code").fill(code.group(1))
        phone.locator("#claim-form button").click()
        expect(phone.locator("#player-status")).to_contain_text("Cet appareil est le vôtre")
        expect(phone.locator("#devices-list li")).to_have_count(2, timeout=SECONDS)
        expect(phone.locator("#sign-out-warning")).to_contain_text("code à usage unique")
        phone.goto(f"{server.url}/")  # the same player as the laptop's home page: one online
        expect(phone.locator("#online")).to_have_text("1 joueur en ligne", timeout=SECONDS)
        phone.screenshot(path=str(tmp_path / "home-fr.png"))

        laptop.reload()
        devices = laptop.locator("#devices-list li")
        expect(devices).to_have_count(2, timeout=SECONDS)
        expect(devices.first).to_contain_text("Safari on iPhone")
        expect(devices.filter(has_text="this device")).to_have_count(1)
        no_serious_violations(laptop)
        laptop.screenshot(path=str(tmp_path / "devices-en.png"), full_page=True)
        devices.first.get_by_role("button", name="Sign out").click()
        expect(laptop.locator("#devices-status")).to_have_text("Signed out: Safari on iPhone.")
        expect(devices).to_have_count(1)
        expect(laptop.locator("#sign-out-others")).to_be_hidden()

        phone.goto(f"{server.url}/player")  # its cookie finds nobody: a new guest's page
        expect(phone.locator("#devices-list li")).to_have_count(1, timeout=SECONDS)
        expect(phone.locator("#devices-list li")).to_contain_text("Safari sur iPhone")
        expect(phone.locator("#devices-list li")).to_contain_text("cet appareil")
        expect(phone.locator("#player-name")).to_have_value("")
        ids = [
            page.evaluate("fetch('/api/me').then((r) => r.json())")["id"]
            for page in (laptop, phone)
        ]
        assert ids[0] != ids[1]
        expect(phone.locator("#sign-out-warning")).to_contain_text("perdus pour de bon")
        no_serious_violations(phone)
        phone.screenshot(path=str(tmp_path / "devices-fr.png"), full_page=True)
        phone.locator("#sign-out").click()
        expect(phone.locator("#confirm")).to_contain_text("Déconnecter cet appareil ?")
        no_serious_violations(phone)
        phone.screenshot(path=str(tmp_path / "confirm-fr.png"))
        phone.get_by_role("button", name="Déconnecter", exact=True).click()
        expect(phone.locator("#player-status")).to_have_text(
            "Cet appareil est déconnecté : c'est un nouvel invité désormais."
        )
        guest = phone.evaluate("fetch('/api/me').then((r) => r.json())")["id"]
        assert guest not in ids
        laptop.goto(f"{server.url}/")  # the laptop's player (the phone's home page was theirs)
        expect(laptop.locator("#online")).to_have_text("1 player online", timeout=SECONDS)
        phone.goto(f"{server.url}/")  # and the new guest: two
        expect(phone.locator("#online")).to_have_text("2 joueurs en ligne", timeout=SECONDS)
        assert page_errors(laptop) == []
        assert page_errors(phone) == []
