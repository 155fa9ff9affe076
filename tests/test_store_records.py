"""Game records, on SQLite and on PostgreSQL alike: games kept action by action, their reviews,
one commit for the actions queued together. The terminal game's ``GameStore`` on SQLite; the
server's store on PostgreSQL, whose records are the same."""

import concurrent.futures
import random
import sqlite3
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import psycopg
import pytest

from millebornes.core.position import to_position
from millebornes.store import (
    GameStore,
    ServerStore,
    StoreError,
    is_postgres,
    new_match,
    open_store,
)
from old_schema import BEFORE_ARCHIVING


def records(store_at: str | Path) -> GameStore:
    """The records at ``store_at``: the plain ``GameStore`` on SQLite."""
    return open_store(store_at) if is_postgres(store_at) else GameStore(store_at)


def _play(store: GameStore, game_id: str, moves: int, seed: int = 3) -> None:
    match = store.load(game_id).replay()
    rng = random.Random(seed)
    for _ in range(moves):
        action = rng.choice(match.legal_actions())
        match.apply(action)
        store.append(game_id, str(action), finished=match.is_over)


def test_a_game_survives_reopening_the_store(store_at: str) -> None:
    path = store_at
    store = records(path)
    game_id = store.create({"rules": "dujardin", "players": 3, "seed": 11}, meta={"names": ["Ann"]})
    _play(store, game_id, 40)
    before = store.load(game_id).replay()
    store.close()

    reopened = records(path).load(game_id)
    assert reopened.meta == {"names": ["Ann"]}
    assert len(reopened.actions) == 40
    assert to_position(reopened.replay().deal) == to_position(before.deal)


def test_unfinished_and_finished_games_are_listed_apart(store_at: str) -> None:
    store = records(store_at)
    short = store.create({"rules": "dujardin", "players": 2, "seed": 1, "target": None})
    long = store.create({"rules": "dujardin", "players": 2, "seed": 2})
    match = store.load(short).replay()
    rng = random.Random(0)
    while not match.is_over:
        action = rng.choice(match.legal_actions())
        match.apply(action)
        store.append(short, str(action), finished=match.is_over)
    _play(store, long, 5)
    assert store.game_ids(finished=False) == [long]
    assert store.game_ids(finished=True) == [short]
    assert store.load(short).replay().is_over


def test_bad_settings_are_refused_before_anything_is_stored(store_at: str) -> None:
    store = records(store_at)
    with pytest.raises(ValueError, match="played by 2, 3, 4, 6, 8 players"):
        store.create({"rules": "dujardin", "players": 5})
    with pytest.raises(ValueError, match="unknown game settings: colour"):
        store.create({"rules": "dujardin", "players": 2, "colour": "red"})
    assert store.game_ids() == []


def test_action_numbers_are_unique_per_game(store_at: str) -> None:
    store = records(store_at)
    game_id = store.create({"players": 2})
    assert [store.append(game_id, "discard 25") for _ in range(3)] == [0, 1, 2]
    with pytest.raises(StoreError, match="the action was not stored"):
        store.append("no-such-game", "discard 25")


def test_new_match_uses_every_setting() -> None:
    match = new_match({"rules": "dujardin", "players": 4, "race": 700, "target": 2000, "seed": 9})
    assert (match.players, match.race, match.target, match.seed) == (4, 700, 2000, 9)


def test_a_review_is_kept_and_replaced(store_at: str) -> None:
    store = records(store_at)
    game_id = store.create({"rules": "dujardin", "players": 2, "seed": 5})
    assert store.load_review(game_id, 0, 1) is None
    store.save_review(game_id, 0, 1, {"decisions": [], "summary": {"judged": 0}})
    store.save_review(game_id, 0, 1, {"decisions": [], "summary": {"judged": 1}})  # replaced
    store.close()
    reopened = records(store_at)
    assert reopened.load_review(game_id, 0, 1) == {"decisions": [], "summary": {"judged": 1}}
    assert reopened.load_review(game_id, 0, 0) is None
    reopened.delete(game_id)
    assert reopened.load_review(game_id, 0, 1) is None


def test_an_archived_game_stays_as_a_record_and_is_listed_apart(tmp_path: Path) -> None:
    path = tmp_path / "g.sqlite"
    old = sqlite3.connect(path)  # a file from before archiving: no archived column
    old.executescript(BEFORE_ARCHIVING)
    old.close()
    store = GameStore(path)
    kept, closed = (store.create({"players": 2, "seed": seed}) for seed in (1, 2))
    _play(store, closed, 5)
    store.archive(closed)
    assert store.game_ids(finished=False, archived=False) == [kept]
    assert store.game_ids(archived=True) == [closed]
    record = store.load(closed)
    assert record.archived
    assert not store.load(kept).archived
    assert len(record.actions) == 5
    assert record.replay().deal.seed == 2


