"""The schema's version and migrations (store/schema.py), on SQLite and PostgreSQL: a database
written by the code of before migrations keeps every game through them; a server refuses a
schema not its version's in one line; a role that cannot create tables serves a migrated
database; ``millebornes admin`` backs up, restores and purges."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import subprocess
import time
import uuid
from dataclasses import replace
from pathlib import Path
from typing import Any

import psycopg
import pytest

from millebornes.cli import admin
from millebornes.cli.main import main
from millebornes.core.match import Match
from millebornes.store import SchemaMismatch, ServerStore, is_postgres, open_store, schema
from millebornes.web.server import BackgroundServer
from old_schema import RECORDS_SCHEMA, SERVER_SCHEMA
from services import WAIT_SECONDS, own_role, program
from webclient import FAST, Player, create_room, join

DAY = 86400.0
META = json.dumps({"kind": "room"})


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_store_at(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a database is to be made, once for each kind: a SQLite file, a PostgreSQL
    schema with no table."""
    if request.param == "sqlite":
        return str(tmp_path / "server.sqlite")
    return str(request.getfixturevalue("empty_postgres_url"))


class Raw:
    """A plain connection to the database at ``target``, its parameters written ``?``."""

    def __init__(self, target: str) -> None:
        self.postgres = is_postgres(target)
        self.db: Any = (
            psycopg.connect(target, autocommit=True)
            if self.postgres
            else sqlite3.connect(target, isolation_level=None)
        )

    def run(self, query: str, parameters: tuple[Any, ...] = ()) -> Any:
        return self.db.execute(query.replace("?", "%s") if self.postgres else query, parameters)

    def script(self, statements: str) -> None:
        if self.postgres:
            self.db.execute(statements)
        else:
            self.db.executescript(statements)

    def close(self) -> None:
        self.db.close()


def played_actions(seed: int, moves: int) -> list[str]:
    match = Match("dujardin", 2, seed)
    rng = random.Random(seed)
    actions = []
    for _ in range(moves):
        action = rng.choice(match.legal_actions())
        match.apply(action)
        actions.append(str(action))
    return actions


def written_by_todays_code(target: str) -> dict[str, list[str]]:
    """A server's database as the code of before migrations left it: its tables made by its
    very CREATE statements, and games written as its store wrote them (a room in progress
    with its lease, chat, listing, review and link; a finished one; an archived one). The
    actions of each game."""
    raw = Raw(target)
    raw.script(RECORDS_SCHEMA + SERVER_SCHEMA)
    raw.run("BEGIN")  # one commit for the whole database
    games = {f"game{seed}": played_actions(seed, 10 * seed) for seed in (1, 2, 3)}
    now = time.time()
    for number, (game_id, actions) in enumerate(games.items()):
        settings = {"rules": "dujardin", "players": 2, "seed": int(game_id[-1])}
        raw.run(
            "INSERT INTO games (id, settings, meta, finished, archived, created, updated)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game_id, json.dumps(settings), META, int(number == 1), int(number == 2), now, now),
        )
        for index, action in enumerate(actions):
            raw.run("INSERT INTO actions VALUES (?, ?, ?)", (game_id, index, action))
    raw.run("INSERT INTO reviews VALUES (?, 0, 1, ?, ?)", ("game1", '{"judged": 3}', now))
    raw.run("INSERT INTO review_links VALUES ('token', 'game1', 0, 1)")
    raw.run("INSERT INTO chat VALUES ('game1', 0, ?)", ('{"text": "bonjour"}',))
    raw.run("INSERT INTO listings VALUES ('game1', ?)", ('{"seats": 2}',))
    raw.run("INSERT INTO leases VALUES ('game1', 'old-server', 3, ?, NULL)", (now - 1,))
    raw.run("COMMIT")
    raw.close()
    return games


