"""Bad input through the real CLI (`python -m lint_rules` in a subprocess).

Every case runs twice on the same tree, next to a buggy and a clean companion backend:

* ``kvguard check``: the bad entry is reported by path with a clear reason (or, where that is
  the documented behaviour, silently skipped), the exit status is the documented one, the
  companion's findings are still reported, and nothing at all is written;
* ``kvguard fix``: the same diagnosis, the companion is rewritten to exactly what
  ``lint_rules.fixer.fix_text`` computes, and every other entry of the tree (the bad one
  included) is byte-identical, with no temporary file left behind.

Exit status: 0 clean, 1 findings remain, 2 an error (README, "Exit codes").
"""

from __future__ import annotations

import codecs
import os
import re
import shutil
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .helpers import (
    BUGGY,
    BUGGY_CODES,
    CLEAN,
    concise_codes,
    expected_fix,
    kvguard,
    snapshot,
    write,
)

COMPANION = "companion/buggy_backend.py"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    root.mkdir()
    (root / "pyproject.toml").write_text("[project]\nname = 'demo'\n", encoding="utf-8")
    write(root, COMPANION, BUGGY)
    write(root, "companion/clean_backend.py", CLEAN)
    return root


def check_and_fix(project: Path, *paths: str, extra=(), prefix=(), companion=True):
    """Run check, then fix, on ``paths``; assert the companion/nothing-written contract.

    Returns (check run, fix run, snapshot before, snapshot after fix).
    """
    before = snapshot(project)
    args = ("--no-cache", "--output-format", "concise", *extra, *paths)
    check = kvguard("check", *args, cwd=project, prefix=prefix)
    assert snapshot(project) == before, "`kvguard check` wrote something"
    fix = kvguard("fix", *args, cwd=project, prefix=prefix)
    after = snapshot(project)
    changed = {k for k in set(before) | set(after) if before.get(k) != after.get(k)}
    if companion:
        assert concise_codes(check, COMPANION) == BUGGY_CODES, check
        assert changed == {COMPANION}, (changed, fix)
        want = expected_fix(BUGGY.encode(), COMPANION, project)
        assert (project / COMPANION).read_bytes() == want
        assert f"fixed {COMPANION}" in fix.err, fix
    else:
        assert changed == set(), (changed, fix)
    assert not list(project.rglob(".kvguard-*")), "temporary file left behind"
    return check, fix, before, after


def error_lines(run) -> list[str]:
    return [ln for ln in run.err.splitlines() if ln.startswith("error:")]


# ---------------------------------------------------------------------------------------------
# Source the parser sees, or not


def test_syntax_error_in_a_parsed_file_is_exit_2_with_position(project):
    # Mentions the allocator in a backend class: the prefilter sends it to the parser.
    bad = "pkg/layers/attention/broken.py"
    text = "class B(AttentionBackend):\n    x = isinstance(self.token_to_kv_pool_allocator.(\n"
    write(project, bad, text)
    check, fix, _, _ = check_and_fix(project)
    for run in (check, fix):
        assert run.rc == 2, run
        (line,) = error_lines(run)
        assert re.fullmatch(
            rf"error: {re.escape(bad)}: syntax error at line \d+, column \d+: .+", line
        ), run.err
    assert (project / bad).read_text() == text


def test_syntax_error_in_a_file_no_rule_can_match_is_not_parsed(project):
    """Documented: kvguard parses only files a selected rule can match (README, "Cache and
    speed"); a file without the trigger names is never parsed, so its syntax error is not
    kvguard's to report (the interpreter, ruff or a compile step reports it)."""
    bad = "pkg/util.py"
    write(project, bad, "def f(:\n    return )\n")
    check, fix, _, _ = check_and_fix(project)
    assert check.rc == 1 and fix.rc == 0, (check, fix)
    assert bad not in check.err + check.out + fix.err + fix.out
    # With a rule's trigger names, in a backend module, the same error is parsed and reported.
    write(
        project,
        "pkg/layers/attention/util.py",
        "x = hasattr(model_runner.token_to_kv_pool_allocator, 'y')\ndef f(:\n",
    )
    run = kvguard("check", "--no-cache", cwd=project)
    assert run.rc == 2 and re.search(
        r"error: pkg/layers/attention/util\.py: syntax error at line \d+", run.err
    ), run


