"""The server's store, on SQLite and on PostgreSQL alike: the leases that let several servers
share one database, the tables' chat and public list, the turn to seat a quick game, and the
links to reviews."""

import contextlib
import sqlite3
import threading
import time
from collections.abc import Iterator

import psycopg
import pytest

from millebornes.store import LeaseLost, ServerStore, is_postgres, open_store


def test_a_review_is_shared_by_one_token_made_once(store_at: str) -> None:
    store = open_store(store_at)
    game_id = store.create({"rules": "dujardin", "players": 2, "seed": 5})
    token = store.share_review(game_id, 0, 1)  # a link may come before the review is done
    store.save_review(game_id, 0, 1, {"decisions": [], "summary": {"judged": 0}})
    assert store.share_review(game_id, 0, 1) == token
    store.close()
    reopened = open_store(store_at)
    assert reopened.shared_review(token) == (game_id, 0, 1)
    assert reopened.share_review(game_id, 0, 0) != token
    assert reopened.shared_review("nonsense") is None
    reopened.delete(game_id)
    assert reopened.shared_review(token) is None


@contextlib.contextmanager
def _writing_elsewhere(store_at: str) -> Iterator[None]:
    """Another connection in the middle of a write to the review links (a server's long
    transaction): writers wait for it, readers do not."""
    if is_postgres(store_at):
        with psycopg.connect(store_at) as other:
            other.execute("LOCK TABLE review_links IN EXCLUSIVE MODE")
            yield
        return
    writer = sqlite3.connect(store_at, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        writer.rollback()
        writer.close()


def test_a_review_link_made_before_is_read_without_waiting_for_a_writer(store_at: str) -> None:
    """A player's history asks for the link of every finished game it lists: a link already
    made is read, not written again, so the list does not wait on another transaction."""
    store = open_store(store_at)
    game_id = store.create({"rules": "dujardin", "players": 2, "seed": 5})
    token = store.share_review(game_id, 0, 1)
    answers: list[str] = []
    with _writing_elsewhere(store_at):
        asking = threading.Thread(target=lambda: answers.append(store.share_review(game_id, 0, 1)))
        asking.start()
        asking.join(timeout=10)
        answered = not asking.is_alive()
    asking.join()
    store.close()
    assert answered, "share_review waited for another connection's write"
    assert answers == [token]


def test_a_store_without_an_owner_leases_nothing(store_at: str) -> None:
    store = open_store(store_at)
    game_id = store.create({"players": 2})
    store.append(game_id, "discard 25")
    store.archive(game_id)
    assert not store.holds(game_id)


def _owned(store_at: str, owner: str, lease_seconds: float = 30) -> ServerStore:
    return open_store(store_at, owner=owner, lease_seconds=lease_seconds)


def test_a_lease_is_held_by_one_server_and_handed_over_when_asked(store_at: str) -> None:
    first, second = _owned(store_at, "first"), _owned(store_at, "second")
    game_id = first.create({"players": 2})
    assert first.holds(game_id), "whoever creates a game holds it"
    assert not second.take(game_id), "nobody takes a lease held by another"
    with pytest.raises(LeaseLost):
        second.append(game_id, "discard 25")
    second.want(game_id)
    assert first.wanted() == {game_id}, "the holder hears it is wanted"
    assert first.renew() == set()
    first.append(game_id, "discard 25")
    first.release(game_id)
    assert second.take(game_id)
    assert second.wanted() == set(), "taking it answered the request"
    second.append(game_id, "discard 50")
    with pytest.raises(LeaseLost):
        first.append(game_id, "discard 75")
    assert not first.holds(game_id)
    assert open_store(store_at).load(game_id).actions == ["discard 25", "discard 50"]
    with pytest.raises(KeyError):
        second.take("no-such-game")


def test_a_game_is_held_elsewhere_while_its_holder_renews_within_half_a_lease(
    store_at: str,
) -> None:
    holder, other = _owned(store_at, "holder", 0.6), _owned(store_at, "other", 0.6)
    game_id = holder.create({"players": 2})
    assert other.held_elsewhere(game_id), "its holder has just taken it: it lives"
    assert not holder.held_elsewhere(game_id), "not elsewhere to its holder"
    time.sleep(0.35)  # the holder stops renewing: past half its lease, it may have died
    assert not other.held_elsewhere(game_id)
    assert holder.renew() == set()
    assert other.held_elsewhere(game_id), "renewed: alive again"
    holder.release(game_id)
    assert not other.held_elsewhere(game_id), "a lease given up is held by nobody"
    assert not other.held_elsewhere("no-such-game")


def test_a_server_that_stalled_past_its_lease_changes_nothing_once_it_is_taken(
    store_at: str,
) -> None:
    stalled, other = _owned(store_at, "stalled", 0.3), _owned(store_at, "other", 0.3)
    game_id = stalled.create({"players": 2})
    stalled.append(game_id, "discard 25")
    assert not other.take(game_id)
    time.sleep(0.4)  # the first server stalls: its lease runs out
    assert other.take(game_id)
    other.append(game_id, "discard 50")
    for write in (
        lambda: stalled.append(game_id, "discard 75"),
        lambda: stalled.set_meta(game_id, {"stale": True}),
        lambda: stalled.archive(game_id),
    ):
        with pytest.raises(LeaseLost):
            write()
    assert stalled.renew() == set(), "it knows it lost the game already"
    stored = open_store(store_at).load(game_id)
    assert (stored.actions, stored.meta, stored.archived) == (
        ["discard 25", "discard 50"],
        {},
        False,
    )


def test_a_lease_that_ran_out_is_renewed_if_nobody_took_it_and_lost_if_another_did(
    store_at: str,
) -> None:
    store, other = _owned(store_at, "alone", 0.2), _owned(store_at, "other", 0.2)
    kept, written, taken, released = (store.create({"players": 2}) for _ in range(4))
    store.release(released)
    time.sleep(0.3)  # the database could not be written for longer than the lease, say
    assert store.append(written, "discard 25") == 0, "a write before the renewal keeps it"
    store.set_meta(written, {"kept": True})
    assert other.take(taken)
    assert store.renew() == {taken}
    assert {kept, written} == {g for g in (kept, written) if store.holds(g)}, "none taken: kept"
    assert not store.holds(taken)
    assert other.take(released), "a lease given up stays given up"
    assert store.append(kept, "discard 25") == 0
    with pytest.raises(LeaseLost):
        store.append(taken, "discard 25")


def test_a_process_restarted_under_its_name_takes_its_leases_back_at_once(
    store_at: str,
) -> None:
    past = _owned(store_at, "west-1", lease_seconds=600)  # killed: its leases stay in the table
    game_id, its_own = past.create({"players": 2}), past.create({"players": 2})
    past.append(game_id, "discard 25")
    other = _owned(store_at, "east-1", lease_seconds=600)
    assert not other.take(game_id), "held for ten minutes"
    restarted = _owned(store_at, "west-1", lease_seconds=600)
    restarted.reclaim()
    assert other.take(game_id), "let go at once: any server may take it"
    assert restarted.take(its_own), "or the restarted process itself"
    restarted.append(its_own, "discard 50")
    for game in (game_id, its_own):
        with pytest.raises(LeaseLost):  # the past process, had it lived, writes no more
            past.append(game, "discard 75")
    assert open_store(store_at).load(its_own).actions == ["discard 50"]


def test_a_games_chat_is_kept_in_order_and_its_last_messages_read_back(store_at: str) -> None:
    store = open_store(store_at)
    game_id = store.create({"players": 2})
    other = store.create({"players": 2})
    numbers = [store.add_chat(game_id, {"text": f"hello {n}", "seat": n % 2}) for n in range(5)]
    store.add_chat(other, {"text": "elsewhere"})
    assert numbers == [0, 1, 2, 3, 4]
    assert [m["text"] for m in store.chat(game_id, 3)] == ["hello 2", "hello 3", "hello 4"]
    store.close()
    reopened = open_store(store_at)
    assert reopened.chat(game_id, 10)[0] == {"text": "hello 0", "seat": 0}
    assert [m["text"] for m in reopened.chat(other, 10)] == ["elsewhere"]
    reopened.delete(game_id)
    assert reopened.chat(game_id, 10) == []


def test_listed_games_are_read_with_their_summary_until_finished_or_taken_off(
    store_at: str,
) -> None:
    store = open_store(store_at)
    first, second, hidden = (store.create({"players": 2}) for _ in range(3))
    store.list_game(first, {"free": 1})
    store.list_game(second, {"free": 2})
    store.list_game(first, {"free": 0})
    assert store.listed() == [(first, {"free": 0}), (second, {"free": 2})]
    store.list_game(second, None)
    assert store.listed() == [(first, {"free": 0})]
    store.append(first, "discard 25", finished=True)
    assert store.listed() == [], "a finished game is no longer listed"
    store.list_game(hidden, {"free": 1})
    store.archive(hidden)
    assert store.listed() == []


def test_chat_and_listings_are_written_only_by_the_leases_holder(store_at: str) -> None:
    holder, other = _owned(store_at, "holder"), _owned(store_at, "other")
    game_id = holder.create({"players": 2})
    holder.add_chat(game_id, {"text": "mine"})
    holder.list_game(game_id, {"free": 1})
    with pytest.raises(LeaseLost):
        other.add_chat(game_id, {"text": "not yours"})
    with pytest.raises(LeaseLost):
        other.list_game(game_id, None)
    assert [m["text"] for m in other.chat(game_id, 5)] == ["mine"]
    assert other.listed() == [(game_id, {"free": 1})]


def test_the_turn_to_seat_a_quick_game_is_one_servers_until_given_up_or_run_out(
    store_at: str,
) -> None:
    first, second = _owned(store_at, "first"), _owned(store_at, "second")
    assert first.take_matchmaking("first", 30)
    assert not second.take_matchmaking("second", 30), "the first holds it"
    first.give_matchmaking("first")
    assert second.take_matchmaking("second", 0.05)
    assert not first.take_matchmaking("first", 30)
    time.sleep(0.1)  # the second died holding it: its turn runs out
    assert first.take_matchmaking("first", 30)
    second.give_matchmaking("second")  # a turn given up late frees nobody else's
    assert not second.take_matchmaking("second", 30)