def test_a_database_written_by_todays_code_keeps_every_game_through_the_migration(
    empty_store_at: str, capsys: pytest.CaptureFixture[str]
) -> None:
    games = written_by_todays_code(empty_store_at)
    if is_postgres(empty_store_at):  # an operator's step: the server refuses it meanwhile
        with pytest.raises(SchemaMismatch) as refused:
            open_store(empty_store_at)
        assert (refused.value.state.version, refused.value.state.newer) == (0, False)
        assert (
            f"is at schema version 0 and this millebornes needs {schema.current_version()}"
            in serve_error(empty_store_at, capsys)
        )
    assert main(["admin", "migrate", "--db", empty_store_at]) == 0
    said, warned = capsys.readouterr()
    assert warned == ""
    applied = f"({len(schema.known())} migrations applied: "
    assert f"is at schema version {schema.current_version()} {applied}" in said
    assert main(["admin", "migrate", "--db", empty_store_at]) == 0
    assert "(it was already)" in capsys.readouterr().out
    store = open_store(empty_store_at, owner="new-server")
    try:
        assert sorted(store.game_ids()) == sorted(games)
        for game_id, actions in games.items():
            stored = store.load(game_id)
            assert stored.actions == actions
            assert stored.replay().deal.seed == int(game_id[-1])
        assert [store.load(g).finished for g in games] == [False, True, False]
        assert [store.load(g).archived for g in games] == [False, False, True]
        assert store.load_review("game1", 0, 1) == {"judged": 3}
        assert store.shared_review("token") == ("game1", 0, 1)
        assert store.chat("game1", 10) == [{"text": "bonjour"}]
        assert store.listed() == [("game1", {"seats": 2})]
        # Played on: the old server's lease ran out, the new one takes the room and moves.
        assert store.take("game1")
        match = store.load("game1").replay()
        store.append("game1", str(match.legal_actions()[0]))
        assert store.load("game1").actions[:-1] == games["game1"]
    finally:
        store.close()


def test_a_sqlite_file_of_before_migrations_is_migrated_when_opened(tmp_path: Path) -> None:
    """The terminal game's file and a lone server's: nothing for a player to run."""
    path = str(tmp_path / "games.sqlite")
    games = written_by_todays_code(path)
    store = ServerStore(path)
    assert [store.load(game_id).actions for game_id in games] == list(games.values())
    assert store._schema().version == schema.current_version()
    store.close()


def mark_applied_by_a_later_version(target: str) -> None:
    raw = Raw(target)
    raw.run(
        f"INSERT INTO {schema.MIGRATION_TABLE} (migration_hash, migration_id, applied_at_utc)"
        " VALUES ('later', '9999-later', '2030-01-01 00:00:00')"
    )
    raw.close()


def serve_error(target: str, capsys: pytest.CaptureFixture[str]) -> str:
    """What ``millebornes serve`` on ``target`` says as it stops at once: one line, status 2."""
    assert main(["serve", "--db", target, "--port", "0", "--host", "127.0.0.1"]) == 2
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert err.count("\n") == 1, err
    return err