def test_syntax_error_outside_the_functions_a_proof_reads_is_not_parsed(project):
    """Documented (docs/lint.md, step 3): a module whose allocator use is proven harmless from
    its text and the functions that hold the allocator is settled without parsing the rest, so
    an error elsewhere in it is left to other tools; in a function that holds the allocator it
    is reported."""
    clean_use = (  # an SWA probe on the pool, the allocator used for its size: no finding
        "    def size(self, model_runner):\n"
        "        self.swa = isinstance(model_runner.token_to_kv_pool, SWAKVPool)\n"
        "        return model_runner.token_to_kv_pool_allocator.available_size()\n"
    )
    write(
        project,
        "pkg/layers/attention/ok.py",
        "class B(AttentionBackend):\n" + clean_use + "\n    def other(self):\n        return = 1\n",
    )
    write(
        project,
        "pkg/layers/attention/bad.py",
        "class B(AttentionBackend):\n"
        + clean_use.replace("available_size()", "available_size(]")
        + "\n",
    )
    run = kvguard("check", "--no-cache", "pkg/layers/attention", cwd=project)
    assert run.rc == 2, run
    assert "ok.py" not in run.err + run.out
    assert re.search(r"error: pkg/layers/attention/bad\.py: syntax error at line \d+", run.err), run


def test_invalid_utf8_is_exit_2_with_line_and_offset(project):
    bad = "pkg/latin.py"
    data = b"# ok line\nname = '\xe9t\xe9'  # latin-1 bytes, no coding cookie\n"
    write(project, bad, data)
    check, fix, _, _ = check_and_fix(project)
    for run in (check, fix):
        assert run.rc == 2, run
        assert error_lines(run) == [
            f"error: {bad}: cannot decode as utf-8: invalid continuation byte (byte 0xe9 at line 2, byte offset 18)"
        ], run.err
    assert (project / bad).read_bytes() == data


def test_invalid_utf8_in_a_file_that_would_be_fixed_loses_nothing(project):
    bad = "pkg/bad_backend.py"
    data = BUGGY.encode() + b"# caf\xe9\n"
    write(project, bad, data)
    check, fix, _, _ = check_and_fix(project)
    assert check.rc == fix.rc == 2
    assert re.search(rf"error: {re.escape(bad)}: cannot decode as utf-8", fix.err), fix
    assert (project / bad).read_bytes() == data


def test_bom_and_crlf_lint_and_fix_keep_both(project):
    path = "pkg/bom_crlf_backend.py"
    data = codecs.BOM_UTF8 + BUGGY.replace("\n", "\r\n").encode("utf-8")
    write(project, path, data)
    before = snapshot(project)
    check = kvguard("check", "--no-cache", "--output-format", "concise", cwd=project)
    assert check.rc == 1 and snapshot(project) == before
    # Same positions as the plain file (the BOM is not a column, CRLF not an extra line).
    plain = [
        ln.split(" ")[0].split(":", 1)[1]
        for ln in check.out.splitlines()
        if ln.startswith(COMPANION + ":")
    ]
    crlf = [
        ln.split(" ")[0].split(":", 1)[1]
        for ln in check.out.splitlines()
        if ln.startswith(path + ":")
    ]
    assert crlf == plain and len(crlf) == 3, check
    fix = kvguard("fix", "--no-cache", "--output-format", "concise", cwd=project)
    assert fix.rc == 0, fix
    got = (project / path).read_bytes()
    assert got.startswith(codecs.BOM_UTF8) and got.count(codecs.BOM_UTF8) == 1
    assert b"\n" not in got.replace(b"\r\n", b""), "a bare LF was written into a CRLF file"
    assert got == expected_fix(data, path, project)
    assert "_resolve_swa_kv_pool" in got.decode("utf-8-sig")
    assert kvguard("check", "--no-cache", path, cwd=project).rc == 0


