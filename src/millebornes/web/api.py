"""The JSON API the page plays through besides its WebSocket: the game's settings and rules,
rooms created, described, joined and played again, and the public list of tables with its
quick game, and how many players are online. Every refusal is a ProtocolError (``errors.py``
answers it)."""

from __future__ import annotations

import secrets
from typing import Any, Literal

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, ConfigDict, Field, model_validator
from pydantic_core import PydanticCustomError

from ..bots import LEVELS, bot_names
from ..core.cards import CARDS, KM, REMEDY_FOR, SAFETY_FOR
from ..core.rules import PRESETS
from ..words import LANGUAGES, LOCALES, Language, card_name, group_source, rules_help
from .chat import Social
from .identity import current_player, link_seat
from .matchmaking import QuickGame
from .online import POLL_SECONDS
from .options import RoomOptions
from .protocol import BAD_MESSAGE, NOT_FOUND, TOO_FAST, ProtocolError, name_of, quoted
from .rooms import PERSON
from .seats import token_hash
from .site import TOO_MANY_LISTINGS, Site, SiteDep, admitted
from .sockets import TOO_MANY_CONNECTS
from .turnclock import TIME_CONTROLS, default_control, table_timing

TOO_MANY_CREATIONS = "too many rooms created from your address: wait a minute"
router = APIRouter()
ADMITTED = [Depends(admitted)]  # a banned address may not create, join or seat itself


class CreateRoom(BaseModel):
    model_config = ConfigDict(extra="forbid")

    rules: str = "dujardin"
    seats: list[str] = Field(min_length=2, max_length=8, description="person or a bot level")
    race: int | None = None
    single_deal: bool = False
    listed: bool = False  # shown in the home page's list of tables
    show_names: bool = False  # with the people's names
    language: Language = "en"  # the creator's, shown in the list
    # A key of turnclock.TIME_CONTROLS; None: a clock for a listed table, none for friends.
    time_control: Literal["none", "standard", "relaxed"] | None = None
    long_coup_fourre: bool = False  # a longer time to call a coup-fourré

    @model_validator(mode="before")
    @classmethod
    def no_seed(cls, data: Any) -> Any:
        if isinstance(data, dict) and "seed" in data:
            raise PydanticCustomError(
                "seed", "a room's deals are shuffled from a secret seed no client may choose"
            )
        return data


class SeatToken(BaseModel):
    model_config = ConfigDict(extra="forbid")

    token: str = Field(min_length=1, max_length=200)


