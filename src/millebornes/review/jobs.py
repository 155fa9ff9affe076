"""Reviews of a stored game's deals for both games: computed once, in a pool of processes the
game keeps, with a visible progress and each verdict shown as it comes, kept in the store, and
the deal's steps as the reviewed seat saw them (``review.replay``)."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import sys
import threading
from collections.abc import Callable
from concurrent.futures import CancelledError, Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from ..core.deal import Deal
from ..core.errors import MillebornesError, RequestError
from ..core.phrase import Phrase
from ..store import GameStore
from .decisions import Budget, Judgement, deal_start, review


def finished_deal(store: GameStore, game_id: str, deal: int) -> Deal:
    """Deal ``deal`` (from 0) of a stored game, which must be over."""
    match = store.load(game_id).replay()
    if not 0 <= deal < len(match.finished):
        raise RequestError(Phrase("request.deal_not_over", {"deal": deal + 1}))
    return match.finished[deal]


Pool = Callable[[], Executor]  # the pool of processes reviews are judged in, as it is now


class ReviewJob:
    """The review of one seat in one finished deal of a stored game: taken from the store, or
    computed in a background thread that sends its decisions to ``pool``, keeps ``done`` and
    ``total`` for a progress bar and each judgement as it comes, and stores the result."""

    def __init__(
        self,
        store: GameStore,
        game_id: str,
        deal: int,
        seat: int,
        budget: Budget | None = None,
        pool: Pool | None = None,
    ) -> None:
        self.store, self.game_id, self.deal, self.seat = store, game_id, deal, seat
        self.budget, self.pool = budget, pool
        self.done = 0
        self.total = 0
        self.error: Phrase | None = None  # why the review failed
        self.result = store.load_review(game_id, deal, seat)
        self._judged: dict[int, dict[str, Any]] = {}  # the judgements so far, by index
        self._thread: threading.Thread | None = None

    @property
    def finished(self) -> bool:
        return self.result is not None or self.error is not None

    @property
    def judgements(self) -> dict[int, dict[str, Any]]:
        """The decisions judged so far (all of them once the review is done), by index."""
        if self.result is not None:
            return judgements_by_index(self.result)
        return dict(self._judged)

    def start(self) -> None:
        """Compute the review in the background, unless it is stored or already running."""
        if self.finished or self._thread is not None:
            return
        self._thread = threading.Thread(target=self._run, daemon=True, name="review")
        self._thread.start()

    def join(self, timeout: float | None = None) -> None:
        if self._thread is not None:
            self._thread.join(timeout)

    def _progress(self, done: int, total: int) -> None:
        self.done, self.total = done, total

    def _judged_one(self, judgement: Judgement) -> None:
        self._judged[judgement.index] = judgement.to_dict()

    def _run(self) -> None:
        try:
            start, actions = deal_start(finished_deal(self.store, self.game_id, self.deal))
            result = review(
                start,
                actions,
                self.seat,
                budget=self.budget,
                pool=None if self.pool is None else self.pool(),
                progress=self._progress,
                judged=self._judged_one,
            ).to_dict()
        except MillebornesError as error:
            self.error = error.phrase
            return
        except (CancelledError, BrokenProcessPool):  # the game closed its pool, or a process died
            self.error = Phrase("review.interrupted")
            return
        except RuntimeError as error:  # a pool shut down (the server stopping) takes no more
            if "after shutdown" not in str(error):
                raise
            self.error = Phrase("review.interrupted")
            return
        self.store.save_review(self.game_id, self.deal, self.seat, result)
        self.result = result


class ReviewJobs:
    """One job per reviewed seat and deal of a game, so that asking again (another screen, a
    reload of the page) follows the same computation rather than starting another.

    The decisions are judged in ``pool`` (the server's pool of search processes), or in a pool
    of as many processes as cores this keeps from the first review to :meth:`close` (the
    terminal game's)."""

    def __init__(self, store: GameStore, budget: Budget | None = None, pool: Pool | None = None):
        self.store, self.budget = store, budget
        self._pool = pool
        self._own: ProcessPoolExecutor | None = None
        self._jobs: dict[tuple[str, int, int], ReviewJob] = {}
        self._lock = threading.Lock()

    def _own_pool(self) -> Executor:
        with self._lock:
            if self._own is None:
                # Fresh processes, not forks of the game's threads. The pool starts a resource
                # tracker that is handed standard error: the process's own, not the terminal
                # game's capture of it (which has no file descriptor).
                context = multiprocessing.get_context("spawn")
                with contextlib.redirect_stderr(sys.__stderr__):
                    self._own = ProcessPoolExecutor(os.cpu_count() or 1, mp_context=context)
            return self._own

    def get(self, game_id: str, deal: int, seat: int) -> ReviewJob:
        """The job of that review, started if it is not stored yet."""
        with self._lock:
            key = (game_id, deal, seat)
            job = self._jobs.get(key)
            if job is None or job.error is not None:
                pool = self._pool or self._own_pool
                job = ReviewJob(self.store, game_id, deal, seat, self.budget, pool)
                self._jobs[key] = job
        job.start()
        return job

    def close(self) -> None:
        """Stop the pool this keeps, if any, dropping the decisions not judged yet."""
        with self._lock:
            if self._own is not None:
                self._own.shutdown(wait=False, cancel_futures=True)
                self._own = None


def judgements_by_index(result: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """A stored review's decisions, by the index of their action."""
    return {int(d["index"]): d for d in result["decisions"]}
