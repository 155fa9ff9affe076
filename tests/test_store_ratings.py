"""The players' ratings in the server's store, on SQLite and on PostgreSQL alike: a finished
game is rated once, each player's rating kept by rule family and table size, and a board
lists the named players the best rated first."""

import time
from concurrent.futures import ThreadPoolExecutor

from millebornes.store import ServerStore, open_store
from millebornes.store.ratings import Rating
from millebornes.web.ratings import Finished, rate_finished


def _players(store: ServerStore, game: str, *names: str | None) -> None:
    for seat, name in enumerate(names):
        store.add_player(f"p{seat}", f"h{seat}")
        if name is not None:
            store.name_player(f"p{seat}", name, name.lower())
        store.link_seat(game, seat, f"p{seat}")


def test_a_game_is_rated_once_and_its_winner_rises(store_at: str) -> None:
    store = open_store(store_at)
    game = store.create({"rules": "dujardin", "players": 2, "seed": 1})
    _players(store, game, "Ann", "Bob")
    finished = Finished(game, "dujardin", (None, None), (700, 300), frozenset())
    assert rate_finished(store, finished)
    assert not rate_finished(store, finished), "a game is rated once"
    (ann,), (bob,) = store.ratings("p0"), store.ratings("p1")
    assert (ann.rules, ann.players, ann.rating.games) == ("dujardin", 2, 1)
    assert ann.rating.mu > 25 > bob.rating.mu
    assert ann.rating.sigma < 25 / 3
    assert store.boards() == [("dujardin", 2)]
    assert [name for name, _ in store.board("dujardin", 2)] == ["Ann", "Bob"]


def test_each_rule_family_and_size_has_its_own_rating_and_unnamed_players_no_row(
    store_at: str,
) -> None:
    store = open_store(store_at)
    first = store.create({"rules": "dujardin", "players": 2, "seed": 1})
    _players(store, first, "Ann", None)
    second = store.create({"rules": "dujardin", "players": 3, "seed": 2})
    for seat in range(2):
        store.link_seat(second, seat, f"p{seat}")
    rate_finished(store, Finished(first, "dujardin", (None, None), (0, 500), frozenset()))
    three = Finished(second, "dujardin", (None, None, "easy"), (100, 900, 50), frozenset())
    rate_finished(store, three)
    kinds = [(rated.rules, rated.players, rated.rating.games) for rated in store.ratings("p0")]
    assert kinds == [("dujardin", 2, 1), ("dujardin", 3, 1)]
    assert store.boards() == [("dujardin", 2), ("dujardin", 3)]
    assert [name for name, _ in store.board("dujardin", 3)] == ["Ann"], "no unnamed player"


def test_only_games_whose_people_are_all_different_players_are_rated(store_at: str) -> None:
    store = open_store(store_at)
    guest = store.create({"rules": "dujardin", "players": 2, "seed": 1})
    store.add_player("p0", "h0")
    store.link_seat(guest, 0, "p0")  # seat 1: a person with no player
    assert not rate_finished(store, Finished(guest, "dujardin", (None, None), (1, 0), frozenset()))
    alone = store.create({"rules": "dujardin", "players": 2, "seed": 2})
    store.link_seat(alone, 0, "p0")
    store.link_seat(alone, 1, "p0")  # one player at both seats
    assert not rate_finished(store, Finished(alone, "dujardin", (None, None), (1, 0), frozenset()))
    lesson = store.create({"rules": "dujardin", "players": 2, "seed": 3})
    store.link_seat(lesson, 1, "p0")  # against the lesson's tutor, a bot with no rating
    assert not rate_finished(
        store, Finished(lesson, "dujardin", ("tutor", None), (1, 0), frozenset())
    )
    assert store.ratings("p0") == []


def test_a_player_who_abandoned_loses_and_a_bot_keeps_its_rating(store_at: str) -> None:
    store = open_store(store_at)
    game = store.create({"rules": "dujardin", "players": 2, "seed": 1})
    _players(store, game, "Ann")
    # Ann's side scored more, but her seat was left to its stand-in for good.
    abandoned = Finished(game, "dujardin", (None, "hard"), (900, 100), frozenset({0}))
    assert abandoned.ranks() == [2, 1]
    assert rate_finished(store, abandoned)
    ((ann),) = store.ratings("p0")
    assert ann.rating.mu < 25
    assert ann.rating.ordinal == ann.rating.mu - 3 * ann.rating.sigma
    assert Finished(game, "dujardin", (None,) * 4, (5, 5), frozenset()).ranks() == [1, 1]


def test_partners_are_rated_as_a_team_beside_a_bot(store_at: str) -> None:
    store = open_store(store_at)
    game = store.create({"rules": "dujardin", "players": 4, "seed": 1})
    _players(store, game, "Ann", "Bob", "Cat")  # seat 3: a bot, Bob's partner
    finished = Finished(game, "dujardin", (None, None, None, "medium"), (800, 200), frozenset())
    assert rate_finished(store, finished)
    ann, bob, cat = (store.ratings(f"p{seat}")[0].rating for seat in range(3))
    assert ann == cat, "partners move together"
    assert ann.mu > 25 > bob.mu
    assert (ann.games, bob.games) == (1, 1)


def test_two_servers_rating_one_players_games_at_once_lose_neither(store_at: str) -> None:
    first, second = open_store(store_at), open_store(store_at)
    games = [first.create({"rules": "dujardin", "players": 2, "seed": seed}) for seed in (1, 2)]
    for player in ("p0", "p1", "p2"):
        first.add_player(player, f"h{player}")
    rivals = {games[0]: "p1", games[1]: "p2"}

    def slowly(before: dict[str, Rating | None]) -> dict[str, Rating]:
        time.sleep(0.3)  # read, then written late: the other server rates meanwhile
        return {
            player: Rating(25, 8, 1 + (was.games if was else 0)) for player, was in before.items()
        }

    def rate(store: ServerStore, game: str) -> bool:
        return store.rate_game(game, "dujardin", 2, ["p0", rivals[game]], slowly)

    with ThreadPoolExecutor(2) as threads:
        assert all(threads.map(rate, (first, second), games))
    (rated,) = first.ratings("p0")
    assert rated.rating.games == 2, "each game counted"