class JoinRoom(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(max_length=64)
    seat: int | None = None


def game_config(options: RoomOptions) -> dict[str, Any]:
    """What the page needs to draw cards and offer settings, from the project's own tables."""
    return {
        "presets": {
            name: {
                str(players): {
                    "sides": seating.sides,
                    "races": list(seating.races),
                    "extension": seating.extension,
                }
                for players, seating in rules.seatings.items()
            }
            for name, rules in PRESETS.items()
        },
        "levels": list(LEVELS),
        "bots_written": {level: name in bot_names() for level, name in LEVELS.items()},
        "cards": {
            card.notation: {
                "kind": card.kind,
                "km": KM.get(card),
                "names": {language: card_name(card, language) for language in LANGUAGES},
            }
            for card in CARDS
        },
        "remedy_for": {hazard.notation: remedy.notation for hazard, remedy in REMEDY_FOR.items()},
        "safety_for": {hazard.notation: safety.notation for hazard, safety in SAFETY_FOR.items()},
        "coup_fourre_seconds": options.coup_fourre_seconds,
        "long_coup_fourre_seconds": table_timing(options.timing(), True).coup_fourre_seconds,
        "time_controls": {
            name: None if control is None else [control.move_seconds, control.bank_seconds]
            for name, control in TIME_CONTROLS.items()
        },
        # The page's words as Fluent source, which it formats itself (@fluent/bundle, vendored):
        # its own group and the presets' names (shared with the terminal), with the locale its
        # numbers and plurals follow.
        "words": {
            language: group_source(language, "web", "preset", "tutorial") for language in LANGUAGES
        },
        "locales": {language: LOCALES[language] for language in LANGUAGES},
    }


@router.get("/api/config")
async def config(site: SiteDep) -> dict[str, Any]:
    return {
        **game_config(site.options),
        "public_url": site.public_url,
        "others_can_join": site.public_url is not None or not site.loopback_only,
    }


@router.get("/api/rules/{rules}/{language}")
async def rules_text(rules: str, language: str) -> dict[str, str]:
    """The rules of a preset in Markdown, the text the terminal shows on F1."""
    if rules not in PRESETS or language not in LANGUAGES:
        message = (
            f"there are rules for {', '.join(PRESETS)} in {', '.join(LANGUAGES)}, "
            f"not for {quoted(rules)} in {quoted(language)}"
        )
        raise ProtocolError(message, NOT_FOUND)
    return {"rules": rules, "language": language, "text": rules_help(rules, language)}


def open_room(
    site: Site, request: Request, body: CreateRoom, quick: QuickGame | None = None
) -> dict[str, Any]:
    """A new room of ``body``'s settings, with the creator's secret token (``host``); a quick
    game's, its bots' wait and level from ``quick``."""
    address = site.address_of(request)
    if not site.creations.allow(address):
        raise ProtocolError(TOO_MANY_CREATIONS, TOO_FAST)
    host = secrets.token_urlsafe(24)
    social = Social(
        host=token_hash(host),
        language=body.language,
        listed=body.listed,
        show_names=body.show_names,
        time_control=body.time_control or default_control(body.listed),
        long_coup_fourre=body.long_coup_fourre,
    )
    if quick is not None:
        social.bots_after, social.bot_level = quick.wait_seconds, quick.bot_level
    try:
        room = site.rooms.create(
            body.rules,
            body.seats,
            race=body.race,
            single_deal=body.single_deal,
            creator=address,
            social=social,
        )
    except ProtocolError:
        raise
    except ValueError as error:  # the settings, refused by the rules
        raise ProtocolError(str(error), BAD_MESSAGE) from None
    link = site.invitation(request, room.code)
    return {"code": room.code, "link": link, "room": room.info(), "host": host}


@router.post("/api/rooms", status_code=201, dependencies=ADMITTED)
async def create_room(body: CreateRoom, request: Request, site: SiteDep) -> dict[str, Any]:
    return open_room(site, request, body)


@router.get("/api/tables")
async def tables(request: Request, site: SiteDep) -> dict[str, Any]:
    """The tables their creators listed: those with a free seat to take, and those in
    play to watch."""
    return {"tables": await site.public_tables(request)}


@router.get("/api/online")
async def online(request: Request, site: SiteDep) -> dict[str, Any]:
    """How many players are online (``online.py``), and in how many seconds to ask again."""
    player = await current_player(site.rooms, request)
    who = player.id if player is not None else f"address:{site.address_of(request)}"
    return {"players": site.online.players(who), "seconds": POLL_SECONDS}


@router.post("/api/tables/quick", dependencies=ADMITTED)
async def quick_game(body: QuickGame, request: Request, site: SiteDep) -> dict[str, Any]:
    """A seat at the listed table that best fits ``body`` (``matchmaking.py``), or at a new
    listed table of those settings, every other seat a person's until the wait is over: its
    code and link, the seat and its token, and the creator's token for a new table."""
    address = site.address_of(request)
    if not site.listings.allow(address):
        raise ProtocolError(TOO_MANY_LISTINGS, TOO_FAST)
    if not site.connects.allow(address):
        raise ProtocolError(TOO_MANY_CONNECTS, TOO_FAST)
    name = name_of(body.name)
    rules, players, single_deal = body.new_table()  # a choice no table can have is refused
    opened: dict[str, Any] = {}

    def open_table() -> str:
        settings = CreateRoom(
            rules=rules,
            seats=[PERSON] * players,
            single_deal=single_deal,
            listed=True,
            show_names=True,  # strangers see who waits there
            language=body.language,
        )
        opened.update(open_room(site, request, settings, body))
        return str(opened["code"])

    code, seat, token = await site.matchmaker.seat(body, name, open_table)
    await link_seat(site, request, code, seat)
    found = {"code": code, "link": site.invitation(request, code), "seat": seat, "token": token}
    return {**found, "host": opened["host"]} if opened else found


@router.get("/api/rooms/{code}")
async def describe_room(code: str, site: SiteDep) -> dict[str, Any]:
    return (await site.rooms.get(code)).info()


@router.post("/api/rooms/{code}/join", dependencies=ADMITTED)
async def join_room(code: str, body: JoinRoom, request: Request, site: SiteDep) -> dict[str, Any]:
    if not site.connects.allow(site.address_of(request)):
        raise ProtocolError(TOO_MANY_CONNECTS, TOO_FAST)
    seat, token = await (await site.rooms.get(code)).join(body.name, body.seat)
    await link_seat(site, request, code, seat)
    return {"seat": seat, "token": token}


@router.post("/api/rooms/{code}/rematch", dependencies=ADMITTED)
async def rematch(code: str, body: SeatToken, request: Request, site: SiteDep) -> dict[str, Any]:
    """The room of the rematch for a seat of this finished room: the first call opens it
    (a room created from the caller's address), later ones find it."""
    address = site.address_of(request)
    room = await site.rooms.get(code)
    room.seats.seat_of(body.token)
    if room.rematch is None and not site.creations.allow(address):
        raise ProtocolError(TOO_MANY_CREATIONS, TOO_FAST)
    new = await site.rooms.rematch(room, creator=address)
    return {"code": new.code, "link": site.invitation(request, new.code), "room": new.info()}