def test_tab_indented_backend_is_linted_and_fixed_with_tabs(project):
    path = "pkg/tabs_backend.py"
    text = "\n".join(
        re.sub(r"^(    )+", lambda m: "\t" * (len(m.group(0)) // 4), ln) for ln in BUGGY.split("\n")
    )
    assert "\t\tallocator = " in text
    write(project, path, text)
    check = kvguard("check", "--no-cache", "--output-format", "concise", cwd=project)
    assert concise_codes(check, path) == BUGGY_CODES, check
    fix = kvguard("fix", "--no-cache", cwd=project)
    assert fix.rc == 0, fix
    fixed = (project / path).read_text(encoding="utf-8")
    assert fixed.encode() == expected_fix(text.encode(), path, project)
    compile(fixed, path, "exec")  # no TabError: the inserted code is indented with tabs too
    body_lines = [ln for ln in fixed.splitlines() if ln[:1].isspace()]
    assert body_lines and all(
        not ln.startswith(" ") for ln in body_lines
    ), "spaces mixed into a tab file"


def test_empty_file(project):
    write(project, "pkg/empty.py", b"")
    write(project, "pkg/layers/attention/__init__.py", b"")
    check, fix, _, _ = check_and_fix(project)
    assert check.rc == 1 and fix.rc == 0
    assert (project / "pkg/empty.py").read_bytes() == b""
    alone = kvguard("check", "--no-cache", "pkg/empty.py", cwd=project)
    assert alone.rc == 0 and alone.err == "" and "All checks passed!" in alone.out, alone


@pytest.mark.parametrize(
    "data, message",
    [
        # not UTF-8 at all (an ELF-like header): a decode error
        (
            b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)) * 4,
            r"cannot decode as utf-8: invalid start byte \(byte 0x80",
        ),
        # valid UTF-8 with NUL bytes and the trigger names: CPython's parser refuses it (the
        # position is the first NUL's)
        (
            BUGGY.encode() + b"\x00\x00\x01binary tail\n",
            rf"syntax error at line {BUGGY.count(chr(10)) + 1}, column 1: "
            "source code string cannot contain null bytes",
        ),
    ],
    ids=["undecodable", "nul-bytes"],
)
def test_binary_file_with_a_py_name(project, data, message):
    bad = "pkg/layers/attention/blob.py"
    write(project, bad, data)
    check, fix, _, _ = check_and_fix(project)
    for run in (check, fix):
        assert run.rc == 2, run
        (line,) = error_lines(run)
        assert re.fullmatch(rf"error: {re.escape(bad)}: {message}.*", line), line
    assert (project / bad).read_bytes() == data


# ---------------------------------------------------------------------------------------------
# Size


def _generated(n_lines: int) -> bytes:
    line = "value_{0} = compute({0}, 'generated payload abcdefghijklmnop', key=None)  # row {0}\n"
    return "".join(line.format(i) for i in range(n_lines)).encode()


@pytest.mark.serial  # a timing bound: run alone (scripts/test.sh)
def test_very_large_files_are_fast_when_no_rule_can_match(project):
    """50+ MB of generated code: the byte-level prefilter rules it out without decoding to
    text or parsing; the same with the trigger names outside backend scope.  (A file that a
    rule *can* match is parsed whatever its size, at libcst's speed: docs/reliability.md.)"""
    big = _generated(650_000)
    assert len(big) > 50 * 1024 * 1024
    write(project, "gen/huge.py", big)
    write(
        project, "gen/huge_mentions.py", b"pool = model_runner.token_to_kv_pool_allocator\n" + big
    )
    started = time.perf_counter()
    check, fix, _, _ = check_and_fix(project)
    elapsed = time.perf_counter() - started
    assert check.rc == 1 and fix.rc == 0, (check, fix)
    assert "huge" not in check.out + check.err + fix.err
    assert elapsed < 60, f"two runs over 100 MB took {elapsed:.1f}s"
    assert (project / "gen/huge.py").stat().st_size == len(big)


