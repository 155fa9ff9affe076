"""What a browser may send the server over its WebSocket, checked before anything else sees it.

Messages are JSON objects with a ``type``:

- ``{"type": "hello", "tokens": [TOKEN, ...], "language": "en"}``: take the seats whose secret
  tokens are given (none: watch as a spectator); log lines come in ``language`` (en or fr).
- ``{"type": "action", "seat": 0, "action": "play 75"}``: an action in the project's notation
  for one of the connection's seats (``seat`` may be left out when it holds only one).
- ``{"type": "next"}``: the connection's people have seen the score of the deal that ended;
  bots start the next deal once every person at the table has said so (or the pause runs out).
- ``{"type": "ping"}``: answered with ``{"type": "pong"}``, as a ``pong`` answers the server's
  own ping (the heartbeat: a connection silent for ``silent_seconds`` is dropped).
- ``{"type": "chat", "text": "…"}``: a line for the room's chat (``seat`` says which of the
  connection's seats writes it, when it holds several).
- ``{"type": "react", "reaction": "oops"}``: a quick reaction, one of ``chat.REACTIONS``.
- ``{"type": "mute", "author": "seat:1", "muted": true}``: that author's player is muted (or
  not) for this one; ``{"type": "block", "author": "seat:1"}``: blocked, in every room.
- ``{"type": "settings", "listed": true, ...}`` and ``{"type": "remove", "watcher": "…"}``:
  the room's creator (its ``host`` token in the hello) lists the room, shows its names in the
  list, quiets spectators during a deal, or removes a spectator.

A message is read as the API's bodies are, by pydantic: ``MESSAGES`` validates the JSON into one
of the message classes below, chosen by its ``type``, each field by its own check. Anything else
is a :class:`ProtocolError` whose message says what is accepted (the first thing wrong, as the
fields come), with its code. Size and rate are bounded so that one client cannot flood a room.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, TypeGuard, TypeVar, Union

import orjson
from pydantic import (
    BeforeValidator,
    Discriminator,
    PlainValidator,
    Tag,
    TypeAdapter,
    ValidationError,
)
from pydantic_core import PydanticCustomError

from ..words import LANGUAGES
from .addresses import limited_as
from .chat import CHAT_CHARS, REACTIONS
from .metrics import ERRORS

MAX_MESSAGE_CHARS = 2048
MAX_DEPTH = 8  # nesting of arrays and objects: a message needs 2, a room's settings 2
QUOTED_CHARS = 24  # the most of a client's own text an error repeats, in one run
MAX_SEATS = 8  # the most seats a table has (dujardin's 8 players in teams)
MAX_TOKENS = 8
MAX_TOKEN_CHARS = 64
MAX_ACTION_CHARS = 64
NAME_CHARS = 24

# Error codes sent with every error message, so that pages and tests can tell them apart.
BAD_MESSAGE = "bad-message"
TOO_BIG = "too-big"
TOO_FAST = "too-fast"
UNKNOWN_ROOM = "unknown-room"
NOT_FOUND = "not-found"
BAD_TOKEN = "bad-token"
NOT_YOUR_SEAT = "not-your-seat"
NOT_YOUR_TURN = "not-your-turn"
ILLEGAL = "illegal"
NOT_STARTED = "not-started"
GAME_OVER = "game-over"
NOT_OVER = "not-over"
SERVER_FULL = "server-full"
TOO_MANY_ROOMS = "too-many-rooms"
ROOM_FULL = "room-full"
CHAT_TOO_LONG = "chat-too-long"
CHAT_TOO_FAST = "chat-too-fast"
NOT_HOST = "not-host"
REMOVED = "removed"
SERVER_ERROR = "server-error"
STORE_DOWN = "store-down"  # the health check: the store cannot save moves
NOT_SAVING = "not-saving"  # a notice to every table meanwhile: its moves wait
RESTARTING = "restarting"
MOVED = "moved"  # another live server plays the room: the proxy tries the next server
UNAUTHORIZED = "unauthorized"  # an admin endpoint without the operator's token
CLOSED = "closed"  # the server's operator closed the room (web/admin.py)
BANNED = "banned"  # the operator banned the client's address (web/bans.py)
NOT_AN_OBJECT = 'a message is a JSON object, e.g. {"type": "ping"}'
T = TypeVar("T")


class ProtocolError(ValueError):
    """A message the server refuses; ``code`` is one of the error codes above."""

    def __init__(self, message: str, code: str = BAD_MESSAGE) -> None:
        super().__init__(message)
        self.code = code


# The messages, as the server reads them. A client's JSON is checked field by field (the types
# of each field below say how, ``parse_message`` how it is read); the server's own code, the
# tests and the benchmarks make them directly, unchecked.


@dataclass(frozen=True)
class Hello:
    tokens: Tokens = ()
    language: LanguageName = "en"
    host: HostToken = None  # the creator's secret token
    name: SpectatorName = None  # a spectator's name in the chat


@dataclass(frozen=True)
class Act:
    action: ActionText
    seat: SeatNumber = None


@dataclass(frozen=True)
class NextDeal:
    pass


@dataclass(frozen=True)
class Ping:
    pass


@dataclass(frozen=True)
class Pong:
    pass


@dataclass(frozen=True)
class Chat:
    text: ChatText
    seat: SeatNumber = None


@dataclass(frozen=True)
class React:
    reaction: Reaction
    seat: SeatNumber = None


@dataclass(frozen=True)
class Mute:
    author: Author
    muted: Muted = True


@dataclass(frozen=True)
class Block:
    author: Author


@dataclass(frozen=True)
class Settings:
    """The creator's choices; None leaves one as it is."""

    listed: Listed = None
    show_names: ShowNames = None
    quiet_spectators: QuietSpectators = None


