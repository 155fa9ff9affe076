"""The players in the server's store, on SQLite and on PostgreSQL alike: a device's secret
finds its player, a name is one player's by its skeleton, a one-time code is used once and
not after it expires, the seats a player took make their history, and a player's devices are
listed (what each is, when last seen) and signed out."""

import time

import pytest

from millebornes.store import open_store
from millebornes.store.players import MAX_AGENT_CHARS, SEEN_STEP_SECONDS, NameTaken

FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"


def test_a_secret_finds_its_player_and_a_second_device_the_same(store_at: str) -> None:
    store = open_store(store_at)
    store.add_player("p1", "hash-one")
    store.add_session("p1", "hash-two")
    assert store.player_of("hash-one") == store.player_of("hash-two")
    found = store.player_of("hash-two")
    assert found is not None
    assert (found.id, found.name, found.password) == ("p1", None, None)
    assert store.player_of("unknown") is None


def test_a_name_is_one_players_by_its_skeleton(store_at: str) -> None:
    store = open_store(store_at)
    store.add_player("p1", "h1")
    store.add_player("p2", "h2")
    store.name_player("p1", "Alice", "alice")
    with pytest.raises(NameTaken):
        store.name_player("p2", "ALICE", "alice")
    store.name_player("p2", "Bob", "bob")
    store.name_player("p2", "Bobby", "bobby")  # a new name frees the old one
    store.name_player("p1", "Bob", "bob")
    renamed, kept = store.player_of("h1"), store.player_of("h2")
    assert renamed is not None
    assert renamed.name == "Bob"
    assert kept is not None
    assert kept.name == "Bobby"
    assert store.named("alice") is None
    named = store.named("bob")
    assert named is not None
    assert named.id == "p1"
    store.set_password("p1", "$argon2id$stand-in")
    again = store.named("bob")
    assert again is not None
    assert again.password == "$argon2id$stand-in"


def test_a_one_time_code_works_once_and_not_after_it_expires(store_at: str) -> None:
    store = open_store(store_at)
    store.add_player("p1", "h1")
    store.add_code("p1", "code-1", 60)
    store.add_code("p1", "code-2", 60)  # a new code replaces the one before
    assert store.use_code("code-1") is None
    assert store.use_code("code-2") == "p1"
    assert store.use_code("code-2") is None, "a code is used once"
    store.add_code("p1", "code-3", 0.05)
    time.sleep(0.2)
    assert store.use_code("code-3") is None, "an expired code carries nobody"


def test_a_players_seats_make_their_history_the_latest_first(store_at: str) -> None:
    store = open_store(store_at)
    store.add_player("p1", "h1")
    store.add_player("p2", "h2")
    first = store.create({"rules": "dujardin", "players": 2, "seed": 1})
    second = store.create({"rules": "dujardin", "players": 3, "seed": 2})
    store.link_seat(first, 0, "p1")
    store.link_seat(first, 1, "p2")
    store.link_seat(second, 2, "p1")
    store.link_seat(second, 2, "p2")  # a seat is taken once: the second link changes nothing
    store.append(second, "discard 25")  # played last
    assert [(game.id, seats) for game, seats in store.history("p1")] == [
        (second, (2,)),
        (first, (0,)),
    ]
    assert [game.id for game, _ in store.history("p2")] == [first]
    assert store.linked_seats(second, "p1") == (2,)
    assert store.linked_seats(second, "p2") == ()
    rematch = store.create({"rules": "dujardin", "players": 2, "seed": 3})
    store.copy_seats(first, rematch)
    assert store.linked_seats(rematch, "p1") == (0,)
    assert store.linked_seats(rematch, "p2") == (1,)
    store.delete(first)
    assert [game.id for game, _ in store.history("p2")] == [rematch]


def test_a_players_devices_are_listed_and_a_signed_out_ones_secret_finds_nobody(
    store_at: str,
) -> None:
    store = open_store(store_at)
    store.add_player("p1", "laptop", FIREFOX)
    store.add_session("p1", "phone", "x" * 2000)
    store.add_session("p1", "old")  # no User-Agent, as a device signed in before devices
    store.add_player("p2", "other")
    devices = {device.secret_hash: device for device in store.devices("p1")}
    assert set(devices) == {"laptop", "phone", "old"}
    assert devices["laptop"].agent == FIREFOX
    assert devices["phone"].agent == "x" * MAX_AGENT_CHARS
    assert devices["old"].agent is None
    assert all(device.seen == device.created for device in devices.values())
    assert store.sign_out("p1", ["other", "phone"]) == 1, "another player's device is not theirs"
    assert store.player_of("phone") is None
    assert store.player_of("other") is not None
    assert store.sign_out("p1", []) == 0
    assert {device.secret_hash for device in store.devices("p1")} == {"laptop", "old"}
    assert [device.secret_hash for device in store.devices("p2")] == ["other"]


def test_a_device_is_seen_when_its_secret_finds_its_player_once_a_step(
    store_at: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = open_store(store_at)
    store.add_player("p1", "laptop")
    store.add_session("p1", "phone")
    (signed_in,) = [d.seen for d in store.devices("p1") if d.secret_hash == "laptop"]
    later = signed_in + SEEN_STEP_SECONDS / 2
    monkeypatch.setattr("millebornes.store.players.time.time", lambda: later)
    store.player_of("laptop")
    seen = {d.secret_hash: d.seen for d in store.devices("p1")}
    assert seen["laptop"] == signed_in, "not written again within a step"
    much_later = signed_in + 2 * SEEN_STEP_SECONDS
    monkeypatch.setattr("millebornes.store.players.time.time", lambda: much_later)
    store.player_of("laptop")
    devices = store.devices("p1")
    assert [d.secret_hash for d in devices] == ["laptop", "phone"], "the last seen first"
    assert devices[0].seen == much_later
