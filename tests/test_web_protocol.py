"""What a browser may send the server: every message checked, with a reason when refused."""

from __future__ import annotations

import json

import pytest

from millebornes.web.protocol import (
    MAX_MESSAGE_CHARS,
    QUOTED_CHARS,
    TYPES,
    Act,
    Hello,
    NextDeal,
    Ping,
    ProtocolError,
    RateLimit,
    parse_message,
    unechoed,
)
from millebornes.web.sockets import HANDLERS


@pytest.mark.parametrize(
    ("message", "parsed"),
    [
        ({"type": "hello", "tokens": ["abc"], "language": "fr"}, Hello(("abc",), "fr")),
        ({"type": "hello"}, Hello((), "en")),
        ({"type": "action", "action": "play 75"}, Act("play 75", None)),
        ({"type": "action", "action": "attack stop 1", "seat": 2}, Act("attack stop 1", 2)),
        ({"type": "next"}, NextDeal()),
        ({"type": "ping"}, Ping()),
    ],
)
def test_good_messages_are_read(message: dict[str, object], parsed: object) -> None:
    assert parse_message(json.dumps(message)) == parsed


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "a message is a JSON object"),
        ("null", "a message is a JSON object"),
        ('"hello"', "a message is a JSON object"),
        ('{"type": "shout"}', "unknown message type 'shout'"),
        ("{}", "unknown message type None"),
        ('{"type": "ping", "x": 1}', "unexpected field 'x' in a ping message"),
        ('{"type": "next", "seat": 0}', "unexpected field 'seat' in a next message"),
        ('{"type": "hello", "tokens": "abc"}', "tokens must be a list"),
        ('{"type": "hello", "tokens": [1]}', "each token is the text"),
        ('{"type": "hello", "tokens": ["' + "t" * 65 + '"]}', "each token is the text"),
        ('{"type": "hello", "tokens": ' + json.dumps(["t"] * 9) + "}", "at most 8"),
        ('{"type": "hello", "language": "de"}', "language must be one of: en, fr"),
        ('{"type": "hello", "language": []}', "language must be one of: en, fr"),
        ('{"type": "hello", "language": {"en": 1}}', "language must be one of: en, fr"),
        ('{"type": "action"}', "needs an action"),
        ('{"type": "action", "action": "  "}', "needs an action"),
        ('{"type": "action", "action": "' + "x" * 65 + '"}', "at most 64 characters"),
        ('{"type": "action", "action": "play 75", "seat": "0"}', "seat must be a seat number"),
        ('{"type": "action", "action": "play 75", "seat": true}', "seat must be a seat number"),
        ('{"type": "action", "action": "play 75", "seat": 8}', "seat must be a seat number"),
        ('{"type": "action", "action": "play 75", "seat": -1}', "seat must be a seat number"),
    ],
)
def test_bad_messages_are_refused_with_a_reason(text: str, reason: str) -> None:
    with pytest.raises(ProtocolError, match=reason) as refused:
        parse_message(text)
    assert refused.value.code == "bad-message"


def test_a_message_too_big_is_refused_before_it_is_read() -> None:
    text = json.dumps({"type": "ping", "padding": "x" * MAX_MESSAGE_CHARS})
    with pytest.raises(ProtocolError, match=f"the limit is {MAX_MESSAGE_CHARS}") as refused:
        parse_message(text)
    assert refused.value.code == "too-big"


def test_the_rate_limit_allows_a_burst_then_a_steady_rate() -> None:
    now = [0.0]
    limit = RateLimit(per_second=2, burst=3, clock=lambda: now[0])
    assert [limit.allow() for _ in range(4)] == [True, True, True, False]
    now[0] += 0.5  # one more message earned
    assert [limit.allow(), limit.allow()] == [True, False]
    now[0] += 100  # never more than the burst saved up
    assert [limit.allow() for _ in range(4)] == [True, True, True, False]


def test_an_error_repeats_at_most_an_excerpt_of_what_was_sent() -> None:
    sent = "play " + "abcdefghijklmnopqrstuvwxyz" * 3
    borrowed = f"unknown card {sent[5:]!r}; cards are: 25, 50"
    assert (
        unechoed(borrowed, sent)
        == f"unknown card '{sent[5 : 5 + QUOTED_CHARS]}…'; cards are: 25, 50"
    )
    assert unechoed("seat 7 is taken", "7" * 300) == "seat 7 is taken"
    twice = unechoed(f"{'9' * 40} and {'9' * 40}", "9" * 100)
    assert twice == f"{'9' * QUOTED_CHARS}… and {'9' * QUOTED_CHARS}…"
    assert unechoed("a" * 100, "short") == "a" * 100, "nothing sent that long: nothing cut"


def test_every_message_type_is_handled() -> None:
    assert set(HANDLERS) == set(TYPES.values())
