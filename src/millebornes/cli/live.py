"""``millebornes admin close|drain|announce``: a live server's admin endpoints (web/admin.py),
reached at ``--server URL`` with the operator's token, found as the server finds it
(MILLEBORNES_ADMIN_TOKEN, or ``admin_token_file`` of ``--config`` or the environment). The
token goes in a header, never in the URL, and is never printed."""

from __future__ import annotations

import argparse
import json
import os
import urllib.error
import urllib.request
from typing import Any
from urllib.parse import quote, urlsplit

from ..core.phrase import Phrase
from ..web.settings import ADMIN_TOKEN_VARIABLE, SettingError, secret
from ..words import say
from .serve import settings_of
from .usage import UsageError, helped, named

Parser = argparse.ArgumentParser
WAIT_SECONDS = 30.0  # a drain lets every room go, each stored first: seconds at most


def server_options(parser: Parser, language: str) -> None:
    parser.add_argument(
        "--server",
        required=True,
        metavar=named(language, "public_url"),
        help=helped(language, "admin.server"),
    )


def close_options(parser: Parser, language: str) -> None:
    server_options(parser, language)
    parser.add_argument(
        "code", metavar=named(language, "room"), help=helped(language, "admin.code")
    )


def announce_options(parser: Parser, language: str) -> None:
    server_options(parser, language)
    parser.add_argument(
        "text", metavar=named(language, "text"), help=helped(language, "admin.text")
    )


def close(args: argparse.Namespace, db: str) -> int:
    _call(args, f"/admin/rooms/{quote(args.code, safe='')}/close", {})
    print(say(args.language, "cli.admin.closed", code=args.code))
    return 0


def drain(args: argparse.Namespace, db: str) -> int:
    answer = _call(args, "/admin/drain", {})
    print(say(args.language, "cli.admin.drained", server=args.server, count=answer["drained"]))
    return 0


def announce(args: argparse.Namespace, db: str) -> int:
    answer = _call(args, "/admin/announce", {"text": args.text})
    print(say(args.language, "cli.admin.announced", server=args.server, count=answer["told"]))
    return 0


def _call(args: argparse.Namespace, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST ``body`` to the endpoint ``path`` of ``--server``: its answer, or a UsageError
    that says in one line what went wrong."""
    settings, _ = settings_of(args)
    try:
        token = secret(os.environ, ADMIN_TOKEN_VARIABLE, settings.admin_token_file)
    except SettingError as error:
        raise UsageError(error.phrase) from None
    if token is None:
        raise UsageError(Phrase("cli.admin.no_token"))
    base = args.server.rstrip("/")
    if urlsplit(base).scheme not in ("http", "https") or not urlsplit(base).netloc:
        raise UsageError(Phrase("cli.admin.bad_server", {"server": args.server}))
    request = urllib.request.Request(
        base + path,
        data=json.dumps(body).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=WAIT_SECONDS) as response:
            return dict(json.load(response))
    except urllib.error.HTTPError as error:
        raise _refused(args.server, error) from None
    except (urllib.error.URLError, OSError, ValueError) as error:
        reason = getattr(error, "reason", error)
        said = {"server": args.server, "error": str(getattr(reason, "strerror", None) or reason)}
        raise UsageError(Phrase("cli.admin.unreachable", said)) from None


def _refused(server: str, error: urllib.error.HTTPError) -> UsageError:
    """The server's refusal in one line: its own words for a room it does not know."""
    try:
        answer = json.load(error)
    except ValueError:
        answer = {}
    code = answer.get("code") if isinstance(answer, dict) else None
    if error.code == 401:
        return UsageError(Phrase("cli.admin.wrong_token", {"server": server}))
    if code == "not-found":
        return UsageError(Phrase("cli.admin.no_endpoint", {"server": server}))
    message = str(answer.get("message", error.reason)) if isinstance(answer, dict) else ""
    return UsageError(Phrase("cli.admin.refused", {"status": error.code, "message": message}))
