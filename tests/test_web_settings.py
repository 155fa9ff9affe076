"""The server's one file of settings (web/settings.py): flags over the environment over the
file over the defaults, each refusal one line naming the key, the value and what is accepted,
the database's password never shown, the shipped example valid and documented key by key, and
a server honouring what its file says."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from millebornes.cli.main import build_parser, main
from millebornes.cli.serve import settings_of
from millebornes.store import StoreUnavailable
from millebornes.web import app as web_app
from millebornes.web.server import BackgroundServer
from millebornes.web.settings import KNOBS, SettingError, read_file, read_settings, table
from millebornes.words import word
from test_serve_startup import started  # noqa: F401 (a fixture)
from webclient import FAST, create_room

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "deploy" / "millebornes.toml"
SECRET = "s3cr3t-Pa55"


def written(tmp_path: Path, text: str) -> str:
    path = tmp_path / "millebornes.toml"
    path.write_text(text)
    return str(path)


def refusal(path: str | None, environ: dict[str, str], flags: dict[str, Any]) -> str:
    with pytest.raises(SettingError) as refused:
        read_settings(path, environ, flags)
    return word(refused.value.phrase, "en")


def test_a_flag_wins_over_the_environment_which_wins_over_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = written(tmp_path, "max_rooms = 5\nmax_spectators = 6\nchat_burst = 7\nmetrics = true\n")
    from_file = read_settings(path, {}, {})
    assert (from_file.rooms.max_rooms, from_file.rooms.max_spectators) == (5, 6)
    assert (from_file.rooms.chat_burst, from_file.metrics) == (7, True)
    assert from_file.rooms.rooms_burst == FAST.rooms_burst, "a key not written keeps its default"
    environ = {"MILLEBORNES_CONFIG": path, "MILLEBORNES_MAX_ROOMS": "50"}
    environ |= {"MILLEBORNES_MAX_SPECTATORS": "60", "MILLEBORNES_METRICS": "false"}
    monkeypatch.setattr("os.environ", environ)
    args = build_parser().parse_args(["serve", "--max-rooms", "500"])
    settings = settings_of(args)[0]
    assert (settings.rooms.max_rooms, settings.rooms.max_spectators) == (500, 60)
    assert (settings.rooms.chat_burst, settings.metrics) == (7, False)
    args = build_parser().parse_args(["serve", "--trusted-proxy", "10.0.0.1", "--metrics"])
    monkeypatch.setattr("os.environ", {"MILLEBORNES_TRUSTED_PROXIES": "192.168.0.0/16, ::1"})
    settings = settings_of(args)[0]
    assert [str(n) for n in settings.rooms.trusted_proxies] == ["10.0.0.1/32"]
    assert settings.metrics is True


def test_each_refusal_names_the_key_as_given_its_value_and_what_is_accepted(
    tmp_path: Path,
) -> None:
    cases = {
        "max_room = 3\n": "max_room in {path} is not a setting: did you mean max_rooms?",
        'max_rooms = "3"\n': "max_rooms in {path} is a positive whole number up to 1,000,000, "
        'not "3"',
        "port = 80.5\n": "port in {path} is a whole number from 0 to 65,535, not 80.5",
        "metrics = 1\n": "metrics in {path} is true or false, not 1",
        "lease_seconds = 0.1\n": "lease_seconds in {path} is a number of seconds from 0.5 to 3,600",
        'log_format = "xml"\n': "log_format in {path} is text or json, not xml",
        'public_url = "cards.org"\n': "public_url in {path} is an address such as https://",
        'trusted_proxies = ["::1", "nginx"]\n': "trusted_proxies in {path} is addresses or "
        "networks such as 10.0.0.0/8 or ::1, not nginx",
        "max_rooms =\n": "{path} is not TOML: Invalid value",
    }
    for text, message in cases.items():
        path = written(tmp_path, text)
        assert message.format(path=path) in refusal(path, {}, {})
    missing = str(tmp_path / "absent.toml")
    assert refusal(missing, {}, {}) == f"cannot read {missing}: No such file or directory"
    environ = {"MILLEBORNES_IDLE_HOURS": "0"}
    assert refusal(None, environ, {}) == (
        "MILLEBORNES_IDLE_HOURS is a positive number up to 1,000,000, not 0"
    )
    assert refusal(None, {}, {"port": "8o8o"}) == (
        "--port is a whole number from 0 to 65,535, not 8o8o"
    )


def test_a_refused_setting_stops_serve_in_one_line_with_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = written(tmp_path, "max_room = 3\n")
    assert main(["serve", "--config", path]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        f"millebornes: error: max_room in {path} is not a setting: did you mean max_rooms? "
        "(docs/deploy.md lists them)\n"
    )
    monkeypatch.setenv("MILLEBORNES_CONFIG", path)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert main(["serve"]) == 2
    assert "n'est pas un réglage : vouliez-vous dire max_rooms ?" in capsys.readouterr().err


@pytest.mark.usefixtures("started")
def test_the_database_password_comes_from_the_environment_or_a_file_and_is_never_shown(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    opened: list[str] = []

    def create_app(db: str, *args: Any, **kwargs: Any) -> object:
        opened.append(db)
        if "unreachable" in db:
            raise StoreUnavailable(db, "connection refused")
        return object()

    monkeypatch.setattr(web_app, "create_app", create_app)
    url = "postgresql://millebornes@db.example.org/games"
    monkeypatch.setenv("MILLEBORNES_DB_PASSWORD", SECRET)
    assert main(["serve", "--port", "0", "--db", url]) == 0
    monkeypatch.delenv("MILLEBORNES_DB_PASSWORD")
    password_file = tmp_path / "password"
    password_file.write_text(SECRET + "\n")
    config = written(tmp_path, f'db = "{url}"\ndb_password_file = "{password_file}"\n')
    assert main(["serve", "--port", "0", "--config", config]) == 0
    assert opened == [f"postgresql://millebornes:{SECRET}@db.example.org/games"] * 2
    in_url = f"postgresql://millebornes:{SECRET}@db.example.org/games"
    assert main(["serve", "--port", "0", "--db", in_url]) == 0
    out, err = capsys.readouterr()
    assert out.count("(rooms kept in postgresql://millebornes:***@db.example.org/games)") == 3
    assert SECRET not in out + err
    unreachable = f"postgresql://millebornes:{SECRET}@unreachable.example.org/games"
    assert main(["serve", "--port", "0", "--db", unreachable]) == 2
    out, err = capsys.readouterr()
    assert "cannot open the game database postgresql://millebornes:***@unreachable" in err
    assert SECRET not in out + err


def test_the_shipped_example_is_valid_and_every_key_is_in_the_guide_s_table() -> None:
    example = read_file(str(EXAMPLE))
    commented = {"db_password_file", "admin_token_file", "search_processes", "seed"}
    commented |= {"worker_name"}
    assert set(example) == set(KNOBS) - commented, "the example names every setting"
    assert read_settings(str(EXAMPLE), {}, {}).public_url == "https://cards.example.org"
    assert table() in (ROOT / "docs" / "deploy.md").read_text(), (
        "docs/deploy.md's table is `python -m millebornes.web.settings`"
    )


def test_the_server_honours_the_number_of_rooms_its_file_allows(tmp_path: Path) -> None:
    path = written(tmp_path, "max_rooms = 1\nbot_delay = 0\ndeal_pause = 0\n")
    settings = read_settings(path, {}, {})
    with BackgroundServer(tmp_path / "s.sqlite", settings.rooms) as server:
        create_room(server, ["person", "easy"])
        refused = httpx.post(f"{server.url}/api/rooms", json={"seats": ["person", "easy"]})
        assert (refused.status_code, refused.json()["code"]) == (503, "server-full")
