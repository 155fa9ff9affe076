"""What a setting of ``millebornes serve`` accepts (web/settings.py's knobs), and how a value is
read from what TOML, the environment or a flag gives: each reader raises ValueError with the
value, or the part of it, that it refuses."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from ..core.phrase import Listed, Phrase
from .options import networks

MOST_SECONDS = 86400  # a day: no wait of a game is longer
MOST_DAYS = 36500  # a century: a longer retention is none
MOST_PER_ADDRESS = 1_000_000  # a bound per address above this is no bound
NUMBERS = (int, float)


@dataclass(frozen=True)
class Accepts:
    """What a knob accepts (``phrase``, worded in errors) and how a value is read: ``read``
    takes what TOML gives or the text of a variable or flag, and raises ValueError."""

    phrase: Phrase
    read: Callable[[Any], Any]
    kinds: tuple[type, ...] = (str,)  # what TOML may give it (the environment gives text)


def _number(low: float, high: float, *, whole: bool, above_low: bool) -> Callable[[Any], Any]:
    def read(value: Any) -> Any:
        if isinstance(value, str):
            text = value.strip()
            try:
                value = int(text) if whole or text.lstrip("-").isdigit() else float(text)
            except ValueError:
                raise ValueError(text) from None
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(value)
        if whole and not isinstance(value, int):
            raise ValueError(value)
        if not (low < value if above_low else low <= value) or value > high:
            raise ValueError(value)
        return value if whole else float(value)

    return read


def seconds(high: float = MOST_SECONDS, low: float = 0) -> Accepts:
    phrase = Phrase("cli.settings.accepts.seconds", {"low": low, "high": high})
    return Accepts(phrase, _number(low, high, whole=False, above_low=False), NUMBERS)


def positive(*, whole: bool = False) -> Accepts:
    key = "cli.settings.accepts.whole_positive" if whole else "cli.settings.accepts.positive"
    return Accepts(
        Phrase(key, {"high": MOST_PER_ADDRESS}),
        _number(0, MOST_PER_ADDRESS, whole=whole, above_low=True),
        (int,) if whole else NUMBERS,
    )


def days() -> Accepts:
    phrase = Phrase("cli.settings.accepts.days", {"high": MOST_DAYS})
    return Accepts(phrase, _number(0, MOST_DAYS, whole=False, above_low=False), NUMBERS)


def whole(low: int, high: int) -> Accepts:
    phrase = Phrase("cli.settings.accepts.whole", {"low": low, "high": high})
    return Accepts(phrase, _number(low, high, whole=True, above_low=False), (int,))


def _boolean(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    words = {"true": True, "1": True, "yes": True, "false": False, "0": False, "no": False}
    if isinstance(value, str) and value.strip().lower() in words:
        return words[value.strip().lower()]
    raise ValueError(value)


def _text(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(value)
    return value.strip()


def choice(choices: tuple[str, ...]) -> Accepts:
    def read(value: Any) -> str:
        if value not in choices:
            raise ValueError(value)
        return str(value)

    return Accepts(Phrase("cli.settings.accepts.choice", {"choices": Listed(choices, True)}), read)


def _public_url(value: Any) -> str:
    parts = urlsplit(_text(value))
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise ValueError(value)
    return str(value).strip().rstrip("/")


def _host_port(value: Any) -> str:
    host, _, port = _text(value).rpartition(":")
    if not host or not port.isdigit() or int(port) > 65535:
        raise ValueError(value)
    return str(value).strip()


def _networks(value: Any) -> Any:
    written = [value] if isinstance(value, str) else value
    if not isinstance(written, list) or not all(isinstance(v, str) for v in written):
        raise ValueError(value)
    return networks(written)  # ValueError names the entry that is no network


BOOLEAN = Accepts(Phrase("cli.settings.accepts.boolean"), _boolean, (bool,))
TEXT = Accepts(Phrase("cli.settings.accepts.text"), _text)
PUBLIC_URL = Accepts(Phrase("cli.settings.accepts.public_url"), _public_url)
HOST_PORT = Accepts(Phrase("cli.settings.accepts.host_port"), _host_port)
NETWORKS = Accepts(Phrase("cli.settings.accepts.networks"), _networks, (str, list))
