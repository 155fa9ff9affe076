"""No traceback for any number or file: every subcommand's number options and file arguments,
given values a person might mistype or a fuzzer makes up, end in one line on standard error and
a non-zero status, or are taken. The work a command starts once its input is checked (the
terminal game, the server, a tournament's games, a review) is stopped at its door: what is tested
is the reading of the input, in this process."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from millebornes import Deal
from millebornes.cli import review, serve, tournament
from millebornes.cli.main import main
from millebornes.core.position import to_position
from millebornes.core.records import deal_record
from millebornes.tournament.store import TournamentStore
from millebornes.tui import app
from millebornes.web.settings import KNOBS
from scenarios import played

NUMBERS = [
    "99999999999999999999",
    "-99999999999999999999",
    "-1",
    "0",
    "1.5",
    "1e400",
    "nan",
    "inf",
    "-inf",
    "x",
    "",
    " 3 ",
    "0x10",
    "--",  # Python 3.11's argparse took it for the end of options and gave an empty list
]
# serve's options that take something else than a number (web/settings.py's knobs).
NOT_NUMBERS = {"host", "db", "public_url", "behind_proxy", "trusted_proxies", "metrics"}
NOT_NUMBERS |= {"metrics_address", "log_format"}
# Each subcommand's options that take a number, with what it needs besides to reach them.
OPTIONS = {
    "simulate": (["--deals", "1", "--quiet"], ["--players", "--race", "--seed", "--deals"]),
    "play": (["--db", "{tmp}/games.sqlite"], ["--pace", "--players", "--race", "--seed"]),
    "review": (
        ["{record}"],
        ["--seat", "--deal", "--iterations", "--seconds", "--jobs", "--seed"],
    ),
    "tournament": (
        ["--db", "{tmp}/t.sqlite", "--bots", "random,random", "--no-progress"],
        ["--players", "--race", "--deals", "--seed", "--jobs", "--show"],
    ),
    "serve": (
        ["--db", "{tmp}/server.sqlite"],
        [knob.flag for knob in KNOBS.values() if knob.flag and knob.key not in NOT_NUMBERS],
    ),
    "admin": (["purge", "--db", "{tmp}/server.sqlite"], ["--keep-finished-days"]),
}
CASES = [(command, option) for command, (_, options) in OPTIONS.items() for option in options]


class Started(BaseException):
    """The command's work began: its input was taken."""


def stop(*args: Any, **kwargs: Any) -> None:
    raise Started


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("fuzz")
    record = deal_record(played(Deal.new("dujardin", 2, 3)))
    (folder / "record.json").write_text(json.dumps(record), encoding="utf-8")
    (folder / "position.json").write_text(to_position(Deal.new("dujardin", 2, 11)), "utf-8")
    return folder


@pytest.fixture(autouse=True)
def work_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app.MilleBornesApp, "run", stop)
    monkeypatch.setattr(serve, "listen", stop)
    monkeypatch.setattr(tournament, "run_tournament", stop)
    monkeypatch.setattr(review, "review", stop)
    monkeypatch.setenv("LC_ALL", "C")


def assert_clean(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Taken (status 0, or the work began), or refused in one line with status 2."""
    try:
        status = main(argv)
    except Started:
        status = 0
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    if status != 0:
        assert status == 2, (argv, err)
        assert err.count("\n") == 1, (argv, err)
        assert err.startswith("millebornes"), (argv, err)


def command_line(command: str, option: str, value: str, folder: Path) -> list[str]:
    needs, _ = OPTIONS[command]
    filled = [part.format(tmp=folder, record=folder / "record.json") for part in needs]
    return [command, *filled, f"{option}={value}"]


@pytest.mark.parametrize(("command", "option"), CASES)
def test_a_number_option_takes_or_refuses_any_value_in_one_line(
    command: str, option: str, files: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for value in NUMBERS:
        assert_clean(command_line(command, option, value, files), capsys)


@pytest.mark.slow
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    case=st.sampled_from(CASES),
    value=st.one_of(
        st.integers().map(str),
        st.floats().map(str),
        st.text(max_size=6),
    ),
)
def test_made_up_numbers_never_end_in_a_traceback(
    case: tuple[str, str], value: str, files: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    command, option = case
    assert_clean(command_line(command, option, value.replace("\x00", ""), files), capsys)


def test_the_tournament_refuses_a_run_or_game_no_database_can_hold(
    files: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = files / "t.sqlite"
    shown = ["tournament", "--db", str(db)]
    TournamentStore(db).close()
    for number in ("99999999999999999999", "-99999999999999999999"):
        status = main([*shown, "--show", number])
        assert (status, capsys.readouterr().err) == (
            2,
            f"millebornes: error: {db} has no run {int(number):,}\n",
        )
        status = main([*shown, "--export-record", number, str(files / "o.json")])
        assert status == 2
        assert f"has no game {int(number):,}" in capsys.readouterr().err


BAD_FILES = {
    "binary.json": b"\x00\x01\xff\xfe",
    "truncated.json": b'{"rules": ',
    "empty.json": b"",
    "list.json": b"[]",
    "string.json": b'"record"',
    "null.json": b"null",
    "kind.json": b'{"kind": "deal"}',
    "match.json": b'{"kind": "match", "deals": 5}',
}
FILE_COMMANDS = [["legal"], ["score"], ["replay"], ["review", "--iterations", "1"], ["apply"]]


@pytest.mark.parametrize("command", FILE_COMMANDS, ids=lambda command: command[0])
def test_a_bad_file_is_refused_in_one_line(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "folder.json").mkdir()
    paths = [str(tmp_path / "missing.json"), str(tmp_path / "folder.json"), "", "/dev/null"]
    for name, content in BAD_FILES.items():
        (tmp_path / name).write_bytes(content)
        paths.append(str(tmp_path / name))
    for path in paths:
        argv = [command[0], path, *command[1:], *(["play 25"] if command == ["apply"] else [])]
        status = main(argv)
        out, err = capsys.readouterr()
        assert (status, out) == (2, ""), argv
        assert err.count("\n") == 1, (argv, err)
        assert err.startswith("millebornes: error: "), (argv, err)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=5,
)


@pytest.mark.slow
@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(kind=st.sampled_from(["record", "position"]), data=st.data())
def test_a_damaged_record_or_position_is_refused_in_one_line(
    kind: str, data: st.DataObject, files: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One field of a good record or position replaced by any JSON value."""
    good = json.loads((files / f"{kind}.json").read_text("utf-8"))
    field = data.draw(st.sampled_from(sorted(good)))
    damaged = {**good, field: data.draw(JSON_VALUES)}
    path = files / f"damaged-{kind}.json"
    path.write_text(json.dumps(damaged), encoding="utf-8")
    for command in (["replay"],) if kind == "record" else (["legal"], ["score"]):
        status = main([*command, str(path)])
        out, err = capsys.readouterr()
        assert "Traceback" not in err
        if status != 0:
            assert (status, out) == (2, "")
            assert err.count("\n") == 1, err


@pytest.mark.slow
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(address=st.one_of(st.text(max_size=20), st.ip_addresses().map(str)))
def test_made_up_addresses_to_ban_never_end_in_a_traceback(
    address: str, files: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for action in ("ban", "unban"):
        argv = ["admin", action, "--db", str(files / "server.sqlite"), "--", address]
        assert_clean([part.replace("\x00", "") for part in argv], capsys)
