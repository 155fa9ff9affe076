"""The engine commands of ``millebornes`` (legal, apply, score, replay, simulate): their output,
and one-line errors with exit status 2 for bad input."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
from pathlib import Path

import pytest

from millebornes import Deal, Match, __version__, match_record
from millebornes.cli.main import main
from millebornes.core.position import from_position, to_position
from millebornes.core.records import deal_record
from scenarios import played


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def assert_usage_error(status: int, out: str, err: str, *words: str) -> None:
    """Exit status 2, nothing on stdout, and one line on stderr that names the problem."""
    assert status == 2
    assert out == ""
    assert err.startswith("millebornes: error: ")
    assert err.count("\n") == 1
    assert "Traceback" not in err
    for word in words:
        assert word in err


@pytest.fixture
def opening(tmp_path: Path) -> str:
    """Seed 11, seat 0 to play, holding 50 50 stop speed-limit flat-tire gasoline spare-tire."""
    return write(tmp_path, "opening.json", to_position(Deal.new("dujardin", 2, 11)))


@pytest.mark.parametrize("hazard", ["stop", "speed-limit", "flat-tire"])
def test_apply_refuses_a_hazard_played_on_ones_own_side(
    opening: str, hazard: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["apply", opening, f"play {hazard}"], capsys)
    assert_usage_error(status, out, err, f"play {hazard}", f"attack {hazard} SIDE")


def test_legal_lists_the_legal_actions_one_a_line(
    opening: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["legal", opening], capsys)
    assert (status, err) == (0, "")
    expected = [str(a) for a in from_position(Path(opening).read_text()).legal_actions()]
    assert out.splitlines() == expected
    assert "attack speed-limit 1" in expected
    assert "discard stop" in expected


def test_apply_prints_the_position_after_the_actions(
    opening: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["apply", opening, "attack speed-limit 1", "play roll"], capsys)
    assert (status, err) == (0, "")
    after = from_position(out)
    expected = from_position(Path(opening).read_text())
    expected.apply("attack speed-limit 1")
    expected.apply("play roll")
    assert after == expected
    assert json.loads(out)["sides"][1] == {
        "battle": ["roll"],
        "speed": ["speed-limit"],
        "safeties": [],
        "coups_fourres": [],
        "distance": [],
    }


def test_score_prints_the_itemised_score_of_a_finished_deal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deal = played(Deal.new("dujardin", 2, 1))
    status, out, err = run(["score", write(tmp_path, "over.json", to_position(deal))], capsys)
    assert (status, err) == (0, "")
    assert json.loads(out) == deal.score()


def test_replay_prints_a_deal_line_by_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deal = played(Deal.new("dujardin", 2, 2))
    record = write(tmp_path, "deal.json", json.dumps(deal_record(deal)))
    status, out, err = run(["replay", record], capsys)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "deal 1: dujardin, 2 players, race 1,000 km, seed 2, dealer North"
    assert len(lines) == 1 + len(deal.history) + deal.sides_count
    assert lines[1].startswith("  South ")
    assert lines[len(deal.history)].endswith(f"[km: {deal.km[0]}, {deal.km[1]}]")
    for side, sheet in enumerate(deal.score()):
        name = ("South", "North")[side]
        assert lines[-2 + side].startswith(f"  {name}: {sheet['total']:,} points (")


def test_replay_prints_a_match_with_its_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = played(Match("dujardin", 2, 7, target=2000))
    record = write(tmp_path, "match.json", json.dumps(match_record(match)))
    status, out, err = run(["replay", record], capsys)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert sum(line.startswith("deal ") for line in lines) == len(match.finished)
    names = ("South", "North")
    totals = ", ".join(f"{names[side]}: {points:,}" for side, points in enumerate(match.scores))
    assert match.winner is not None
    assert lines[-1] == f"match: {totals} ({names[match.winner]} wins)"


def test_simulate_prints_each_deal_and_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["simulate", "--deals", "3", "--seed", "5", "--players", "3"], capsys)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert [line.split(":")[0] for line in lines[:3]] == [
        "deal    1 (seed 5)",
        "deal    2 (seed 6)",
        "deal    3 (seed 7)",
    ]
    assert lines[3] == "3 deals of dujardin with 3 players (random):"
    assert [line.split(":")[0] for line in lines[4:]] == [
        "  South (random)",
        "  West (random)",
        "  East (random)",
    ]
    assert run(["simulate", "--deals", "3", "--seed", "5", "--players", "3"], capsys)[1] == out
    quiet = run(["simulate", "--deals", "3", "--seed", "5", "--players", "3", "--quiet"], capsys)
    assert quiet[1].splitlines() == lines[3:]


def test_simulate_plays_the_named_rules_and_race(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--rules", "dujardin", "--players", "4", "--race", "700", "--deals", "2"]
    status, out, _ = run(argv, capsys)
    assert status == 0
    for line in out.splitlines()[:2]:
        km = json.loads(line.split("km ")[1].split(" points")[0])
        assert len(km) == 4
        assert max(km) <= 700


def test_apply_names_the_sides_of_this_table_when_an_attack_aims_past_them(
    opening: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["apply", opening, "attack stop 5"], capsys)
    assert_usage_error(status, out, err, "there is no side 5: sides are 0 to 1")


def test_replay_of_a_position_points_to_legal(
    opening: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["replay", opening], capsys)
    assert_usage_error(status, out, err, "this is a position, not a record (see millebornes legal)")


def test_simulate_names_the_bots_of_each_side(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--rules", "winning-moves", "--players", "4", "--deals", "1", "--quiet"]
    status, out, err = run([*argv, "--bots", "greedy,random,expert,random"], capsys)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[1].startswith("  South & North (greedy & expert): ")
    assert lines[2].startswith("  West & East (random & random): ")


def test_version_prints_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"millebornes {__version__}\n"


@pytest.mark.parametrize("command", ["simulate --deals 200", "replay {record}"])
def test_a_closed_pipe_ends_quietly(tmp_path: Path, command: str) -> None:
    record = write(
        tmp_path, "deal.json", json.dumps(deal_record(played(Deal.new("dujardin", 2, 2))))
    )
    line = f"millebornes {command.format(record=record)} | head -1"
    result = subprocess.run(
        ["bash", "-o", "pipefail", "-c", line], capture_output=True, text=True, check=False
    )
    assert result.stderr == ""
    assert len(result.stdout.splitlines()) == 1
    assert result.returncode in (0, 141)  # 141: the pipe closed before the command finished


@pytest.mark.parametrize("command", ["legal", "apply", "score", "replay"])
def test_a_missing_file_is_a_one_line_error(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = str(tmp_path / "missing.json")
    argv = [command, missing, "play 25"] if command == "apply" else [command, missing]
    status, out, err = run(argv, capsys)
    assert_usage_error(status, out, err, f"cannot read {missing}", "No such file")


@pytest.mark.parametrize("command", ["legal", "score", "replay"])
def test_bad_json_is_a_one_line_error(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run([command, write(tmp_path, "bad.json", '{"rules": ')], capsys)
    assert_usage_error(status, out, err, "not valid JSON")


def test_an_illegal_action_is_a_one_line_error(
    opening: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["apply", opening, "play 50"], capsys)
    assert_usage_error(status, out, err, "play 50: you are not rolling: you need a Roll first")
    status, out, err = run(["apply", opening, "play 200"], capsys)
    assert_usage_error(status, out, err, "you have no 200 km in hand")
    status, out, err = run(["apply", opening, "fly away"], capsys)
    assert_usage_error(status, out, err, "unknown action 'fly'")
    status, out, err = run(["apply", opening, "discard 50", "discard 50", "discard 50"], capsys)
    assert_usage_error(status, out, err, "discard 50: you have no 50 km in hand")


def test_scoring_an_unfinished_deal_is_a_one_line_error(
    opening: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["score", opening], capsys)
    assert_usage_error(status, out, err, "the deal is not over yet")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "5"], "dujardin is played by 2, 3, 4, 6, 8 players, not 5"),
        (["--players", "0"], "dujardin is played by 2, 3, 4, 6, 8 players, not 0"),
        (["--players", "-2"], "dujardin is played by 2, 3, 4, 6, 8 players, not -2"),
        (["--players", "99999999999999999999"], "players, not 99,999,999,999,999,999,999"),
        (["--rules", "parker", "--players", "8"], "parker is played by 2, 3, 4, 6 players, not 8"),
        (["--race", "700"], "dujardin with 2 players races to 1000 km, not 700"),
        (["--bots", "random,random,random"], "--bots names one bot, or one per seat (2), not 3"),
        (["--bots", "wizard"], "unknown bot 'wizard'"),
        (["--deals", "0"], "--deals is from 1 to 100,000, not 0"),
        (["--deals", "-3"], "--deals is from 1 to 100,000, not -3"),
    ],
)
def test_bad_simulation_settings_are_a_one_line_error(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["simulate", "--deals", "1", *argv], capsys)
    assert_usage_error(status, out, err, message)


@pytest.mark.parametrize(
    "command", [["legal"], ["apply", "discard 25"], ["score"], ["replay"], ["review"]]
)
def test_a_file_that_is_not_text_is_a_one_line_error(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "photo.json"
    path.write_bytes(b'{"deal": "\xff\xd8\xff\xe0"}')
    status, out, err = run([command[0], str(path), *command[1:]], capsys)
    assert_usage_error(status, out, err, f"{path} is not UTF-8 text (at byte 10)")


def test_a_bad_record_is_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = deal_record(played(Deal.new("dujardin", 2, 3)))
    record["actions"][0] = "play 1000"
    status, out, err = run(["replay", write(tmp_path, "bad.json", json.dumps(record))], capsys)
    assert_usage_error(status, out, err, "action 1 ('play 1000') cannot be replayed")


def test_the_installed_command_lists_legal_actions(opening: str) -> None:
    result = subprocess.run(
        ["millebornes", "legal", opening], capture_output=True, text=True, check=False
    )
    assert (result.returncode, result.stderr) == (0, "")
    assert "attack speed-limit 1" in result.stdout.splitlines()


def test_the_installed_command_exits_2_with_one_line(opening: str) -> None:
    result = subprocess.run(
        ["millebornes", "apply", opening, "play 75"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == "millebornes: error: play 75: you have no 75 km in hand\n"


DOCS = Path(__file__).resolve().parents[1] / "docs"


def fenced(page: str, language: str) -> list[str]:
    """The fenced blocks of one language in a docs page."""
    text = (DOCS / page).read_text(encoding="utf-8")
    return [block.split("```")[0] for block in text.split(f"```{language}\n")[1:]]


def test_the_documented_session_prints_what_docs_cli_md_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    position_example, _, deal_record_example, _ = fenced("position.md", "json")
    write(tmp_path, "opening.json", position_example)
    write(tmp_path, "deal-record.json", deal_record_example)
    (finished_example,) = fenced("cli.md", "json")
    write(tmp_path, "finished.json", finished_example)
    monkeypatch.chdir(tmp_path)
    status = 0
    for block in fenced("cli.md", "console"):
        for command in block.split("$ ")[1:]:
            line, *expected = command.splitlines()
            if line == "echo $?":
                assert expected == [str(status)]
                continue
            argv = shlex.split(line)
            with monkeypatch.context() as environment:
                for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
                    environment.delenv(variable, raising=False)
                while "=" in argv[0]:  # LANG=fr_FR.UTF-8 millebornes ...
                    environment.setenv(*argv.pop(0).split("=", 1))
                assert argv[0] == "millebornes"
                redirect = argv.index(">") if ">" in argv else None
                status = main(argv[1:redirect])
            out, err = capsys.readouterr()
            if redirect is not None:
                write(tmp_path, argv[redirect + 1], out)
                out = ""
            assert (out + err).splitlines() == expected, line


def test_an_unreadable_action_is_a_one_line_error(
    opening: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["apply", opening, "fly"], capsys)
    assert_usage_error(status, out, err, "unknown action 'fly'; actions start with one of: play")


def test_a_bug_is_not_reported_as_bad_input(opening: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the project's own errors are bad input: a plain ValueError from inside is a bug and
    surfaces with its traceback."""

    def broken(self: Deal) -> list[object]:
        raise ValueError("a bug inside the engine")

    monkeypatch.setattr(Deal, "legal_actions", broken)
    with pytest.raises(ValueError, match="a bug inside the engine"):
        main(["legal", opening])