@dataclass(frozen=True)
class Remove:
    watcher: Watcher


Message = Hello | Act | NextDeal | Ping | Pong | Chat | React | Mute | Block | Settings | Remove


def error_message(message: str, code: str) -> dict[str, str]:
    """The one shape of every error the server sends (each counted by its code)."""
    ERRORS.labels(code).inc()
    return {"type": "error", "code": code, "message": message}


def notice(code: str | None) -> dict[str, str | None]:
    """What a table is told of the server's state while it lasts (``code``: ``NOT_SAVING``),
    and once it is over (None): the page shows it until then."""
    return {"type": "notice", "code": code}


def quoted(value: object) -> str:
    """A client's own text in an error, cut short: an error never echoes the input back."""
    if isinstance(value, str) and len(value) > QUOTED_CHARS:
        return repr(value[:QUOTED_CHARS] + "…")
    text = repr(value)
    return text if len(text) <= QUOTED_CHARS else text[:QUOTED_CHARS] + "…"


def unechoed(message: str, sent: str) -> str:
    """``message`` with every run of more than ``QUOTED_CHARS`` characters it shares with what
    the client ``sent`` cut to that many and an ellipsis: whatever words an error borrows (the
    rules' own say "unknown card 'xxx…'"), it repeats no more of the client's input than that."""
    if len(sent) <= QUOTED_CHARS:
        return message
    kept: list[str] = []
    start = 0
    while start < len(message):
        end = start + QUOTED_CHARS + 1
        if end > len(message) or message[start:end] not in sent:
            kept.append(message[start])
            start += 1
            continue
        while end < len(message) and message[start : end + 1] in sent:
            end += 1
        kept.append(message[start : start + QUOTED_CHARS] + "…")
        start = end
    return "".join(kept)


def check_nesting(text: str) -> None:
    """Refuse JSON nested deeper than ``MAX_DEPTH`` before any parser recurses into it."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return
    depth = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise ProtocolError(f"JSON is nested at most {MAX_DEPTH} levels deep")
        elif char in "]}":
            depth -= 1


def parse_message(text: str) -> Message:
    """The message ``text`` holds, or a ProtocolError saying what is wrong with it: the first
    thing wrong, as the message's fields come."""
    if len(text) > MAX_MESSAGE_CHARS:
        raise ProtocolError(
            f"message too big: {len(text)} characters, the limit is {MAX_MESSAGE_CHARS}", TOO_BIG
        )
    check_nesting(text)
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError:
        raise ProtocolError(NOT_AN_OBJECT) from None
    try:
        return MESSAGES.validate_python(data)
    except ValidationError as error:
        first = error.errors()[0]
        if not first["type"].startswith("union_tag_"):  # a field's check refused it
            raise ProtocolError(first["msg"], first["type"]) from None
    if not isinstance(data, dict):
        raise ProtocolError(NOT_AN_OBJECT)
    raise ProtocolError(
        f"unknown message type {quoted(data.get('type'))}; types are: {', '.join(TYPES)}"
    )


