"""The devices a player is signed in on, and signing them out (docs/security.md): each device
(a browser holding one of the player's secrets) told by what it is, read from the User-Agent
header it sent as it signed in, and when it was last seen; never by its secret nor that
secret's hash, but by an id made from the hash. Signing a device out deletes its secret's
hash: its cookie no longer finds the player. This device signed out becomes a new player, as
at a first visit.

``GET /api/me/devices`` the list; ``POST /api/me/devices/signout`` signs out one other device
(``{"device": ID}``) or all others (``{"others": true}``); ``POST /api/me/signout`` this one."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, ConfigDict, Field, model_validator
from pydantic_core import PydanticCustomError

from ..store.players import Device, PlayerRecord
from .identity import (
    COOKIE,
    NO_DEVICE,
    in_store,
    new_session,
    refused,
    required_player,
    told,
    within_allowance,
)
from .seats import token_hash
from .site import Site, SiteDep

router = APIRouter()

# What a User-Agent header says, in the order to look for it: the first mark found names the
# browser (Edge and Opera say "Chrome" too, Chrome says "Safari"), then the system (an Android
# says "Linux", an iPhone "Mac OS X").
BROWSERS = (
    ("Edg", "Edge"),
    ("OPR/", "Opera"),
    ("SamsungBrowser", "Samsung Internet"),
    ("Firefox/", "Firefox"),
    ("FxiOS", "Firefox"),
    ("CriOS", "Chrome"),
    ("Chrome/", "Chrome"),
    ("Safari/", "Safari"),
)
SYSTEMS = (
    ("iPhone", "iPhone"),
    ("iPad", "iPad"),
    ("Android", "Android"),
    ("Windows", "Windows"),
    ("CrOS", "ChromeOS"),
    ("Macintosh", "macOS"),
    ("Linux", "Linux"),
)
DEVICE_ID_CHARS = 16


class SignOut(BaseModel):
    """One other device of the player's (its id), or all the others."""

    model_config = ConfigDict(extra="forbid")

    device: str | None = Field(default=None, min_length=1, max_length=DEVICE_ID_CHARS)
    others: bool = False

    @model_validator(mode="after")
    def one_choice(self) -> SignOut:
        if (self.device is None) == (not self.others):
            raise PydanticCustomError(
                "signout", 'sign out one device, {"device": ID}, or all others, {"others": true}'
            )
        return self


def _first(agent: str | None, marks: tuple[tuple[str, str], ...]) -> str | None:
    return next((name for mark, name in marks if agent and mark in agent), None)


def device_id(secret_hash: str) -> str:
    """A device's id for its player's page: made from its secret's hash, and no way back to it."""
    return token_hash(f"device:{secret_hash}")[:DEVICE_ID_CHARS]


def told_device(device: Device, this: str) -> dict[str, Any]:
    """A device as its player's page tells it; ``this`` is the hash of the asking device's."""
    return {
        "id": device_id(device.secret_hash),
        "browser": _first(device.agent, BROWSERS),
        "system": _first(device.agent, SYSTEMS),
        "seen": round(device.seen),
        "this": device.secret_hash == this,
    }


def _this_hash(request: Request) -> str:
    """The hash of this device's secret (``required_player`` found it a player's)."""
    return token_hash(request.cookies[COOKIE])


async def _listed(site: Site, player: PlayerRecord, this: str) -> dict[str, Any]:
    found: list[Device] = await in_store(site, site.store.devices, player.id)
    return {"devices": [told_device(device, this) for device in found]}


@router.get("/api/me/devices")
async def devices(request: Request, site: SiteDep) -> dict[str, Any]:
    """The devices the player is signed in on, the last seen first."""
    player = await required_player(site, request)
    return await _listed(site, player, _this_hash(request))


@router.post("/api/me/devices/signout")
async def sign_out_others(body: SignOut, request: Request, site: SiteDep) -> dict[str, Any]:
    """Sign out one of the player's other devices, or all of them; the devices left."""
    player = await required_player(site, request)
    this = _this_hash(request)
    found: list[Device] = await in_store(site, site.store.devices, player.id)
    others = [device.secret_hash for device in found if device.secret_hash != this]
    chosen = [one for one in others if body.others or device_id(one) == body.device]
    if body.device is not None and not chosen:
        raise refused("no_device", NO_DEVICE)
    await in_store(site, site.store.sign_out, player.id, chosen)
    return await _listed(site, player, this)


@router.post("/api/me/signout")
async def sign_out(request: Request, response: Response, site: SiteDep) -> dict[str, Any]:
    """Sign this device out: it becomes a new player, as at a first visit (a password, or a
    one-time code from another device, brings the old one back)."""
    player = await required_player(site, request)
    within_allowance(site, request)
    await in_store(site, site.store.sign_out, player.id, [_this_hash(request)])
    player_id = await new_session(site, request, response, None)
    return told(PlayerRecord(player_id, None, None))
