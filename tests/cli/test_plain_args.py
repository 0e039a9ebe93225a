"""``cli.plain_args`` (a plain ``check`` / ``fix`` command line parsed without argparse) gives
exactly what the argparse parser gives, or None so that argparse parses it."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys

import pytest

from lint_rules import cli

from .conftest import REPO


def _argparse(argv):
    return vars(cli.build_parser().parse_args(argv))


def _option_strings(command: str) -> set[str]:
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if a.dest == "command").choices[command]
    return {s for a in sub._actions for s in a.option_strings} - {"-h", "--help"}


@pytest.mark.parametrize("command", ["check", "fix"])
def test_it_knows_every_option_argparse_defines(command):
    known = set(cli._FLAGS) | set(cli._VALUED)
    if command == "fix":
        known -= cli._CHECK_ONLY
    assert known == _option_strings(command)


# A value each option accepts (flags: None).
VALUES = {
    "--select": "KVG001,KVG002",
    "--extend-select": " KVG004 , ",
    "--ignore": "KVG",
    "--output-format": "json",
    "--stdin-filename": "x.py",
    "--cache-dir": "c d",
    "-j": "3",
    "--jobs": "0",
    "--config": "pyproject.toml",
    "--baseline": "b.json",
    "--write-baseline": "w.json",
}


def _with_value(option: str) -> list[str]:
    return [option, VALUES[option]] if option in VALUES else [option]


def _plain_command_lines():
    for command in ("check", "fix"):
        options = sorted(_option_strings(command))
        yield [command]
        yield [command, "a.py", "dir", ""]
        for option in options:
            yield [command, *_with_value(option)]
            yield [command, "p", *_with_value(option)]
            yield [command, *_with_value(option), "p", "q"]
        for a, b in itertools.combinations(options, 2):
            yield [command, *_with_value(a), *_with_value(b)]
        yield [command, "--fix", "--no-fix", "-q", "-q", "--select", "A", "--select", "B"][
            : 9 if command == "check" else 1
        ]
        yield [command, "--no-unsafe-fixes", "--unsafe-fixes", "-j", "2", "-j", "5", "."][
            : 8 if command == "check" else 1
        ]


@pytest.mark.parametrize("env", [None, "concise", "bogus"])
def test_same_namespace_as_argparse(monkeypatch, env):
    if env is None:
        monkeypatch.delenv("KVGUARD_OUTPUT_FORMAT", raising=False)
    else:
        monkeypatch.setenv("KVGUARD_OUTPUT_FORMAT", env)
    seen = 0
    for argv in _plain_command_lines():
        got = cli.plain_args(argv)
        assert got is not None, argv
        assert vars(got) == _argparse(argv), argv
        seen += 1
    assert seen > 300


NOT_PLAIN = [
    [],
    ["rule"],
    ["doctor"],
    ["--version"],
    ["-h"],
    ["check", "-h"],
    ["check", "--help"],
    ["check", "--no-c"],  # an abbreviation
    ["check", "--jobs=2"],
    ["check", "-j2"],
    ["check", "-vq"],
    ["check", "--"],
    ["check", "--", "-x.py"],
    ["check", "-"],
    ["check", "a", "--fix", "b"],  # two runs of paths
    ["check", "--select"],
    ["check", "--select", "--fix"],
    ["check", "--jobs", "-1"],
    ["check", "--jobs", "x"],
    ["check", "--output-format", "nope"],
    ["check", "--bogus"],
    ["fix", "--fix"],
    ["fix", "--write-baseline", "w.json"],
    ["fix", "--add-noqa"],
]


@pytest.mark.parametrize("argv", NOT_PLAIN, ids=" ".join)
def test_anything_else_goes_to_argparse(argv):
    assert cli.plain_args(argv) is None


def test_a_plain_run_does_not_import_argparse(tmp_path):
    code = (
        "import sys; from lint_rules.cli import main; "
        "rc = main(['check', '--no-cache', '--exit-zero', '-q', '.']); "
        "print(rc, 'argparse' in sys.modules)"
    )
    env = dict(os.environ, PYTHONPATH=str(REPO))
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, env=env
    )
    assert out.stdout.split() == ["0", "False"], out.stderr
