"""The hostile-user reproductions of issue 27, each with the behaviour it must have now.

Most cases run the real CLI in a subprocess next to a buggy companion backend (the contract of
``test_bad_input.check_and_fix``: the bad entry is reported, the companion is still linted and
fixed to exactly what the library computes, nothing else is written). A few run ``cli.main``
in this process where a fault has to be injected into the run (a fix that crashes its
process, an edit made while the fix runs, a fixed process id for the old predictable
temporary names).
"""

from __future__ import annotations

import io
import json
import os
import re
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from .helpers import BUGGY, BUGGY_CODES, REPO, cli_env, concise_codes, expected_fix, kvguard, write
from .test_bad_input import COMPANION, _drop_dac_prefix, check_and_fix, error_lines, project

__all__ = ["project"]  # the fixture, shared with test_bad_input

BACKEND = "pkg/layers/attention"


def _deep_chain_backend() -> str:
    """The buggy backend with a 600-term ``a + 1 + 1 ...`` chain in its ``__init__``: CPython
    compiles it; libcst's code generation recurses past the interpreter's limit."""
    anchor = "        self.token_to_kv_pool_allocator = allocator\n"
    assert anchor in BUGGY
    return BUGGY.replace(anchor, anchor + "        x = a" + " + 1" * 600 + "\n")


# -- 1. one valid file must not abort the run ------------------------------------------------


def test_a_file_that_overflows_the_recursion_limit_is_contained(project):
    bad = f"{BACKEND}/__init__.py"
    write(project, bad, _deep_chain_backend())
    check, fix, _, _ = check_and_fix(project)
    for run in (check, fix):
        assert run.rc == 2, run
        assert error_lines(run) == [
            f"error: {bad}: internal error: RecursionError: nesting too deep"
        ], run.err
        assert "Traceback" not in run.err and len(run.err) < 4000, run.err


# -- 2. what CPython refuses never reaches libcst; a fix's crash takes only its worker ---------


DEEP_PARENS = BUGGY + "y = " + "(" * 2000 + "1" + ")" * 2000 + "\n"


def test_deeply_nested_parentheses_are_a_syntax_error_not_a_segfault(project):
    bad = f"{BACKEND}/deep.py"
    write(project, bad, DEEP_PARENS)
    check, fix, _, _ = check_and_fix(project)
    for run in (check, fix):
        assert run.rc == 2, run
        (line,) = error_lines(run)
        assert re.fullmatch(
            rf"error: {re.escape(bad)}: syntax error at line \d+, column \d+: "
            "too many nested parentheses",
            line,
        ), run.err


def test_deep_input_on_stdin_comes_back_unchanged(tmp_path):
    data = DEEP_PARENS.encode()
    run = kvguard("fix", "--stdin-filename", f"{BACKEND}/x.py", cwd=tmp_path, stdin=data)
    assert run.rc == 2 and run.stdout_bytes == data, run
    assert "too many nested parentheses" in run.err


def test_a_real_native_parser_crash_on_stdin_gives_the_input_back(tmp_path):
    """An ``and`` chain of 20 000 terms: CPython accepts it (a flat list), libcst's native
    parser dies of it (SIGSEGV). Stdin is linted and fixed in a forked worker, so the input
    still comes back (found by benchmarks/fuzz.py)."""
    data = (BUGGY + "x = a" + " and b" * 20000 + "\n").encode()
    compile(data, "x.py", "exec")
    run = kvguard("fix", "--stdin-filename", f"{BACKEND}/x.py", cwd=tmp_path, stdin=data)
    assert run.rc == 2 and run.stdout_bytes == data, run
    assert error_lines(run) == [
        f"error: {BACKEND}/x.py: internal error: WorkerError: the worker process crashed "
        "(killed by signal 11)"
    ], run.err


