"""Passkeys (WebAuthn, through py_webauthn): a named player adds one from their page (the
registration ceremony), lists and removes theirs, and signs in with one on another browser (the
authentication ceremony). Sign-in asks for a discoverable credential, so nobody types a name:
the browser offers the passkeys it holds for this site, and no answer tells a stranger whether
a name has a passkey. The relying party is the public address's host (``--public-url``), or
the request's as the invitation links are; an IP address is refused (WebAuthn needs a domain,
``localhost`` included).

Each ceremony's challenge is kept by its hash in the store (every server sharing it reads
it), used once, within ``CEREMONY_SECONDS``; a registration's is bound to its player. The
server keeps a passkey's id, public key and sign count (a sign count that does not grow is a
cloned authenticator's: refused) and gives out only what WebAuthn asks: ids to exclude.

``POST /api/me/passkeys/options`` the options of a registration; ``POST /api/me/passkeys``
its response with the passkey's name; ``GET /api/me/passkeys`` the player's passkeys;
``POST /api/me/passkeys/remove`` removes one; ``POST /api/passkeys/signin/options`` the options
of a sign-in; ``POST /api/passkeys/signin`` its response, which makes this browser the
player's."""

from __future__ import annotations

import ipaddress
import secrets
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, ConfigDict, Field
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import (
    base64url_to_bytes,
    bytes_to_base64url,
    options_to_json_dict,
    parse_authentication_credential_json,
    parse_client_data_json,
)
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from ..store.passkeys import Passkey
from .identity import in_store, refused, required_player, signed_in, within_allowance
from .seats import token_hash
from .site import Site, SiteDep

RP_NAME = "Mille Bornes"
CEREMONY_SECONDS = 300  # WebAuthn's advice for a ceremony that verifies the user
BAD_PASSKEY = "bad-passkey"
NO_NAME = "no-name"
NO_PASSKEYS = "no-passkeys"
NO_SUCH_PASSKEY = "no-such-passkey"
HTTP_STATUS = {BAD_PASSKEY: 403, NO_NAME: 409, NO_PASSKEYS: 409, NO_SUCH_PASSKEY: 404}
# What a response a client made up may raise as py_webauthn reads it: all one bad passkey.
UNREADABLE = (WebAuthnException, ValueError, KeyError, TypeError, AttributeError)

router = APIRouter()


class Credential(BaseModel):
    """A ceremony's response, as the page's ``PublicKeyCredential`` says it in JSON."""

    model_config = ConfigDict(extra="forbid")

    credential: dict[str, Any]


class NewPasskey(Credential):
    name: str = Field(min_length=1, max_length=40, pattern=r"\S")


class PasskeyId(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1, max_length=1400)


@dataclass(frozen=True)
class RelyingParty:
    id: str  # the host, without its port
    origin: str  # scheme://host[:port], as the browser says it


def relying_party(site: Site, request: Request) -> RelyingParty:
    """This server as WebAuthn knows it: from its public address, else from the request."""
    url = urlsplit(site.public_url) if site.public_url is not None else request.url
    host = url.hostname or ""
    try:
        ipaddress.ip_address(host)
    except ValueError:
        if host:
            return RelyingParty(host, f"{url.scheme}://{url.netloc}")
    raise refused("no_passkeys", NO_PASSKEYS)


@contextmanager
def _read() -> Iterator[None]:
    """Any response that cannot be read or verified is one refusal, never a traceback."""
    try:
        yield
    except UNREADABLE:
        raise refused("bad_passkey", BAD_PASSKEY) from None


async def _new_challenge(site: Site, player_id: str | None) -> bytes:
    challenge = secrets.token_bytes(32)
    key = token_hash(bytes_to_base64url(challenge))
    await in_store(site, site.store.add_challenge, key, player_id, CEREMONY_SECONDS)
    return challenge


async def _used_challenge(site: Site, credential: dict[str, Any], player_id: str | None) -> bytes:
    """The challenge a response signed, used up now: one given to ``player_id`` (None: for a
    sign-in) and still valid, or a refusal."""
    with _read():
        client_data = base64url_to_bytes(credential["response"]["clientDataJSON"])
        challenge = parse_client_data_json(client_data).challenge
    key = token_hash(bytes_to_base64url(challenge))
    if not await in_store(site, site.store.use_challenge, key, player_id):
        raise refused("bad_passkey", BAD_PASSKEY)
    return challenge


def _told(passkey: Passkey) -> dict[str, Any]:
    """A passkey as its player's page lists it (never its public key nor its count)."""
    return {
        "id": passkey.id,
        "name": passkey.name,
        "created": passkey.created,
        "used": passkey.used,
    }


