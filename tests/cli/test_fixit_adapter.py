"""The Fixit adapter (lint_rules/fixit_rules.py, issue 23 item 4): the real ``fixit lint``,
with a ``[tool.fixit]`` configuration enabling kvguard's rules, finds what ``kvguard check``
finds on the examples: the same (file, line, column, code) set, under kvguard's configuration."""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.cli import BUGGY_CODES, EXAMPLES, REPO, cli_env, kvguard

FIXIT = Path(sys.executable).parent / "fixit"
FIXIT_CONFIG = """\
[tool.fixit]
root = true
disable = ["fixit.rules"]            # Fixit's built-in rules: not what is compared here
enable = ["lint_rules.fixit_rules"]  # every kvguard rule
"""
# Fixit's default output: ``path@line:col RuleName: message`` (line 1-based, column 0-based)
LINE = re.compile(r"^(?P<path>\S+)@(?P<line>\d+):(?P<col>\d+) (?P<rule>KVG\w+): (?P<code>KVG\d+) ")


def _project(tmp_path: Path, kvguard_table: str) -> Path:
    root = tmp_path / "proj"
    shutil.copytree(EXAMPLES, root / "examples")
    (root / "pyproject.toml").write_text(FIXIT_CONFIG + kvguard_table, encoding="utf-8")
    return root


def _rel(root: Path, path: str) -> str:
    return (root / path).resolve().relative_to(root.resolve()).as_posix()


def _fixit_findings(root: Path) -> set:
    proc = subprocess.run(
        [str(FIXIT), "lint", "examples/"],
        cwd=root,
        env=cli_env(),  # PYTHONPATH: this checkout's lint_rules
        capture_output=True,
        text=True,
        timeout=300,
    )
    out = proc.stdout + proc.stderr
    assert proc.returncode == 1, out  # 1: violations, no error
    assert "EXCEPTION" not in out and "Traceback" not in out, out
    found = set()
    for line in proc.stdout.splitlines():
        m = LINE.match(line)
        assert m, f"not a kvguard finding: {line!r}"
        path = _rel(root, m["path"])
        found.add((path, int(m["line"]), int(m["col"]) + 1, m["code"]))
        assert m["rule"].startswith(m["code"])
    return found


def _kvguard_findings(root: Path) -> set:
    run = kvguard("check", "--no-cache", "--output-format", "json", "examples/", cwd=root)
    assert run.rc == 1, run
    return {
        (
            _rel(root, row["filename"]),
            row["location"]["row"],
            row["location"]["column"],
            row["code"],
        )
        for row in json.loads(run.out)
    }


@pytest.mark.parametrize(
    "kvguard_table, codes",
    [
        ("", set(BUGGY_CODES)),  # kvguard's defaults: KVG001-KVG003 on, the opt-in rules off
        ('\n[tool.kvguard]\nignore = ["KVG003"]\n', set(BUGGY_CODES) - {"KVG003"}),
    ],
    ids=["defaults", "tool-kvguard-ignore"],
)
def test_fixit_lint_finds_what_kvguard_check_finds(tmp_path, kvguard_table, codes):
    root = _project(tmp_path, kvguard_table)
    fixit = _fixit_findings(root)
    print("fixit lint examples/:", *sorted(fixit), sep="\n  ")
    assert fixit == _kvguard_findings(root)
    assert {f[0] for f in fixit} == {"examples/buggy_backend.py"}  # none in clean_backend.py
    assert {f[3] for f in fixit} == codes


def test_one_fixit_rule_per_registered_rule():
    from lint_rules import fixit_rules, registry

    classes = fixit_rules.rule_classes()
    assert sorted(c.code for c in classes.values()) == sorted(registry.RULES)
    for name, cls in classes.items():
        assert name.startswith(cls.code) and getattr(fixit_rules, name).code == cls.code


def test_readme_command_as_written():
    """The README's `python -m fixit ...` line, run from the checkout as written (no
    PYTHONPATH: ``-m`` puts the working directory first), reports the buggy example's findings
    (tests/readme only checks its exit status: an unimportable rule module would exit 0)."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    (line,) = [ln for ln in readme.splitlines() if ln.startswith("python -m fixit ")]
    args = shlex.split(line, comments=True)
    env = {k: v for k, v in cli_env().items() if k != "PYTHONPATH"}
    proc = subprocess.run(
        [sys.executable, *args[1:]], cwd=REPO, env=env, capture_output=True, text=True, timeout=300
    )
    assert proc.returncode == 1, proc.stdout + proc.stderr
    codes = [m["code"] for m in map(LINE.match, proc.stdout.splitlines()) if m]
    assert sorted(codes) == sorted(BUGGY_CODES), proc.stdout + proc.stderr
