"""Where the server's blocking work runs, so that its event loop keeps serving: the store's
calls in a few threads, easy and medium bots in two others, and the searching bots (``hard``) in
a pool of processes at a lower priority, so that they never hold the server's interpreter; the
reviews' decisions are judged in that pool too."""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from ..bots import Bot, Searcher, is_searcher
from ..core.actions import Action
from ..core.view import View

SEARCH_NICENESS = 10  # how much lower a search process's priority is than the server's
T = TypeVar("T")
log = logging.getLogger(__name__)


def _search(bot: Searcher[T], view: View) -> tuple[Action, T]:
    """A searching bot's choice in a process of the pool: the action, and what the bot came to
    believe choosing it."""
    return bot.choose(view), bot.thought()


def _search_process(server: int) -> None:
    """A search process yields the cores to the server's event loop (people come first), and
    ends when the server (process ``server``) does, however it ended, even before this process
    was ready: one left behind would wait for ever for a server that is gone."""
    os.nice(SEARCH_NICENESS)

    def watch_server() -> None:
        while os.getppid() == server:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=watch_server, name="watch server", daemon=True).start()


class Executors:
    """A few threads for the store's blocking calls (loads, leases, seats, the chat; a table's
    actions go through the store's own writer); two threads for the bots that answer in a few
    milliseconds; a pool of processes for the bots that search (``Bot.searches``)."""

    def __init__(self, store_threads: int = 4, search_processes: int | None = None) -> None:
        self._store = ThreadPoolExecutor(store_threads, thread_name_prefix="store")
        self._bots = ThreadPoolExecutor(2, thread_name_prefix="bot")
        self._processes = search_processes or os.cpu_count() or 1
        self._searches = self._search_pool()
        self.searches = 0  # searches asked for and not done yet: queued or running

    def _search_pool(self) -> ProcessPoolExecutor:
        # Spawned, not forked: the server's threads and event loop are not copied.
        context = multiprocessing.get_context("spawn")
        return ProcessPoolExecutor(
            self._processes, context, initializer=_search_process, initargs=(os.getpid(),)
        )

    def search_pool(self) -> Executor:
        """The pool of search processes as it is now (a new one after a process died): reviews
        are judged there too."""
        return self._searches

    async def store(self, function: Any, *args: Any, **kwargs: Any) -> Any:
        call = functools.partial(function, *args, **kwargs)
        return await asyncio.get_running_loop().run_in_executor(self._store, call)

    async def bot(self, bot: Bot, view: View) -> Action:
        """``bot``'s choice on ``view``. A search runs in the pool on a copy of the bot, whose
        thought the bot then adopts, so that it stays the table's same bot and believes what it
        would have believed choosing here."""
        loop = asyncio.get_running_loop()
        if not is_searcher(bot):
            action: Action = await loop.run_in_executor(self._bots, bot.choose, view)
            return action
        self.searches += 1
        try:
            action, thought = await loop.run_in_executor(self._searches, _search, bot, view)
        except BrokenProcessPool:  # a search process died (killed, out of memory): a new pool
            log.error("a search process died; starting the pool again")
            self._searches = self._search_pool()
            action, thought = await loop.run_in_executor(self._searches, _search, bot, view)
        finally:
            self.searches -= 1
        bot.adopt(thought)
        return action

    def shutdown(self) -> None:
        """Stop, waiting for the store's writes and for searches under way (a second or two):
        a pool left to stop on its own as the server exits leaves its semaphores behind."""
        self._store.shutdown(wait=True)
        self._bots.shutdown(wait=False, cancel_futures=True)
        self._searches.shutdown(wait=True, cancel_futures=True)