def _append_while_the_writer_is_busy(store: GameStore, game_ids: list[str]) -> dict[str, object]:
    """Append an action to each game from threads of their own while the store's writer is
    held, so that every one waits in the queue; what each append returned or raised."""
    results: dict[str, object] = {}

    def append(game_id: str) -> None:
        try:
            results[game_id] = store.append(game_id, "discard 25")
        except StoreError as error:
            results[game_id] = error

    threads = [threading.Thread(target=append, args=(game_id,)) for game_id in game_ids]
    with store._lock:
        for thread in threads:
            thread.start()
        while len(store._queue) < len(threads):
            time.sleep(0.001)
    for thread in threads:
        thread.join()
    return results


def test_actions_appended_at_once_share_one_commit_and_keep_their_order(tmp_path: Path) -> None:
    """Group commit: actions queued while the writer is busy are flushed in one transaction,
    and one bad action among them fails alone."""
    store = GameStore(tmp_path / "g.sqlite")
    games = [store.create({"players": 2}) for _ in range(4)]
    commits: list[str] = []
    store._db.set_trace_callback(
        lambda statement: commits.append(statement) if statement == "COMMIT" else None
    )
    assert _append_while_the_writer_is_busy(store, games) == dict.fromkeys(games, 0)
    assert len(commits) == 1
    results = _append_while_the_writer_is_busy(store, [*games, "no-such-game"])
    assert {game_id: results[game_id] for game_id in games} == dict.fromkeys(games, 1)
    assert isinstance(results["no-such-game"], StoreError)
    assert all(store.load(game_id).actions == ["discard 25"] * 2 for game_id in games)


class Hiccups(ServerStore):
    """A server's SQLite store whose database refuses its next ``refused`` transactions
    (locked, say), then makes its next ``answers_lost`` commits but loses their answers (a
    connection cut during COMMIT)."""

    refused = 0
    answers_lost = 0

    def _execute(self, query: str, parameters: Sequence[Any] = ()) -> Any:
        if query == self.begin and self.refused:
            self.refused -= 1
            raise sqlite3.OperationalError("database is locked")
        cursor = super()._execute(query, parameters)
        if query == "COMMIT" and self.answers_lost:
            self.answers_lost -= 1
            raise sqlite3.OperationalError("disk I/O error")
        return cursor


@pytest.mark.slow
def test_an_action_the_database_cannot_write_now_is_tried_again_and_stored_once(
    tmp_path: Path,
) -> None:
    store = Hiccups(tmp_path / "g.sqlite")
    game_id = store.create({"players": 2})
    store.refused, store.answers_lost = 3, 1
    assert store.queue(game_id, "discard 25", number=0).result() == 0
    assert store.queue(game_id, "discard 50", number=1).result() == 1
    assert store.load(game_id).actions == ["discard 25", "discard 50"], "none doubled"
    assert store.failures == {"OperationalError": 4}
    assert store.write_failure is None
    # Without its number, whether a try was made cannot be told: it is refused at once.
    store.refused = 1
    with pytest.raises(StoreError, match="database is locked"):
        store.append(game_id, "discard 75")
    # A stopping server waits for the database no more.
    store.refused = 1000
    waiting = store.queue(game_id, "discard 75", number=2)
    store.give_up()
    with pytest.raises(StoreError, match="the server stopped first"):
        waiting.result()
    assert store.load(game_id).actions == ["discard 25", "discard 50"]


def test_concurrent_appends_keep_every_game_in_order(store_at: str) -> None:
    store = records(store_at)
    games = [store.create({"players": 2}) for _ in range(6)]
    start = threading.Barrier(len(games))

    def play(game_id: str) -> list[int]:
        start.wait()
        return [store.append(game_id, f"discard {25 * (1 + n % 4)}") for n in range(40)]

    with concurrent.futures.ThreadPoolExecutor(len(games)) as pool:
        numbers = list(pool.map(play, games))
    assert numbers == [list(range(40))] * len(games)
    for game_id in games:
        assert store.load(game_id).actions == [f"discard {25 * (1 + n % 4)}" for n in range(40)]


def test_a_lost_postgresql_connection_is_opened_again(postgres_url: str, postgres: str) -> None:
    store = open_store(postgres_url)
    game_id = store.create({"players": 2})
    with psycopg.connect(postgres, autocommit=True) as admin:  # the database restarts, say
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid()"
            " AND backend_type = 'client backend'"
        )
    with pytest.raises(psycopg.OperationalError):
        store.load(game_id)  # the call that finds it lost fails
    assert store.append(game_id, "discard 25") == 0
    assert store.load(game_id).actions == ["discard 25"]