def test_a_server_on_an_unmigrated_postgres_database_says_so_in_one_line(
    empty_postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    said = serve_error(empty_postgres_url, capsys)
    needs = schema.current_version()
    assert (
        f"is at schema version 0 and this millebornes needs {needs}: run millebornes admin " in said
    )


def test_a_database_of_a_later_version_is_refused_in_one_line(
    store_at: str, capsys: pytest.CaptureFixture[str]
) -> None:
    open_store(store_at).close()  # migrated
    mark_applied_by_a_later_version(store_at)
    with pytest.raises(SchemaMismatch) as refused:
        open_store(store_at)
    assert refused.value.state.newer
    assert (
        f"from a later millebornes than this one (version {schema.current_version()})"
        in serve_error(store_at, capsys)
    )
    assert main(["admin", "migrate", "--db", store_at]) == 2
    assert "from a later millebornes" in capsys.readouterr().err


def test_a_role_that_cannot_create_tables_serves_a_migrated_database(
    postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with own_role(postgres_url) as (url, _):
        assert main(["admin", "migrate", "--db", url]) == 0  # nothing to make: it may check
        assert "(it was already)" in capsys.readouterr().out
        with (
            psycopg.connect(url, autocommit=True) as limited,
            pytest.raises(psycopg.errors.InsufficientPrivilege),
        ):
            limited.execute("CREATE TABLE intruder (id INTEGER)")
        with BackgroundServer(url, FAST) as server:
            code = create_room(server, ["person", "person"])
            tokens = [join(server, code, name)[1] for name in ("Ann", "Bob")]
            asyncio.run(one_move(server, code, tokens))
        assert len(open_store(url).load(code).actions) == 1


async def one_move(server: BackgroundServer, code: str, tokens: list[str]) -> dict[str, Any]:
    """Connect every seat, make the first legal action of the one to move: the state that
    tells it (the action stored first)."""
    players = [await Player.connect(server, code, [token]) for token in tokens]
    try:
        states = [await player.receive_state() for player in players]
        mover = next(n for n, state in enumerate(states) if state["view"]["legal"])
        action = states[mover]["view"]["legal"][0]
        await players[mover].send({"type": "action", "action": action})
        while True:
            state = await players[mover].receive_state()
            if state["event"] is not None and state["event"]["action"] == action:
                return state
    finally:
        for player in players:
            await player.close()


@pytest.mark.slow
def test_a_backup_restored_into_a_fresh_server_plays_on_from_the_same_moves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    options = replace(FAST, lease_seconds=1.0)
    first, backup, fresh = (str(tmp_path / name) for name in ("a.sqlite", "b.sqlite", "c.sqlite"))
    with BackgroundServer(first, options) as server:
        code = create_room(server, ["person", "person"])
        tokens = [join(server, code, name)[1] for name in ("Ann", "Bob")]
        for _ in range(4):
            asyncio.run(one_move(server, code, tokens))
        assert main(["admin", "backup", "--db", first, backup]) == 0  # while it runs
        assert f"backed up to {backup} (1 game)" in capsys.readouterr().out
    before = ServerStore(first).load(code).actions
    assert len(before) == 4
    assert main(["admin", "restore", "--db", fresh, backup]) == 0
    assert f"restored into {fresh} (1 game)" in capsys.readouterr().out
    assert ServerStore(fresh).load(code).actions == before
    time.sleep(options.lease_seconds)  # the first server's lease, copied with it, runs out
    with BackgroundServer(fresh, options) as server:
        asyncio.run(one_move(server, code, tokens))
    after = ServerStore(fresh).load(code).actions
    assert (after[:-1], len(after)) == (before, 5)


@pytest.mark.slow
def test_a_postgres_dump_restored_into_a_fresh_database_plays_on_from_the_same_moves(
    postgres: str, postgres_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/deploy.md's recipe: pg_dump, pg_restore into an empty database, admin migrate."""
    options = replace(FAST, lease_seconds=1.0)
    with BackgroundServer(postgres_url, options) as server:
        code = create_room(server, ["person", "person"])
        tokens = [join(server, code, name)[1] for name in ("Ann", "Bob")]
        for _ in range(4):
            asyncio.run(one_move(server, code, tokens))
    before = open_store(postgres_url).load(code).actions
    dump, name = tmp_path / "millebornes.dump", f"restored_{uuid.uuid4().hex[:12]}"
    schema_name = postgres_url.rsplit("%3D", 1)[1]
    tools = ("/usr/lib/postgresql/*/bin",)
    dumped = [program("pg_dump", "postgresql", tools), "--format=custom", f"--file={dump}"]
    subprocess.run([*dumped, f"--schema={schema_name}", postgres], check=True)
    with psycopg.connect(postgres, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    database = postgres.rsplit("/", 1)[0] + f"/{name}"
    try:
        restore = [program("pg_restore", "postgresql", tools), "--no-owner"]
        subprocess.run([*restore, f"--dbname={database}", str(dump)], check=True)
        restored = f"{database}?options=-csearch_path%3D{schema_name}"
        assert main(["admin", "migrate", "--db", restored]) == 0
        assert "(it was already)" in capsys.readouterr().out, "the dump knows its version"
        assert open_store(restored).load(code).actions == before
        time.sleep(options.lease_seconds)  # the first server's lease, dumped with it, runs out
        with BackgroundServer(restored, options) as server:
            asyncio.run(one_move(server, code, tokens))
        after = open_store(restored).load(code).actions
        assert (after[:-1], len(after)) == (before, 5)
    finally:
        with psycopg.connect(postgres, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE {name} WITH (FORCE)")


def test_restore_keeps_the_database_it_replaces_and_refuses_without_replace(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    current, backup = str(tmp_path / "current.sqlite"), str(tmp_path / "backup.sqlite")
    ServerStore(backup).close()
    store = ServerStore(current)
    kept_game = store.create({"players": 2, "seed": 1})
    store.close()
    assert main(["admin", "restore", "--db", current, backup]) == 2
    assert (
        "exists already: stop the server, then run again with --replace" in capsys.readouterr().err
    )
    assert main(["admin", "restore", "--db", current, backup, "--replace"]) == 0
    kept_line = capsys.readouterr().out.splitlines()[-1]
    kept = kept_line.removeprefix("the database it replaced is kept in ")
    assert ServerStore(current).game_ids() == []
    assert ServerStore(kept).game_ids() == [kept_game]


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["admin", "backup", "--db", "{tmp}/none.sqlite", "{tmp}/b.sqlite"], "no game database"),
        (["admin", "backup", "--db", "{tmp}/s.sqlite", "{tmp}/s.sqlite"], "exists already"),
        (["admin", "restore", "--db", "{tmp}/new.sqlite", "{tmp}/text"], "not a game database"),
        (["admin", "backup", "--db", "postgresql://u:pw@h/db", "x"], "back it up with pg_dump"),
        (["admin", "restore", "--db", "postgres://h/db", "{tmp}/s.sqlite"], "with pg_restore"),
        (["admin", "purge", "--db", "{tmp}/s.sqlite", "--keep-finished-days", "-1"], "0 (never)"),
        (["admin"], "required"),
    ],
)
def test_admin_refuses_in_one_line(
    argv: list[str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ServerStore(tmp_path / "s.sqlite").close()
    (tmp_path / "text").write_text("not a database", encoding="utf-8")
    assert main([part.format(tmp=tmp_path) for part in argv]) == 2
    out, err = capsys.readouterr()
    assert (out, err.count("\n")) == ("", 1), err
    assert said in err
    assert ":pw@" not in err


# ----------------------------------------------------------------- retention


def aged(store: ServerStore, game_id: str, days: float) -> None:
    """Make a game last played ``days`` ago."""
    store._execute("UPDATE games SET updated = ? WHERE id = ?", (time.time() - days * DAY, game_id))


def test_purge_deletes_the_games_over_that_nobody_kept(
    store_at: str, capsys: pytest.CaptureFixture[str]
) -> None:
    store = open_store(store_at)
    ids = {
        name: store.create({"players": 2, "seed": seed})
        for seed, name in enumerate(("old over", "old closed", "old playing", "recent over"))
    }
    reviewed = store.create({"players": 2, "seed": 9})
    for name in ("old over", "recent over"):
        store.append(ids[name], played_actions(0, 1)[0], finished=True)
    store.append(reviewed, played_actions(9, 1)[0], finished=True)
    store.archive(ids["old closed"])
    for game_id in (ids["old over"], ids["old closed"], ids["old playing"], reviewed):
        aged(store, game_id, 40)
    store.save_review(reviewed, 0, 0, {"judged": 1})  # a player kept it: reviewed lately
    store.close()
    assert main(["admin", "purge", "--db", store_at, "--keep-finished-days", "30"]) == 0
    assert "2 games over that nobody played or reviewed for 30 days" in capsys.readouterr().out
    store = open_store(store_at)
    assert sorted(store.game_ids()) == sorted([ids["old playing"], ids["recent over"], reviewed])
    store.close()


def test_a_game_over_still_open_on_a_server_is_not_purged(store_at: str) -> None:
    store = open_store(store_at, owner="server")
    game_id = store.create({"players": 2, "seed": 1})
    store.append(game_id, played_actions(1, 1)[0], finished=True)
    aged(store, game_id, 40)
    assert store.purge(time.time() - 30 * DAY) == 0  # its lease is held
    store.release(game_id)
    assert store.purge(time.time() - 30 * DAY) == 1
    store.close()


def test_the_server_purges_old_games_over_when_it_starts(db: Path) -> None:
    store = ServerStore(db)
    old = store.create({"players": 2, "seed": 1})
    store.append(old, played_actions(1, 1)[0], finished=True)
    aged(store, old, 2)
    store.close()
    with BackgroundServer(db, replace(FAST, keep_finished_days=1)):
        deadline = time.monotonic() + WAIT_SECONDS
        while ServerStore(db).game_ids():
            assert time.monotonic() < deadline, "the old game over was kept"
            time.sleep(0.1)


def test_the_terminal_games_file_of_a_later_version_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / "games.sqlite")
    ServerStore(path).close()
    mark_applied_by_a_later_version(path)
    assert main(["export", "--db", path]) == 2
    out, err = capsys.readouterr()
    assert (out, err.count("\n")) == ("", 1)
    assert "from a later millebornes than this one" in err


def test_an_in_memory_store_is_of_this_version_and_apart_from_every_other() -> None:
    first, second = ServerStore(":memory:"), ServerStore(":memory:")
    assert first._schema().applied == frozenset(schema.known())
    first.create({"players": 2, "seed": 1})
    assert (len(first.game_ids()), second.game_ids()) == (1, [])
    first.close()
    second.close()


@pytest.mark.parametrize("action", [action.name for action in admin.ACTIONS])
def test_each_admin_command_helps_with_every_default_said(
    action: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["admin", action, "--help"]) == 0
    said = capsys.readouterr().out
    assert said.startswith(f"usage: millebornes admin {action}")
    assert "None" not in said
    assert "%(" not in said