def test_serve_takes_its_timings_and_refuses_negative_ones(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from millebornes.cli.main import build_parser
    from millebornes.cli.serve import settings_of

    args = build_parser().parse_args(["serve", "--settle-seconds", "0", "--deal-pause", "5"])
    options = settings_of(args)[0].rooms
    assert (options.settle_seconds, options.deal_pause) == (0, 5)
    status, out, err = run(["serve", "--settle-seconds", "-1", "--port", "0"], capsys)
    assert_usage_error(status, out, err, "--settle-seconds", "0 to 86,400")
    args = build_parser().parse_args(["serve", "--search-processes", "3", "--lease-seconds", "4"])
    options = settings_of(args)[0].rooms
    assert (options.search_processes, options.lease_seconds) == (3, 4)
    status, out, err = run(["serve", "--search-processes", "0", "--port", "0"], capsys)
    assert_usage_error(status, out, err, "--search-processes", "from 1 to 256")
    status, out, err = run(["serve", "--lease-seconds", "0.1", "--port", "0"], capsys)
    assert_usage_error(status, out, err, "--lease-seconds", "from 0.5 to 3,600")


# ------------------------------------------------------------------ in French


@pytest.fixture
def in_french(monkeypatch: pytest.MonkeyPatch) -> None:
    """The environment of a French user: the command follows LANG as the terminal game does."""
    for variable in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")


def test_the_documented_refusal_is_said_in_french_under_a_french_locale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/cli.md's ``millebornes apply next.json "play 200"``, under LANG=fr_FR.UTF-8."""
    (position,) = fenced("position.md", "json")[:1]
    opening = write(tmp_path, "opening.json", position)
    deal = from_position(Path(opening).read_text())
    deal.apply("play extra-tank")
    deal.apply("play 100")
    after = write(tmp_path, "next.json", to_position(deal))
    french = {"LANG": "fr_FR.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}
    result = subprocess.run(
        ["millebornes", "apply", after, "play 200"],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, **french},
    )
    assert result.returncode == 2
    assert result.stderr == (
        "millebornes : erreur : play 200 : vous êtes sous une Limite de vitesse : seulement des 25"
        " et des 50 jusqu'à la Fin de limite, pas de 200 bornes\n"
    )


def test_a_refusal_names_the_side_as_the_terminal_game_does(
    opening: str, capsys: pytest.CaptureFixture[str], in_french: None
) -> None:
    status, out, err = run(["apply", opening, "attack flat-tire 1"], capsys)
    assert (status, out) == (2, "")
    assert (
        err == "millebornes : erreur : attack flat-tire 1 : impossible d'attaquer Nord à l'arrêt\n"
    )


def test_replay_and_simulate_speak_french(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], in_french: None
) -> None:
    deal = played(Deal.new("dujardin", 2, 2))
    record = write(tmp_path, "deal.json", json.dumps(deal_record(deal)))
    status, out, err = run(["replay", record], capsys)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert (
        lines[0]
        == "manche 1 : dujardin, 2 joueurs, course de 1\u202f000 bornes, graine 2, donneur Nord"
    )
    assert lines[1].startswith("  Sud ")
    assert lines[1].endswith("[bornes : 0, 0]")
    assert lines[-2].startswith("  Sud : ")
    status, out, err = run(["simulate", "--deals", "1", "--quiet"], capsys)
    assert out.splitlines()[0] == "1 manche de dujardin à 2 joueurs (random) :"
    assert out.splitlines()[1].startswith("  Sud (random) : ")


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["simulate", "--deals", "0"], "--deals va de 1 à 100\u202f000, pas 0"),
        (["simulate", "--players", "5"], "dujardin se joue à 2, 3, 4, 6, 8 joueurs, pas 5"),
        (["replay", "nowhere.json"], "impossible de lire nowhere.json : "),
    ],
)
def test_usage_errors_speak_french(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str], in_french: None
) -> None:
    status, out, err = run(argv, capsys)
    assert status == 2
    assert out == ""
    assert err.startswith(f"millebornes : erreur : {said}")