# ---------------------------------------------------------------------------------------------
# Links, special files, odd names


def test_symlink_loops(project):
    os.symlink("loop_b.py", project / "pkg_loop_a.py")
    os.symlink("pkg_loop_a.py", project / "loop_b.py")
    (project / "d").mkdir()
    os.symlink("..", project / "d" / "up")  # a directory loop back to the root
    os.symlink("d", project / "d" / "self")
    check, fix, _, _ = check_and_fix(project)
    assert check.rc == 1 and fix.rc == 0, (check, fix)
    assert "loop" not in check.err + fix.err, "walk must skip looping links silently"
    # Named explicitly, a looping link is an error with the path; the other files still run.
    write(project, COMPANION, BUGGY)
    run = kvguard(
        "check",
        "--no-cache",
        "--output-format",
        "concise",
        "pkg_loop_a.py",
        "companion",
        cwd=project,
    )
    assert run.rc == 2, run
    assert error_lines(run) == ["error: pkg_loop_a.py: Too many levels of symbolic links"], run.err
    assert concise_codes(run, COMPANION) == BUGGY_CODES


def test_symlink_out_of_the_tree_is_not_followed_or_written(project, tmp_path):
    outside = tmp_path / "outside"
    write(outside, "ext_backend.py", BUGGY)
    os.symlink(outside, project / "ext_dir")
    os.symlink(outside / "ext_backend.py", project / "ext_file.py")
    ext_before = snapshot(outside)
    check, fix, _, _ = check_and_fix(project)
    assert check.rc == 1 and fix.rc == 0
    assert "ext_" not in check.out + fix.out + fix.err
    assert snapshot(outside) == ext_before, "kvguard fix wrote outside the tree through a link"
    # Named explicitly, the outside file is linted (like ruff) ...
    named = kvguard("check", "--no-cache", "--output-format", "concise", "ext_file.py", cwd=project)
    assert named.rc == 1 and concise_codes(named, "ext_file.py") == BUGGY_CODES, named
    # ... and fixing it writes through the link, keeping the link itself.
    assert kvguard("fix", "--no-cache", "ext_file.py", cwd=project).rc == 0
    assert (project / "ext_file.py").is_symlink()
    assert (outside / "ext_backend.py").read_bytes() == expected_fix(
        BUGGY.encode(), "ext_file.py", project
    )


def test_directory_named_x_py(project):
    (project / "x.py").mkdir()
    write(project, "x.py/inner.py", CLEAN)
    (project / "y.py").mkdir()  # empty directory with a .py name
    check, fix, _, _ = check_and_fix(project)
    assert check.rc == 1 and fix.rc == 0
    assert "x.py" not in check.err and "y.py" not in check.err
    run = kvguard("check", "--no-cache", "y.py", "x.py", cwd=project)
    assert run.rc == 0 and run.err == "", run  # named directories are walked, not read


def test_fifo_named_x_py_never_blocks(project):
    os.mkfifo(project / "pipe.py")  # reading it would block forever
    check, fix, _, _ = check_and_fix(project)
    assert check.rc == 1 and fix.rc == 0
    write(project, COMPANION, BUGGY)
    run = kvguard(
        "check",
        "--no-cache",
        "--output-format",
        "concise",
        "pipe.py",
        "companion",
        cwd=project,
        timeout=60,
    )
    assert run.rc == 2 and error_lines(run) == [
        "error: pipe.py: not a regular file or directory"
    ], run
    assert concise_codes(run, COMPANION) == BUGGY_CODES


# ---------------------------------------------------------------------------------------------
# Unreadable files


