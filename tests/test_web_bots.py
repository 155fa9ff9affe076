"""The server's bots: a search (hard) runs in a process of its own, and its bot keeps what it
came to believe there."""

from __future__ import annotations

import asyncio
import os
import random

from millebornes import Deal, to_position
from millebornes.bots.master import MasterBot
from millebornes.core.actions import Action
from millebornes.core.view import View
from millebornes.web.rooms import Executors


class WhereBot(MasterBot):
    """Master, noting the process it chose in."""

    def choose(self, view: View) -> Action:
        self.chosen_in = os.getpid()
        return super().choose(view)


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
            assert there.chosen_in != os.getpid(), "the search ran in another process"
            assert here.chosen_in == os.getpid()
            assert there.reason == here.reason
    finally:
        executors.shutdown()
    believed = [bot.beliefs.sample(views[-1], random.Random(1)) for bot in (there, here)]
    assert to_position(believed[0]) == to_position(believed[1]), "it believes the same"
