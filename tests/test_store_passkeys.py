"""Passkeys in the server's store, on SQLite and on PostgreSQL alike: a challenge is used once,
by the player it was given to, and not after it expires; a passkey is its player's, found by
its credential's id, its sign count moved once for each sign-in, and removed by its player
alone."""

import time

from millebornes.store import open_store
from millebornes.store.passkeys import MAX_PASSKEYS, Passkey


def _passkey(credential_id: str, player_id: str, name: str = "Phone") -> Passkey:
    return Passkey(credential_id, player_id, b"\xa5\x01\x02", 0, name, time.time(), None)


def test_a_challenge_works_once_for_its_player_and_not_after_it_expires(store_at: str) -> None:
    store = open_store(store_at)
    store.add_player("p1", "h1")
    store.add_player("p2", "h2")
    store.add_challenge("register", "p1", 60)
    store.add_challenge("signin", None, 60)
    store.add_challenge("stolen", "p1", 60)
    store.add_challenge("expired", None, -1)
    assert store.use_challenge("register", "p1")
    assert not store.use_challenge("register", "p1"), "used once"
    assert store.use_challenge("signin", None)
    assert not store.use_challenge("stolen", "p2"), "another player's challenge"
    assert not store.use_challenge("stolen", "p1"), "used up by the wrong player's try"
    assert not store.use_challenge("expired", None)
    assert not store.use_challenge("unknown", None)


def test_a_passkey_is_its_players_and_its_sign_count_moves_once(store_at: str) -> None:
    store = open_store(store_at)
    store.add_player("p1", "h1")
    store.add_player("p2", "h2")
    assert store.add_passkey(_passkey("cred-a", "p1", "Phone"))
    assert store.add_passkey(_passkey("cred-b", "p1", "Laptop"))
    assert not store.add_passkey(_passkey("cred-a", "p2")), "a credential is one player's"
    assert [key.name for key in store.passkeys("p1")] == ["Phone", "Laptop"]
    assert store.passkeys("p2") == []
    found = store.passkey("cred-a")
    assert found is not None
    assert (found.player_id, found.public_key, found.sign_count, found.used) == (
        "p1",
        b"\xa5\x01\x02",
        0,
        None,
    )
    assert store.passkey_used("cred-a", 0, 5)
    assert not store.passkey_used("cred-a", 0, 6), "a second use of the same count"
    used = store.passkey("cred-a")
    assert used is not None
    assert used.sign_count == 5
    assert used.used is not None
    assert not store.remove_passkey("p2", "cred-a"), "only its player removes it"
    assert store.remove_passkey("p1", "cred-a")
    assert store.passkey("cred-a") is None
    assert [key.id for key in store.passkeys("p1")] == ["cred-b"]


def test_a_player_keeps_a_bounded_number_of_passkeys(store_at: str) -> None:
    store = open_store(store_at)
    store.add_player("p1", "h1")
    for number in range(MAX_PASSKEYS):
        assert store.add_passkey(_passkey(f"cred-{number}", "p1"))
    assert not store.add_passkey(_passkey("one-more", "p1"))
    assert len(store.passkeys("p1")) == MAX_PASSKEYS