def _drop_dac_prefix() -> list[str]:
    """A command prefix under which file permission bits are enforced on this process.

    As a normal user, nothing is needed.  As root, permission bits are bypassed through the
    CAP_DAC_OVERRIDE / CAP_DAC_READ_SEARCH capabilities: ``setpriv`` drops them from the
    bounding set (the process stays uid 0, so it can still read the tree it owns with normal
    permissions, and still cannot read a mode-000 file)."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv: cannot make a file unreadable to kvguard")
    return [setpriv, "--bounding-set", "-dac_override,-dac_read_search"]


def test_unreadable_file(project):
    bad = "pkg/secret_backend.py"
    path = write(project, bad, BUGGY)
    prefix = _drop_dac_prefix()
    path.chmod(0)
    try:
        # Prove the premise under the very same wrapper: this process cannot read the file.
        probe = subprocess.run(
            [*prefix, sys.executable, "-c", f"open({str(path)!r}, 'rb').read()"],
            capture_output=True,
            text=True,
        )
        assert probe.returncode != 0 and "PermissionError" in probe.stderr, (
            "the unreadable-file premise does not hold here: " + probe.stderr
        )
        check, fix, before, after = check_and_fix(project, prefix=prefix)
        for run in (check, fix):
            assert run.rc == 2, run
            assert error_lines(run) == [f"error: {bad}: Permission denied"], run.err
        assert stat.S_IMODE(path.stat().st_mode) == 0  # mode untouched
    finally:
        path.chmod(0o644)
    assert path.read_text() == BUGGY


def test_unreadable_directory(project):
    write(project, "locked/backend.py", BUGGY)
    prefix = _drop_dac_prefix()
    (project / "locked").chmod(0)
    try:
        check, fix, _, _ = check_and_fix(project, prefix=prefix)
        for run in (check, fix):
            assert run.rc == 2, run
            assert error_lines(run) == [
                "error: locked: cannot list directory: Permission denied"
            ], run.err
    finally:
        (project / "locked").chmod(0o755)
    assert (project / "locked/backend.py").read_text() == BUGGY


# ---------------------------------------------------------------------------------------------
# Configuration and command line


@pytest.mark.parametrize(
    "body, fragment",
    [
        ("select = 'KVG001'", "'select' must be a list of strings"),
        ("extend-select = ['KVG9']", "unknown rule selector 'KVG9'"),
        ("exclude = 'build'", "'exclude' must be a list of strings"),
        ("per-file-ignores = { 'x/*' = 'KVG001' }", "per-file-ignores"),
        ("all-code = 1", "'all-code' must be true or false"),
        ("target-version = '0.x'", "'target-version' must be"),
        ("jobs = 4", "unknown key 'jobs'"),
        ("select = ['KVG001'", "invalid TOML"),
    ],
)
def test_bad_tool_kvguard_values_write_nothing(project, body, fragment):
    (project / "pyproject.toml").write_text(
        f"[project]\nname = 'demo'\n\n[tool.kvguard]\n{body}\n", encoding="utf-8"
    )
    check, fix, _, _ = check_and_fix(project, companion=False)
    for run in (check, fix):
        assert run.rc == 2 and run.out == "", run
        (line,) = run.err.strip().splitlines()
        assert (
            line.startswith("kvguard: error: ") and "pyproject.toml" in line and fragment in line
        ), line


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["--select", "KVG999"], "unknown rule selector 'KVG999' in the command line"),
        (["--ignore", "KVG001,NOPE"], "unknown rule selector 'NOPE' in the command line"),
        (["--extend-select", "E501"], "unknown rule selector 'E501' in the command line"),
    ],
)
def test_unknown_rule_code_writes_nothing(project, args, fragment):
    check, fix, _, _ = check_and_fix(project, extra=args, companion=False)
    for run in (check, fix):
        assert run.rc == 2 and run.out == "", run
        assert fragment in run.err and "known codes: KVG001" in run.err, run.err
    rule = kvguard("rule", "KVG999", cwd=project)
    assert rule.rc == 2 and "unknown rule 'KVG999'" in rule.err and rule.out == ""


def test_stdin_filename_with_empty_input(project):
    for cmd in (["check"], ["fix"], ["fix", "--diff"], ["check", "--fix", "--unsafe-fixes"]):
        run = kvguard(
            *cmd, "--stdin-filename", "pkg/layers/attention/new.py", cwd=project, stdin=b""
        )
        assert run.rc == 0, (cmd, run)
        if "--diff" in cmd or cmd == ["check"]:
            assert error_lines(run) == [], run
        else:
            assert run.stdout_bytes == b"", "fixing empty input must print empty output"
    assert not (project / "pkg").exists(), "stdin mode must not create the named file"


def test_stdin_with_undecodable_input_gives_the_input_back(project):
    data = BUGGY.encode() + b"# \xff\n"
    run = kvguard("fix", "--stdin-filename", "pkg/b.py", cwd=project, stdin=data)
    assert run.rc == 2 and run.stdout_bytes == data, run
    assert error_lines(run) == [
        "error: pkg/b.py: cannot decode as utf-8: invalid start byte (byte 0xff at line 33, byte offset "
        + str(len(BUGGY.encode()) + 2)
        + ")"
    ], run.err


# ---------------------------------------------------------------------------------------------
# A file that disappears between discovery and reading (in-process: the race made exact)


def test_file_deleted_between_discovery_and_reading(project, monkeypatch):
    from lint_rules.config import discover_config
    from lint_rules.discovery import discover
    from lint_rules.engine import Engine, Options
    from lint_rules.registry import resolve_codes

    monkeypatch.chdir(project)
    write(project, "pkg/gone_backend.py", BUGGY)
    write(project, "pkg/gone_plain.py", "x = 1\n")
    config = discover_config(["."])
    codes = resolve_codes(layers=[config.selection_layer()])
    for jobs in (1, 2):
        found = discover(["."], config)
        assert {"pkg/gone_backend.py", "pkg/gone_plain.py"} <= {t.display for t in found.targets}
        saved = {
            t.display: Path(t.abspath).read_bytes() for t in found.targets if "gone" in t.display
        }
        for display in saved:
            os.unlink(display)
        report = Engine(config, codes, Options(use_cache=False, jobs=jobs)).run(found)
        by_path = {fr.target.display: fr.result for fr in report.files}
        for display in saved:
            assert by_path[display].error == "No such file or directory", by_path[display]
        assert [f.code for f in by_path[COMPANION].findings] == BUGGY_CODES
        for display, data in saved.items():
            write(project, display, data)


def test_file_deleted_between_lint_and_fix_is_not_recreated(project, monkeypatch):
    from lint_rules.config import discover_config
    from lint_rules.discovery import discover
    from lint_rules.engine import Engine, Options
    from lint_rules.registry import resolve_codes

    monkeypatch.chdir(project)
    victim = write(project, "pkg/victim_backend.py", BUGGY)
    config = discover_config(["."])
    codes = resolve_codes(layers=[config.selection_layer()])
    linter = Engine(config, codes, Options(fix=True, unsafe_fixes=True, use_cache=False, jobs=1))
    original = Engine._apply_fixes

    def racing(self, report, cache):
        os.unlink(victim)  # linted fine, gone before the fix reads it again
        return original(self, report, cache)

    monkeypatch.setattr(Engine, "_apply_fixes", racing)
    report = linter.run(discover(["."], config))
    by_path = {fr.target.display: fr for fr in report.files}
    assert by_path["pkg/victim_backend.py"].fix_error == "No such file or directory"
    assert not victim.exists() and not list(
        victim.parent.iterdir()
    ), "a fix recreated a deleted file"
    assert by_path[COMPANION].fixed and report.fix_errors == 1
    assert (project / COMPANION).read_bytes() == expected_fix(BUGGY.encode(), COMPANION, project)