@router.get("/api/me/passkeys")
async def passkeys(request: Request, site: SiteDep) -> dict[str, Any]:
    player = await required_player(site, request)
    found: list[Passkey] = await in_store(site, site.store.passkeys, player.id)
    return {"passkeys": [_told(passkey) for passkey in found]}


@router.post("/api/me/passkeys/options")
async def registration_options(request: Request, site: SiteDep) -> dict[str, Any]:
    """What the browser needs to make a passkey for this player (a named one: the browser
    shows the name when it offers the passkey)."""
    player = await required_player(site, request)
    if player.name is None:
        raise refused("no_name", NO_NAME)
    within_allowance(site, request)
    party = relying_party(site, request)
    known: list[Passkey] = await in_store(site, site.store.passkeys, player.id)
    options = generate_registration_options(
        rp_id=party.id,
        rp_name=RP_NAME,
        user_id=player.id.encode(),
        user_name=player.name,
        challenge=await _new_challenge(site, player.id),
        timeout=CEREMONY_SECONDS * 1000,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED,
            user_verification=UserVerificationRequirement.REQUIRED,
        ),
        exclude_credentials=[
            PublicKeyCredentialDescriptor(id=base64url_to_bytes(passkey.id)) for passkey in known
        ],
    )
    return options_to_json_dict(options)


@router.post("/api/me/passkeys")
async def add_passkey(body: NewPasskey, request: Request, site: SiteDep) -> dict[str, Any]:
    """The passkey the browser made, verified against its challenge, kept as the player's."""
    player = await required_player(site, request)
    within_allowance(site, request)
    party = relying_party(site, request)
    challenge = await _used_challenge(site, body.credential, player.id)
    with _read():
        made = verify_registration_response(
            credential=body.credential,
            expected_challenge=challenge,
            expected_rp_id=party.id,
            expected_origin=party.origin,
            require_user_verification=True,
        )
    passkey = Passkey(
        id=bytes_to_base64url(made.credential_id),
        player_id=player.id,
        public_key=made.credential_public_key,
        sign_count=made.sign_count,
        name=body.name.strip(),
        created=time.time(),
        used=None,
    )
    if not await in_store(site, site.store.add_passkey, passkey):
        raise refused("bad_passkey", BAD_PASSKEY)  # known already, or too many
    return await passkeys(request, site)


@router.post("/api/me/passkeys/remove")
async def remove_passkey(body: PasskeyId, request: Request, site: SiteDep) -> dict[str, Any]:
    player = await required_player(site, request)
    if not await in_store(site, site.store.remove_passkey, player.id, body.id):
        raise refused("no_such_passkey", NO_SUCH_PASSKEY)
    return await passkeys(request, site)


@router.post("/api/passkeys/signin/options")
async def signin_options(request: Request, site: SiteDep) -> dict[str, Any]:
    """What the browser needs to offer the passkeys it holds for this site."""
    within_allowance(site, request)
    options = generate_authentication_options(
        rp_id=relying_party(site, request).id,
        challenge=await _new_challenge(site, None),
        timeout=CEREMONY_SECONDS * 1000,
        user_verification=UserVerificationRequirement.REQUIRED,
    )
    return options_to_json_dict(options)


@router.post("/api/passkeys/signin")
async def signin(
    body: Credential, request: Request, response: Response, site: SiteDep
) -> dict[str, Any]:
    """This browser becomes the player's whose passkey signed the challenge."""
    within_allowance(site, request)
    party = relying_party(site, request)
    challenge = await _used_challenge(site, body.credential, None)
    with _read():
        credential = parse_authentication_credential_json(body.credential)
    passkey: Passkey | None = await in_store(
        site, site.store.passkey, bytes_to_base64url(credential.raw_id)
    )
    handle = credential.response.user_handle
    if passkey is None or handle not in (None, passkey.player_id.encode()):
        raise refused("bad_passkey", BAD_PASSKEY)
    with _read():
        verified = verify_authentication_response(
            credential=credential,
            expected_challenge=challenge,
            expected_rp_id=party.id,
            expected_origin=party.origin,
            credential_public_key=passkey.public_key,
            credential_current_sign_count=passkey.sign_count,
            require_user_verification=True,
        )
    counted = (passkey.id, passkey.sign_count, verified.new_sign_count)
    if not await in_store(site, site.store.passkey_used, *counted):
        raise refused("bad_passkey", BAD_PASSKEY)  # another sign-in moved its count first
    return await signed_in(site, request, response, passkey.player_id)
