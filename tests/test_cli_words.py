"""The command line in the player's language throughout: argparse's own words ("usage:",
"options:", its errors) come from the catalogs too (cli/parser.py)."""

from __future__ import annotations

import argparse
import ast
import inspect
import os
import re
import subprocess

import pytest

from millebornes.cli import admin
from millebornes.cli.main import build_parser, main
from millebornes.cli.parser import argparse_key, argparse_word
from millebornes.words import keys, say

# argparse's messages that tell a programmer's mistake in building a parser, never a player's.
PROGRAMMERS_ONLY = {
    ".__call__() not defined",
    "conflicting subparser: %s",
    "conflicting subparser alias: %s",
    'argument "-" with mode %r',
    "cannot merge actions - two groups are named %r",
    "'required' is an invalid argument for positionals",
    "invalid option string %(option)r: must start with a character %(prefix_chars)r",
    "dest= is required for options like %r",
    "invalid conflict_resolution value: %r",
    "conflicting option string: %s",
    "mutually exclusive arguments must be optional",
    "cannot have multiple subparser arguments",
    "%r is not callable",
}
# What argparse says in English that a French player must never read.
ENGLISH = (
    "usage:",
    "options:",
    "positional arguments",
    "show this help",
    "error:",
    "invalid int value",
    "invalid choice",
    "the following arguments are required",
    "unrecognized arguments",
    "expected",
    "not allowed with",
    "PLAYERS",
    "COMMAND",
    "PATH",
)
COMMANDS = (
    "legal",
    "apply",
    "score",
    "replay",
    "simulate",
    "play",
    "tournament",
    "serve",
    "admin",
    "review",
)
# millebornes admin's own subcommands, each of its help said in French too.
ADMIN_COMMANDS = tuple(["admin", action.name] for action in admin.ACTIONS)
SUBCOMMAND_ERRORS = [
    ["simulate", "--players", "x"],
    ["simulate", "--deals", "1.5"],
    ["legal"],
    ["frob"],
    ["tournament", "--export-record", "5"],
    ["review", "r.json", "--iterations", "3", "--seconds", "2"],
    ["play", "--pace", "nan"],
    ["play", "--rules", "poker"],
    ["--versio"],
    ["replay", "a.json", "b.json"],
    ["admin", "backup"],
]


def english_in(text: str) -> list[str]:
    """The words of ENGLISH that ``text`` holds as words (COMMANDE is not COMMAND)."""
    return [word for word in ENGLISH if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text)]


@pytest.fixture
def in_french(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")


def argparse_messages() -> set[str]:
    """The literal messages the running argparse passes to gettext (``_`` and ``ngettext``)."""
    found = set()
    for node in ast.walk(ast.parse(inspect.getsource(argparse))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args):
            continue
        first = node.args[0]
        if node.func.id in ("_", "ngettext") and isinstance(first, ast.Constant):
            found.add(str(first.value).strip())
    return found


def test_every_message_argparse_may_say_to_a_player_is_in_the_catalogs() -> None:
    for message in argparse_messages() - PROGRAMMERS_ONLY:
        assert argparse_key(message) is not None, f"argparse's {message!r} is not in the catalogs"


def placeholders(text: str) -> list[str]:
    return sorted(re.findall(r"%(?:\(\w+\))?[sr]", text))


def test_each_language_keeps_argparses_placeholders() -> None:
    """argparse fills the message after: a missing or renamed placeholder would be a crash."""
    for name in keys("en"):
        if name.startswith("cli-argparse-"):
            key = "cli.argparse." + name.removeprefix("cli-argparse-")
            for count in (1, 2):
                english = say("en", key, count=count)
                assert placeholders(say("fr", key, count=count)) == placeholders(english), key


def test_a_message_keeps_argparses_spaces_and_a_count_its_plural() -> None:
    assert argparse_word("fr", "usage: ") == "utilisation : "
    assert argparse_word("fr", "%(prog)s: error: %(message)s\n") == (
        "%(prog)s : erreur : %(message)s\n"
    )
    assert argparse_word("en", "options") == "options"
    assert argparse_word("fr", "a message no catalog has") == "a message no catalog has"


def test_the_help_of_every_command_is_french_under_a_french_locale(
    in_french: None, capsys: pytest.CaptureFixture[str]
) -> None:
    commands = ([command] for command in COMMANDS)
    for argv in (["--help"], *([*command, "--help"] for command in (*commands, *ADMIN_COMMANDS))):
        assert main(argv) == 0
        out, err = capsys.readouterr()
        assert err == ""
        assert out.startswith("utilisation : millebornes")
        assert english_in(out) == [], argv
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "\noptions :\n  -h, --help  affiche cette aide et s'arrête\n" in out
    assert "  --version   affiche la version et s'arrête\n" in out
    assert main(["simulate", "--help"]) == 0
    assert "[--players JOUEURS]" in capsys.readouterr().out


@pytest.mark.parametrize("argv", SUBCOMMAND_ERRORS)
def test_a_usage_error_is_one_french_line(
    argv: list[str], in_french: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert re.match(r"millebornes( \w+)* : erreur : ", err)
    assert english_in(err) == []


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["simulate", "--players", "x"], "argument --players : 'x' n'est pas un nombre entier"),
        (["legal"], "ces arguments sont requis : POSITION.json"),
        (["tournament", "--export-record", "5"], "argument --export-record : 2 valeurs attendues"),
        (["play", "--rules", "poker"], "choix invalide : 'poker' (au choix : 'dujardin',"),
    ],
)
def test_argparses_errors_are_said_in_french(
    argv: list[str], said: str, in_french: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert said in capsys.readouterr().err


def test_argparses_errors_stay_in_english_otherwise(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LC_ALL", "C")
    assert main(["simulate", "--players", "x"]) == 2
    err = capsys.readouterr().err
    assert err == "millebornes simulate: error: argument --players: 'x' is not a whole number\n"
    assert main(["legal"]) == 2
    assert capsys.readouterr().err == (
        "millebornes legal: error: the following arguments are required: POSITION.json\n"
    )


def test_argparse_speaks_english_again_after_a_french_parse() -> None:
    """The translation is lent to argparse for the time of a call, not left behind."""
    build_parser("fr").format_help()
    plain = argparse.ArgumentParser(prog="other")
    assert plain.format_usage() == "usage: other [-h]\n"


def test_the_installed_command_helps_in_french() -> None:
    french = {"LANG": "fr_FR.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}
    result = subprocess.run(
        ["millebornes", "review", "--help"],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, **french},
    )
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.startswith("utilisation : millebornes review")
    assert english_in(result.stdout) == []