def name_of(value: object) -> str:
    """A person's name as the table shows it: its runs of spaces as one, 1 to ``NAME_CHARS``
    printable characters."""
    name = " ".join(value.split()) if isinstance(value, str) else ""
    if not name or len(name) > NAME_CHARS or not name.isprintable():
        raise ProtocolError(f"a name is 1 to {NAME_CHARS} printable characters", BAD_MESSAGE)
    return name


def chat_text(value: object) -> str:
    """A chat line: its runs of spaces and lines as one space, 1 to ``CHAT_CHARS`` printable
    characters (shown as text, never as markup)."""
    if not isinstance(value, str):
        raise ProtocolError('a chat message holds its text, e.g. "text": "hello"')
    text = " ".join(value.split())
    if not text or not text.isprintable():
        raise ProtocolError("a chat message is printable text, not empty")
    if len(text) > CHAT_CHARS:
        raise ProtocolError(
            f"a chat message is at most {CHAT_CHARS} characters, this one has {len(text)}",
            CHAT_TOO_LONG,
        )
    return text


def _field(check: Callable[[Any], T]) -> PlainValidator:
    """A field checked by ``check``, whose ProtocolError (its message, its code) is the
    field's validation error."""

    def validate(value: object) -> T:
        try:
            return check(value)
        except ProtocolError as error:
            context: dict[str, object] = {"message": str(error)}
            raise PydanticCustomError(error.code, "{message}", context) from None

    return PlainValidator(validate)


def _reaction(value: object) -> str:
    if value not in REACTIONS:
        raise ProtocolError(f"a reaction is one of: {', '.join(REACTIONS)}")
    assert isinstance(value, str)
    return value


def _flag(key: str, *, unset: bool = False) -> Callable[[object], bool | None]:
    """The check of the true-or-false field ``key`` (None allowed if it may be ``unset``)."""

    def check(value: object) -> bool | None:
        if unset and value is None:
            return None
        if not isinstance(value, bool):
            raise ProtocolError(f"{key} is true or false")
        return value

    return check


def _host(value: object) -> str | None:
    if value is None:
        return None
    if not _is_token(value):
        raise ProtocolError("host is the token the server gave")
    return value


def _tokens(value: object) -> tuple[str, ...]:
    # A list in JSON; a tuple when the server makes a Hello itself.
    if not isinstance(value, list | tuple) or len(value) > MAX_TOKENS:
        raise ProtocolError(f"tokens must be a list of at most {MAX_TOKENS} seat tokens")
    for token in value:
        if not _is_token(token):
            raise ProtocolError("each token is the text the server gave when the seat was taken")
    return tuple(value)


def _is_token(value: object) -> TypeGuard[str]:
    """Whether ``value`` has the shape of a token the server gives (a seat's, the creator's,
    a spectator's id): 1 to ``MAX_TOKEN_CHARS`` characters of text."""
    return isinstance(value, str) and 0 < len(value) <= MAX_TOKEN_CHARS


def _language(value: object) -> str:
    if not isinstance(value, str) or value not in LANGUAGES:
        raise ProtocolError(f"language must be one of: {', '.join(LANGUAGES)}")
    return value


def _spectator_name(value: object) -> str | None:
    return None if value is None else name_of(value)