def _crash_on(marker: str):
    """A ``fixer.fix_text`` that kills its own process (SIGSEGV, as a native parser's crash
    would) on a text holding ``marker`` when it runs in a forked worker, and fixes the others
    as the real one does. In this process (the check's own fix report, which parses in
    process like the lint: a known limit, docs/reliability.md) it fixes as the real one."""
    from lint_rules import fixer

    real = fixer.fix_text
    test_pid = os.getpid()

    def fix_text(text, *args, **kwargs):
        if marker in text and os.getpid() != test_pid:
            import faulthandler

            faulthandler.disable()  # (pytest's: it would print the worker's stack)
            os.kill(os.getpid(), signal.SIGSEGV)
        return real(text, *args, **kwargs)

    return fix_text


def _main_in(cwd: Path, argv: list[str], monkeypatch, stdin: bytes = b""):
    """``cli.main(argv)`` in this process, in ``cwd``: (status, stdout bytes, stderr text)."""
    from lint_rules import cli

    monkeypatch.chdir(cwd)
    out, err = io.BytesIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(out, write_through=True))
    monkeypatch.setattr(sys, "stderr", err)
    code = cli.main(argv)
    sys.stdout.flush()
    return code, out.getvalue(), err.getvalue()


def test_a_fix_that_crashes_its_process_loses_only_that_file(project, monkeypatch):
    from lint_rules import fixer
    from lint_rules.settings import RunSettings

    bad = f"{BACKEND}/crashing_backend.py"
    text = BUGGY.replace("class Toy", "# CRASH-HERE\nclass Toy")
    write(project, bad, text)
    monkeypatch.setattr(fixer, "fix_text", _crash_on("CRASH-HERE"))
    # the fix phase recomputes each fix in its worker, as in a run whose lint ran in workers
    # (a small run's lint keeps the outcome it computed for its fix report)
    monkeypatch.setattr(RunSettings, "fix_outcome", lambda self, text, display, codes: None)
    want = expected_fix(BUGGY.encode(), COMPANION, project)
    code, _, err = _main_in(
        project, ["fix", "--no-cache", "--output-format", "concise"], monkeypatch
    )
    assert code == 2, err
    assert (project / bad).read_text() == text
    assert (project / COMPANION).read_bytes() == want
    assert re.search(
        rf"error: {re.escape(bad)}: fix not applied: fix failed: internal error: WorkerError: "
        r"the worker process crashed \(killed by signal 11\)",
        err,
    ), err


def test_a_crashing_fix_of_stdin_gives_the_input_back(tmp_path, monkeypatch):
    from lint_rules import fixer

    data = BUGGY.replace("class Toy", "# CRASH-HERE\nclass Toy").encode()
    monkeypatch.setattr(fixer, "fix_text", _crash_on("CRASH-HERE"))
    code, out, err = _main_in(
        tmp_path, ["fix", "--stdin-filename", f"{BACKEND}/x.py"], monkeypatch, stdin=data
    )
    assert code == 2 and out == data, err
    assert "the worker process crashed (killed by signal 11)" in err


# -- 3. no write through a planted link -------------------------------------------------------


def _victims(tmp_path: Path) -> dict[str, Path]:
    victims = {name: tmp_path / "victims" / name for name in ("a", "b", "c", "d")}
    victims["a"].parent.mkdir()
    for path in victims.values():
        path.write_text("precious\n")
    return victims


def _untouched(victims: dict[str, Path], tmp_path: Path) -> None:
    for path in victims.values():
        assert path.read_text() == "precious\n", path
    assert sorted(p.name for p in (tmp_path / "victims").iterdir()) == sorted(victims)


