"""The server's bots: a search (hard) runs in a process of its own, and its bot adopts what it
came to believe there (and nothing else)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import time
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from millebornes import Deal, to_position
from millebornes.bots.master import MasterBot
from millebornes.core.actions import Action
from millebornes.core.view import View
from millebornes.web.executors import Executors
from serving import Served, serve_command
from webclient import Player, create_room, join


class WhereBot(MasterBot):
    """Master, noting the process it chose in: what it notes is no thought of master's, so a
    choice made elsewhere leaves no note here."""

    def choose(self, view: View) -> Action:
        self.chosen_in = os.getpid()
        return super().choose(view)


@pytest.mark.slow
def test_a_search_runs_in_a_pool_process_and_the_bot_keeps_its_beliefs() -> None:
    deal = Deal.new("dujardin", 2, 5)
    rng = random.Random(5)
    here, there = WhereBot(seed=3, iterations=60), WhereBot(seed=3, iterations=60)
    views: list[View] = []
    while len(views) < 6:  # the bots of seat 0 see the same deal, then each chooses
        seat = deal.to_act
        assert seat is not None
        if seat == 0 and len(deal.view(0).legal) > 1:
            views.append(deal.view(0))
        deal.apply(rng.choice(deal.legal_actions()))
    executors = Executors(search_processes=1)
    try:
        for view in views:
            assert asyncio.run(executors.bot(there, view)) == here.choose(view)
            assert "chosen_in" not in vars(there), "the search ran in another process"
            assert here.chosen_in == os.getpid()
            assert there.reason == here.reason
    finally:
        executors.shutdown()
    believed = [bot.beliefs.sample(views[-1], random.Random(1)) for bot in (there, here)]
    assert to_position(believed[0]) == to_position(believed[1]), "it believes the same"


@pytest.mark.slow
def test_a_search_process_ends_when_its_server_is_killed(tmp_path: Path) -> None:
    """The server dies while a hard bot thinks (SIGKILL: nothing runs on its way out); its
    search processes end too, rather than wait for ever to answer a server that is gone."""
    command = serve_command("--port", "0", "--db", str(tmp_path / "s.sqlite"), "--bot-delay", "0")
    with Served(command) as server:
        code = create_room(server, ["person", "hard"])
        token = join(server, code, "Ann")[1]

        async def until_the_bot_thinks() -> None:
            """Ann plays until it is the bot's turn."""
            ann = await Player.connect(server, code, [token])
            while True:
                view = (await ann.receive_state())["view"]
                if view["to_act"] == 1:
                    break
                if view["legal"]:
                    await ann.send({"type": "action", "action": view["legal"][0]})
            deadline = time.monotonic() + 20
            while not children(server.process.pid):  # the first search starts a process
                assert time.monotonic() < deadline, "no search process started"
                await asyncio.sleep(0.01)
            searchers.extend(children(server.process.pid))
            server.process.send_signal(signal.SIGKILL)  # while the bot thinks
            with contextlib.suppress(ConnectionClosed):
                await ann.close()

        searchers: list[int] = []
        asyncio.run(until_the_bot_thinks())
        server.process.wait()
    deadline = time.monotonic() + 10
    while any(Path(f"/proc/{pid}").exists() for pid in searchers):
        assert time.monotonic() < deadline, f"search processes left behind: {searchers}"
        time.sleep(0.1)


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                if int(stat[1]) == pid:
                    found.append(int(entry.name))
    return found