def _action(value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ProtocolError('an action message needs an action, e.g. "action": "play 75"')
    if len(value) > MAX_ACTION_CHARS:
        raise ProtocolError(f"an action is at most {MAX_ACTION_CHARS} characters")
    if not (value.isascii() and value.isprintable()):
        raise ProtocolError(
            "an action is written in the game's notation, in plain letters, digits and spaces, "
            'e.g. "play 75" or "attack stop 1"',
            ILLEGAL,
        )
    return value


def _seat(value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < MAX_SEATS:
        raise ProtocolError(f'seat must be a seat number from 0 to {MAX_SEATS - 1}, e.g. "seat": 0')
    return value


def _author(value: object) -> str:
    if not isinstance(value, str) or len(value) > MAX_TOKEN_CHARS:
        raise ProtocolError('a mute or a block names its author, e.g. "author": "seat:1"')
    return value


def _watcher(value: object) -> str:
    if not _is_token(value):
        raise ProtocolError('a removal names the spectator, e.g. "watcher": "0a1b2c3d"')
    return value


Tokens = Annotated[tuple[str, ...], _field(_tokens)]
LanguageName = Annotated[str, _field(_language)]
HostToken = Annotated[str | None, _field(_host)]
SpectatorName = Annotated[str | None, _field(_spectator_name)]
ActionText = Annotated[str, _field(_action)]
SeatNumber = Annotated[int | None, _field(_seat)]
ChatText = Annotated[str, _field(chat_text)]
Reaction = Annotated[str, _field(_reaction)]
Author = Annotated[str, _field(_author)]
Muted = Annotated[bool, _field(_flag("muted"))]
Listed = Annotated[bool | None, _field(_flag("listed", unset=True))]
ShowNames = Annotated[bool | None, _field(_flag("show_names", unset=True))]
QuietSpectators = Annotated[bool | None, _field(_flag("quiet_spectators", unset=True))]
Watcher = Annotated[str, _field(_watcher)]

# Each message's type, as a client names it.
TYPES: dict[str, type[Message]] = {
    "hello": Hello,
    "action": Act,
    "next": NextDeal,
    "ping": Ping,
    "pong": Pong,
    "chat": Chat,
    "react": React,
    "mute": Mute,
    "block": Block,
    "settings": Settings,
    "remove": Remove,
}


def _fields_of(kind: str) -> BeforeValidator:
    """What a message of type ``kind`` gives its fields: the client's own but its type (none
    it does not have), a field left out as null (which only the optional ones accept)."""
    fields = {field.name: field for field in dataclasses.fields(TYPES[kind])}

    def given(data: dict[str, Any]) -> dict[str, Any]:
        extra = sorted(set(data) - set(fields) - {"type"})
        if extra:
            message = f"unexpected field {quoted(extra[0])} in a {kind} message"
            raise PydanticCustomError(BAD_MESSAGE, "{message}", {"message": message})
        required = {name: None for name, f in fields.items() if f.default is dataclasses.MISSING}
        return {**required, **{key: value for key, value in data.items() if key != "type"}}

    return BeforeValidator(given)


def _type(data: object) -> str | None:
    kind = data.get("type") if isinstance(data, dict) else None
    return kind if isinstance(kind, str) else None


MESSAGES: TypeAdapter[Message] = TypeAdapter(
    Annotated[
        Union[  # noqa: UP007  (built from TYPES, which no "|" can spell)
            tuple(
                Annotated[message, _fields_of(kind), Tag(kind)] for kind, message in TYPES.items()
            )
        ],
        Discriminator(_type),
    ]
)


class RateLimit:
    """A token bucket: ``burst`` messages at once, then ``per_second`` on average."""

    def __init__(
        self, per_second: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.per_second = per_second
        self.burst = burst
        self.clock = clock
        self.allowance = float(burst)
        self.last = clock()

    def allow(self) -> bool:
        now = self.clock()
        self.allowance = min(self.burst, self.allowance + (now - self.last) * self.per_second)
        self.last = now
        if self.allowance < 1:
            return False
        self.allowance -= 1
        return True


class AddressLimits:
    """A :class:`RateLimit` per client (:func:`limited_as`), forgetting those whose bucket has
    filled up again once it holds ``MAX_ADDRESSES``, so that many cannot fill memory."""

    MAX_ADDRESSES = 10_000

    def __init__(
        self, per_second: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = RateLimit(per_second, burst, clock)  # what each address's bucket starts as
        self.buckets: dict[str, RateLimit] = {}

    def allow(self, address: str) -> bool:
        address = limited_as(address)
        rate = self.rate
        if len(self.buckets) >= self.MAX_ADDRESSES:
            now = rate.clock()
            refill = rate.burst / rate.per_second if rate.per_second > 0 else float("inf")
            self.buckets = {a: b for a, b in self.buckets.items() if now - b.last < refill}
        bucket = self.buckets.get(address)
        if bucket is None:
            bucket = self.buckets[address] = RateLimit(rate.per_second, rate.burst, rate.clock)
        return bucket.allow()