def test_links_planted_at_the_old_temporary_names_are_not_written_through(
    project, tmp_path, monkeypatch
):
    """The old names were predictable from the process id: with the id fixed, links planted at
    each of them (cache entry, --add-noqa, baseline) must not receive a byte."""
    victims = _victims(tmp_path)
    monkeypatch.setattr(os, "getpid", lambda: 4242)
    target = project / COMPANION
    # --add-noqa's old name, next to the file it rewrites
    (target.parent / f".{target.name}.kvguard-noqa-4242").symlink_to(victims["a"])
    # the baseline's old name
    (project / "kvguard-baseline.json.tmp4242").symlink_to(victims["b"])
    code, _, err = _main_in(
        project,
        ["check", "--no-cache", "--write-baseline", "kvguard-baseline.json", "."],
        monkeypatch,
    )
    assert code == 0 and (project / "kvguard-baseline.json").is_file(), err
    # the cache entry's old name: the entry path of this run's settings
    code, _, err = _main_in(project, ["check", "."], monkeypatch)
    assert code == 1, err
    (entry,) = [p for p in (project / ".kvguard_cache").rglob("*.json")]
    (entry.parent / f"{entry.name}.4242.tmp").symlink_to(victims["c"])
    write(project, "pkg/other.py", "x = 1\n")  # something new to cache
    code, _, err = _main_in(project, ["check", "."], monkeypatch)
    assert code == 1, err
    code, _, err = _main_in(project, ["check", "--add-noqa", COMPANION], monkeypatch)
    assert code == 1 and "Added 1 noqa directive." in err, err  # (two lines are too long)
    assert "# kvguard: ignore[KVG003]" in target.read_text()
    _untouched(victims, tmp_path)


