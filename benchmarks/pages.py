"""Lighthouse's performance score for the review page, the page a player opens after a deal and
the heaviest the server sends (its cards, its words in both languages): a speed figure, so it is
measured here on a quiet machine, never asserted by the tests (which hold its accessibility).

    python -m benchmarks.pages              # 3 runs of the review page
    python -m benchmarks.pages --runs 5

Starts the server in this process with a fresh database holding one finished deal between a
person and a bot, asks for the deal's review (at the review's default budget) and, once it is
ready, runs Lighthouse (tests/browser_tools, ``npm ci`` there; Debian's Chromium) on its page
``--runs`` times. Prints each run's score with its first contentful paint, largest contentful
paint, total blocking time and layout shift, then the median score (the target: 95 or more).

The room is written straight into the store (:func:`set_room`), as the browser tests set their
positions up; they take it, and :func:`lighthouse`, from here.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import shutil
import statistics
import subprocess
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import httpx

from millebornes.store import GameStore
from millebornes.table import Player, Table
from millebornes.web.options import RoomOptions
from millebornes.web.room import ROOM_KIND
from millebornes.web.seats import token_hash
from millebornes.web.server import BackgroundServer

CHROMIUM = "/usr/bin/chromium"
TOOLS = Path(__file__).parent.parent / "tests" / "browser_tools"
LIGHTHOUSE = TOOLS / "node_modules" / ".bin" / "lighthouse"
LIGHTHOUSE_ATTEMPTS = 2
INSTALL = "install the browser tests' tools first: (cd tests/browser_tools && npm ci)"
TARGET = 95
# The audits printed beside each score, as Lighthouse names them.
AUDITS = {
    "first-contentful-paint": "FCP",
    "largest-contentful-paint": "LCP",
    "total-blocking-time": "TBT",
    "cumulative-layout-shift": "CLS",
}


class LighthouseError(Exception):
    """Lighthouse is not installed, or failed on a page twice."""


@dataclass(frozen=True)
class SetRoom:
    """A room written in the store: its code, and the tokens of the people's seats."""

    code: str
    tokens: dict[int, str]


def set_room(
    db: Path,
    rules: str,
    seats: Sequence[str | None],
    *,
    seed: int = 1,
    actions: tuple[str, ...] | list[str] = (),
    single_deal: bool = True,
    finish_deal: bool = False,
) -> SetRoom:
    """A room written in the server's store as if it had been played to ``actions`` (and on to
    the end of that deal with ``finish_deal``): ``seats`` holds a person's name or None for a
    bot (easy). The server loads it when a page asks for it."""
    store = GameStore(db)
    tokens = {n: secrets.token_urlsafe(24) for n, name in enumerate(seats) if name is not None}
    players = [
        Player(name) if name is not None else Player(f"Bot{n}", "easy")
        for n, name in enumerate(seats)
    ]
    code = secrets.token_urlsafe(9)
    meta = {
        "kind": ROOM_KIND,
        "code": code,
        "tokens": [token_hash(tokens[n]) if n in tokens else None for n in range(len(seats))],
        "creator": None,
    }
    table = Table.create(
        store,
        rules=rules,
        players=players,
        seed=seed,
        single_deal=single_deal,
        meta=meta,
        game_id=code,
    )
    for action in actions:
        seat = table.match.to_act
        assert seat is not None
        table.act(seat, action)
    deal = table.deal_index
    while finish_deal and table.deal_index == deal and not table.is_over:
        seat = table.match.to_act
        assert seat is not None
        table.act(seat, table.match.view(seat).legal[0])
    store.close()
    return SetRoom(code, tokens)


def lighthouse(
    url: str, categories: list[str], out: Path, headers: dict[str, str] | None = None
) -> dict[str, float]:
    """Lighthouse's scores (0 to 100) of ``url`` for ``categories``, and its report in ``out``."""
    if not LIGHTHOUSE.exists() or shutil.which("node") is None:
        raise LighthouseError(f"Lighthouse is missing: {INSTALL}")
    command = [
        str(LIGHTHOUSE),
        url,
        "--quiet",
        "--output=json",
        f"--output-path={out}",
        f"--only-categories={','.join(categories)}",
        "--chrome-flags=--no-sandbox --disable-gpu --disable-background-networking --headless",
    ]
    if headers:
        command.append(f"--extra-headers={json.dumps(headers)}")
    env = {**os.environ, "CHROME_PATH": CHROMIUM}
    # Lighthouse itself sometimes falls over on a loaded machine (its Chromium's protocol times
    # out): that is tried once more, and said with Lighthouse's own words if it happens again.
    for attempt in range(LIGHTHOUSE_ATTEMPTS):
        ran = subprocess.run(command, env=env, timeout=240, capture_output=True, text=True)
        if ran.returncode == 0:
            break
        print(f"Lighthouse exited {ran.returncode} (attempt {attempt + 1}):\n{ran.stderr[-4000:]}")
    else:
        raise LighthouseError(f"Lighthouse failed on {url}:\n{ran.stderr[-4000:]}")
    report = json.loads(out.read_text())
    return {name: round(100 * report["categories"][name]["score"]) for name in categories}


def reviewed_deal(server: BackgroundServer, db: Path) -> str:
    """The link of the review of a finished deal between a person and a bot, once it is ready."""
    finished = set_room(db, "dujardin", ["Ann", None], finish_deal=True)
    asked = httpx.post(
        f"{server.url}/api/rooms/{finished.code}/review",
        json={"token": finished.tokens[0], "deal": 0},
    )
    link = str(asked.json()["link"])
    deadline = time.monotonic() + 300
    while httpx.get(f"{server.url}/api{link}").json()["review"] is None:
        if time.monotonic() > deadline:
            raise SystemExit("the review did not finish in 300 s")
        time.sleep(0.5)
    return link


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error(f"--runs: {args.runs} is not a positive whole number")
    try:
        scores = measured(args.runs)
    except LighthouseError as error:
        raise SystemExit(f"benchmarks.pages: {error}") from None
    print(
        f"median performance of the review page: {statistics.median(scores):.0f} (target {TARGET})"
    )


def measured(runs: int) -> list[float]:
    """The review page's performance score in each of ``runs`` runs, each printed as it comes."""
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "pages.sqlite"
        with BackgroundServer(db, RoomOptions()) as server:
            link = reviewed_deal(server, db)
            scores = []
            for run in range(runs):
                out = Path(folder) / f"review-{run}.json"
                score = lighthouse(f"{server.url}{link}", ["performance"], out)["performance"]
                audits = json.loads(out.read_text())["audits"]
                shown = ", ".join(
                    f"{name} {audits[key]['displayValue']}" for key, name in AUDITS.items()
                )
                print(f"run {run + 1}: performance {score:.0f} ({shown})", flush=True)
                scores.append(score)
    return scores


if __name__ == "__main__":
    main()