def test_a_symlinked_cache_directory_is_refused(project, tmp_path):
    victims = _victims(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (project / ".kvguard_cache").symlink_to(elsewhere)
    run = kvguard("check", "--output-format", "concise", ".", cwd=project)
    assert run.rc == 1 and concise_codes(run, COMPANION) == BUGGY_CODES, run
    assert re.search(
        r"kvguard: warning: cache not used: .*\.kvguard_cache is a symbolic link", run.err
    )
    assert list(elsewhere.iterdir()) == []
    _untouched(victims, tmp_path)


def test_links_inside_the_cache_directory_are_not_followed(project, tmp_path):
    victims = _victims(tmp_path)
    cache = project / ".kvguard_cache"
    cache.mkdir()
    (cache / ".gitignore").symlink_to(tmp_path / "victims" / "new-file")  # dangling
    (cache / "CACHEDIR.TAG").symlink_to(victims["a"])
    run = kvguard("check", "--output-format", "concise", ".", cwd=project)
    assert run.rc == 1, run
    (entry,) = [p for p in cache.rglob("*.json")]
    assert not entry.is_symlink()
    # the entry itself replaced by a link: not read, and replaced (not written through)
    entry.unlink()
    entry.symlink_to(victims["b"])
    write(project, "pkg/other.py", "x = 1\n")
    again = kvguard("check", "--output-format", "concise", ".", cwd=project)
    assert again.rc == 1 and again.out == run.out, again
    assert entry.is_file() and not entry.is_symlink()
    _untouched(victims, tmp_path)


# -- 4. doctor's children never import from the working directory ----------------------------


def test_doctor_children_keep_pythonpath_but_not_the_working_directory(tmp_path):
    from guardrails.doctor import child_command

    cwd = tmp_path / "cwd"
    (cwd / "sglang").mkdir(parents=True)
    marker = tmp_path / "ran"
    plant = f"open({str(marker)!r}, 'a').write(__name__ + '\\n')\n"
    (cwd / "dataclasses.py").write_text(plant)
    (cwd / "sglang" / "__init__.py").write_text(plant)
    lib = tmp_path / "lib"
    lib.mkdir()
    (lib / "probe_mod.py").write_text(
        "import dataclasses, importlib.util, json, sys\n"
        "spec = importlib.util.find_spec('sglang')\n"
        "print(json.dumps({'dataclasses': dataclasses.__file__, 'argv': sys.argv[1:],\n"
        "  'sglang': spec.origin if spec else None, 'path': sys.path}))\n"
    )
    env = cli_env({"PYTHONPATH": os.pathsep.join([str(lib), str(REPO)])})
    proc = subprocess.run(
        child_command("probe_mod", "--doctor"), cwd=cwd, env=env, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    assert not marker.exists(), marker.read_text()
    assert not got["dataclasses"].startswith(str(cwd))
    assert got["sglang"] is None or not got["sglang"].startswith(str(cwd))
    assert str(lib) in got["path"] and got["argv"] == ["--doctor"]
    assert str(cwd) not in got["path"] and "" not in got["path"]


@pytest.mark.sglang
def test_doctor_probes_the_installed_sglang_not_the_working_directory(tmp_path):
    from tests.guard.conftest import sglang_env

    python, env = sglang_env("0.5.23")
    marker = tmp_path / "ran"
    plant = f"open({str(marker)!r}, 'a').write(__name__ + '\\n')\n"
    (tmp_path / "dataclasses.py").write_text(plant)
    (tmp_path / "sglang").mkdir()
    (tmp_path / "sglang" / "__init__.py").write_text(plant + "__version__ = 'planted'\n")
    proc = subprocess.run(
        [python, "-m", "lint_rules", "doctor", "--json"],  # `kvguard doctor`
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=1200,
    )
    lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
    assert lines, proc.stderr[-3000:]
    report = json.loads(lines[-1])
    assert not marker.exists(), marker.read_text()
    assert report["probe"]["version"] == "0.5.23"
    assert not report["probe"]["sglang_path"].startswith(str(tmp_path))
    assert report["lint"]["path"] == report["probe"]["sglang_path"]


# -- 5. an edit made while `fix` runs is never overwritten ------------------------------------


def test_an_edit_made_while_the_fix_runs_is_kept(project, monkeypatch):
    from lint_rules import fixer
    from lint_rules.settings import RunSettings

    edited = BUGGY + "# edited by the user while kvguard ran\n"
    real = fixer.fix_text
    test_pid = os.getpid()

    def fix_and_edit(text, path, *args, **kwargs):
        out = real(text, path, *args, **kwargs)
        if os.getpid() != test_pid:  # the fix phase's worker, between its read and replace
            (project / COMPANION).write_text(edited)  # another writer
        return out

    monkeypatch.setattr(fixer, "fix_text", fix_and_edit)
    # the fix phase recomputes the fix in its worker (see the crash test above)
    monkeypatch.setattr(RunSettings, "fix_outcome", lambda self, text, display, codes: None)
    code, _, err = _main_in(
        project, ["fix", "--no-cache", "--output-format", "concise"], monkeypatch
    )
    assert code == 2, err
    assert (project / COMPANION).read_text() == edited
    assert f"error: {COMPANION}: fix not applied: cannot write: the file changed" in err, err


# -- 6. permissions, owner, hard links ---------------------------------------------------------


def test_a_file_the_process_cannot_open_for_writing_is_not_replaced(project):
    prefix = _drop_dac_prefix()
    path = project / COMPANION
    path.chmod(0o444)
    probe = subprocess.run(
        [*prefix, sys.executable, "-c", f"open({str(path)!r}, 'r+b')"],
        capture_output=True,
        text=True,
    )
    assert probe.returncode != 0 and "PermissionError" in probe.stderr, probe.stderr
    run = kvguard("fix", "--no-cache", "--output-format", "concise", cwd=project, prefix=prefix)
    assert run.rc == 2, run
    assert error_lines(run) == [
        f"error: {COMPANION}: fix not applied: cannot write: cannot open for writing: "
        "Permission denied"
    ], run.err
    assert path.read_text() == BUGGY and stat.S_IMODE(path.stat().st_mode) == 0o444


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another user needs root")
def test_owner_group_and_mode_are_kept(project):
    path = project / COMPANION
    os.chown(path, 65534, 65534)
    path.chmod(0o640)
    want = expected_fix(BUGGY.encode(), COMPANION, project)
    run = kvguard("fix", "--no-cache", cwd=project)
    assert run.rc == 0, run
    st = path.stat()
    assert path.read_bytes() == want
    assert (st.st_uid, st.st_gid, stat.S_IMODE(st.st_mode)) == (65534, 65534, 0o640)


def test_a_hard_linked_file_is_written_in_place(project, tmp_path):
    path = project / COMPANION
    other = tmp_path / "second-name.py"
    os.link(path, other)
    inode = path.stat().st_ino
    want = expected_fix(BUGGY.encode(), COMPANION, project)
    run = kvguard("fix", "--no-cache", cwd=project)
    assert run.rc == 0, run
    assert path.read_bytes() == want and other.read_bytes() == want
    assert path.stat().st_ino == inode and path.stat().st_nlink == 2


# -- 7. cache entries of the right shape and the wrong types are misses -----------------------


def test_cache_entries_with_wrong_types_are_misses(project):
    cold = kvguard("check", "--no-cache", ".", cwd=project)
    warm = kvguard("check", ".", cwd=project)
    assert warm.rc == cold.rc == 1 and warm.out == cold.out
    (entry,) = [p for p in (project / ".kvguard_cache").rglob("*.json")]
    doc = json.loads(entry.read_text())
    for value in doc["files"].values():
        rows = value[6][0]
        for row in rows:
            row[2] = "two"  # a row number that is a string
            row[7] = [1, 2, 3] if row[7] else row[7]
        value[6][1] = [["x", 5]]
    entry.write_text(json.dumps(doc))
    poisoned = kvguard("check", ".", cwd=project)
    assert poisoned.rc == 1 and poisoned.out == cold.out and "Traceback" not in poisoned.err
    doc["files"] = {k: [None, "x", {}, 5, [], 7, "z"] for k in doc["files"]}
    entry.write_text(json.dumps(doc))
    garbage = kvguard("check", ".", cwd=project)
    assert garbage.rc == 1 and garbage.out == cold.out and "Traceback" not in garbage.err


# -- 8. the exit status holds whatever happens to stderr and stdout ---------------------------


@pytest.mark.parametrize("stderr", ["closed", "full"])
@pytest.mark.parametrize(
    "args", [["check", "no-such-file.py"], ["check", "--select", "KVG999", "."]], ids=str
)
def test_errors_exit_2_when_stderr_cannot_be_written(tmp_path, stderr, args):
    if stderr == "full" and not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    cmd = [sys.executable, "-m", "lint_rules", *args]
    kwargs = {"stderr": open("/dev/full", "w")} if stderr == "full" else {}
    if stderr == "closed":
        kwargs["preexec_fn"] = lambda: os.close(2)
    proc = subprocess.run(cmd, cwd=tmp_path, env=cli_env(), stdout=subprocess.PIPE, **kwargs)
    assert proc.returncode == 2


def test_a_full_stdout_is_one_line_and_exit_2(project):
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    with open("/dev/full", "wb") as full:
        proc = subprocess.run(
            [sys.executable, "-m", "lint_rules", "check", "--no-cache", "."],
            cwd=project,
            env=cli_env(),
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
        )
    assert proc.returncode == 2
    assert proc.stderr == "kvguard: error: cannot write the output: No space left on device\n"


def test_an_endless_stdin_is_refused_with_a_message(tmp_path):
    with open("/dev/zero", "rb") as zero:
        proc = subprocess.run(
            [sys.executable, "-m", "lint_rules", "check", "--stdin-filename", "x.py"],
            cwd=tmp_path,
            env=cli_env(),
            stdin=zero,
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert proc.returncode == 2
    assert proc.stderr == "kvguard: error: stdin is larger than 256 MiB; not linted\n"


# -- 9. only the implicit working-directory entry leaves sys.path -----------------------------


def test_fix_from_inside_a_target_folder_on_pythonpath(tmp_path):
    """The "fix the installed sglang in place" workflow: the dependencies live in a
    ``pip install --target`` folder that is both the working directory and an explicit
    ``PYTHONPATH`` entry. ``-S`` keeps site-packages out, so libcst comes from there only."""
    import libcst

    target = tmp_path / "target"
    target.mkdir()
    site = Path(libcst.__file__).parents[1]
    for name in ("libcst", "yaml", "_yaml", "typing_extensions.py"):
        if (site / name).exists():
            (target / name).symlink_to(site / name)
    (target / "lint_rules").symlink_to(REPO / "lint_rules")
    bad = "sglang/srt/layers/attention/buggy_backend.py"
    write(target, bad, BUGGY)
    # (no sglang under -S: the fix's target release is named, as the expected fix's)
    write(target, "pyproject.toml", '[tool.kvguard]\ntarget-version = "0.5.23"\n')
    want = expected_fix(BUGGY.encode(), bad, target, target="0.5.23")
    env = cli_env({"PYTHONPATH": str(target)})
    proc = subprocess.run(
        [sys.executable, "-S", "-m", "lint_rules", "fix", "--no-cache", bad],
        cwd=target,
        env=env,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr
    assert (target / bad).read_bytes() == want


def test_the_working_directory_itself_is_still_dropped(tmp_path):
    marker = tmp_path / "ran"
    (tmp_path / "tomllib.py").write_text(f"open({str(marker)!r}, 'w').close()\n")
    write(tmp_path, "pyproject.toml", "[tool.kvguard]\n")
    proc = subprocess.run(
        [sys.executable, "-m", "lint_rules", "check", "--no-cache", "."],
        cwd=tmp_path,
        env=cli_env(),
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr
    assert not marker.exists()


# -- 10. tab-indented files fix ----------------------------------------------------------------


def _tabbed(text: str) -> str:
    lines = []
    for line in text.splitlines(keepends=True):
        body = line.lstrip(" ")
        lines.append("\t" * ((len(line) - len(body)) // 4) + body)
    return "".join(lines)


def test_a_tab_indented_backend_is_fixed_black_stable(project):
    import black

    bad = f"{BACKEND}/tabbed_backend.py"
    mode = black.Mode(line_length=88)  # (the input black-stable first: what is left is the fix's)
    write(project, bad, _tabbed(black.format_str(BUGGY, mode=mode)))
    run = kvguard("fix", "--no-cache", bad, cwd=project)
    assert run.rc == 0, run
    fixed = (project / bad).read_text()
    assert "_resolve_swa_kv_pool" in fixed and "\t\t" in fixed
    # black re-indents with 4 spaces per level and changes nothing else
    spaced = re.sub(r"(?m)^\t+", lambda m: "    " * len(m.group()), fixed)
    assert black.format_str(spaced, mode=mode) == spaced


# -- minor items -------------------------------------------------------------------------------


def test_a_utf16_cookie_is_an_error_as_in_cpython(project):
    bad = "pkg/utf16.py"
    data = b"# coding: utf-16\nx = 1\n"
    write(project, bad, data)
    with pytest.raises(SyntaxError):
        compile(data, bad, "exec")
    check, fix, _, _ = check_and_fix(project)
    for run in (check, fix):
        assert run.rc == 2, run
        assert error_lines(run) == [
            f"error: {bad}: encoding problem: utf-16 is not ASCII-compatible "
            "(Python cannot read a source file in it)"
        ], run.err


def test_an_empty_rule_code_is_an_error(tmp_path):
    run = kvguard("rule", "", cwd=tmp_path)
    assert run.rc == 2 and run.out == ""
    assert run.err.startswith("kvguard: error: unknown rule ''")


def _launcher(args, cwd, env=None, site=True):
    return subprocess.run(
        [sys.executable, *(() if site else ("-S",)), "-m", "guardrails.launch_server", *args],
        cwd=cwd,
        env=cli_env(env),
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_launcher_names_its_option_in_errors(tmp_path):
    proc = _launcher(["--kv-pool-guard", "bogus", "--port", "1"], tmp_path)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "--kv-pool-guard='bogus' is not a valid guard mode" in proc.stderr
    assert "SGLANG_KV_POOL_GUARD" not in proc.stderr.split("error:")[1].split("(or")[0]


def test_the_launcher_without_sglang_is_one_line(tmp_path):
    proc = _launcher(["--port", "1"], tmp_path, env={"PYTHONPATH": str(REPO)}, site=False)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
    assert proc.stderr.splitlines()[-1] == (
        "python -m guardrails.launch_server: error: sglang cannot be imported here "
        "(ModuleNotFoundError: No module named 'sglang')"
    )
