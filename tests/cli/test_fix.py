"""--fix / --unsafe-fixes / `kvguard fix` / --diff: real rewrites through the lead's fixer,
written atomically in the file's own encoding, BOM and newlines; --diff writes nothing."""

from __future__ import annotations

import codecs
import json
import os
import stat

from .conftest import BUGGY, CLEAN, needs_fixer, write

pytestmark = needs_fixer

# A module-level helper under layers/attention/: findings without an automatic fix.
UNFIXABLE = (
    "def update_window(loc, token_to_kv_pool_allocator=None):\n"
    '    if hasattr(token_to_kv_pool_allocator, "translate_loc_from_full_to_swa"):\n'
    "        return token_to_kv_pool_allocator.translate_loc_from_full_to_swa(loc)\n"
    "    return loc\n"
)


def snapshot(root):
    return {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(root.rglob("*.py"))}


def test_safe_fix_only_leaves_unsafe_fixes_alone(kv, project):
    path = write(project, "b.py", BUGGY)
    before = path.read_bytes()
    run = kv("check", "--fix", "--no-cache")
    assert run.rc == 1, run
    assert path.read_bytes() == before
    assert "--unsafe-fixes" in run.out


def test_unsafe_fix_rewrites_atomically_and_keeps_mode(kv, project):
    path = write(project, "b.py", BUGGY)
    os.chmod(path, 0o640)
    run = kv("check", "--fix", "--unsafe-fixes", "--no-cache")
    assert run.rc == 0, run
    assert "fixed" in run.out and "0 remaining" in run.out
    text = path.read_text(encoding="utf-8")
    assert "isinstance(allocator, SWATokenToKVPoolAllocator)" not in text
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert sorted(p.name for p in project.iterdir() if p.name.startswith(".kvguard-")) == []
    # The fixed file is clean on a fresh run, and `kvguard fix` is then a no-op.
    assert kv("check", "--no-cache").rc == 0
    again = path.read_bytes()
    assert kv("fix", "--no-cache").rc == 0 and path.read_bytes() == again


def test_fix_command_equals_check_fix_unsafe(kv, project, tmp_path_factory):
    a = write(project, "a/b.py", BUGGY)
    b = write(project, "c/b.py", BUGGY)
    r1 = kv("fix", "a", "--no-cache")
    r2 = kv("check", "--fix", "--unsafe-fixes", "c", "--no-cache")
    assert r1.rc == r2.rc == 0
    assert a.read_bytes() == b.read_bytes() != BUGGY.encode()


def test_fix_with_unfixable_findings_still_fails(kv, project):
    fixable = write(project, "b.py", BUGGY)
    unfixable = write(project, "layers/attention/helper.py", UNFIXABLE)
    run = kv("fix", "--no-cache", "--output-format", "json")
    assert run.rc == 1, run
    items = json.loads(run.out)
    assert {i["filename"].rsplit("/", 1)[-1] for i in items} == {"helper.py"}
    assert fixable.read_text(encoding="utf-8") != BUGGY
    assert unfixable.read_text(encoding="utf-8") == UNFIXABLE


def test_diff_writes_nothing(kv, project):
    write(project, "b.py", BUGGY)
    write(project, "layers/attention/helper.py", UNFIXABLE)
    write(project, "c.py", CLEAN)
    before = snapshot(project)
    run = kv("fix", "--diff", "--no-cache")
    assert run.rc == 1, run
    assert snapshot(project) == before
    assert run.out.startswith("--- b.py\n+++ b.py\n@@ ")
    assert (
        "-        self.use_sliding_window_kv_pool = isinstance(allocator, SWATokenToKVPoolAllocator)\n"
        in run.out
    )
    assert "helper.py" not in run.out
    assert "Would fix 3 errors." in run.err
    # The diff is exactly what `fix` then writes.
    fixed_copy = write(project, "copy/b.py", BUGGY)
    kv("fix", "copy", "--no-cache")
    new_lines = [
        ln[1:]
        for ln in run.out.splitlines(keepends=True)
        if ln.startswith("+") and not ln.startswith("+++")
    ]
    assert all(line in fixed_copy.read_text(encoding="utf-8") for line in new_lines)
    # Nothing to fix: exit 0, still nothing written.
    (project / "b.py").unlink()
    (project / "copy" / "b.py").unlink()
    quiet = kv("fix", "--diff", "--no-cache")
    assert quiet.rc == 0 and quiet.out == "", quiet
    # `check --diff` considers safe fixes only: the example's fixes are unsafe.
    write(project, "b.py", BUGGY)
    assert kv("check", "--diff", "--no-cache").rc == 0
    assert kv("check", "--diff", "--unsafe-fixes", "--no-cache").rc == 1


def test_fix_keeps_encoding_bom_and_newlines(kv, project):
    latin = ("# -*- coding: latin-1 -*-\n# Caf\u00e9 backend\n" + BUGGY).replace("\n", "\r\n")
    p1 = write(project, "latin/b.py", latin.encode("latin-1"))
    p2 = write(project, "bom/b.py", codecs.BOM_UTF8 + ("# Caf\u00e9\n" + BUGGY).encode("utf-8"))
    run = kv("fix", "--no-cache")
    assert run.rc == 0, run
    d1 = p1.read_bytes()
    assert d1.startswith(b"# -*- coding: latin-1 -*-\r\n# Caf\xe9 backend\r\n")
    assert b"\n" not in d1.replace(b"\r\n", b""), "mixed newlines after fix"
    assert d1.decode("latin-1") != latin
    d2 = p2.read_bytes()
    assert (
        d2.startswith(codecs.BOM_UTF8 + "# Caf\u00e9\n".encode()) and d2.count(codecs.BOM_UTF8) == 1
    )
    assert "_resolve_swa_kv_pool" in d2.decode("utf-8-sig")


def test_stdin_fix_writes_source_to_stdout(kv, project):
    run = kv(
        "check", "--fix", "--unsafe-fixes", "--stdin-filename", "pkg/b.py", stdin=BUGGY.encode()
    )
    assert run.rc == 0, run
    out = run.stdout_bytes.decode("utf-8")
    assert (
        "_resolve_swa_kv_pool" in out
        and "isinstance(allocator, SWATokenToKVPoolAllocator)" not in out
    )
    assert not (project / "pkg").exists()
    # Unfixable: the source comes back unchanged, the findings go to stderr, exit 1.
    run = kv("fix", "--stdin-filename", "layers/attention/h.py", stdin=UNFIXABLE.encode())
    assert run.rc == 1 and run.stdout_bytes == UNFIXABLE.encode()
    assert "KVG001" in run.err
    # --diff with stdin prints the diff.
    run = kv("fix", "--diff", "--stdin-filename", "b.py", stdin=BUGGY.encode())
    assert run.rc == 1 and run.out.startswith("--- b.py\n+++ b.py\n")


def test_fix_then_cache_is_consistent(kv, project):
    path = write(project, "b.py", BUGGY)
    assert kv("check").rc == 1
    assert kv("fix").rc == 0
    run = kv("check", "--output-format", "json")
    assert run.rc == 0 and json.loads(run.out) == [], run
    path.write_text(BUGGY, encoding="utf-8")
    assert kv("check").rc == 1


def test_fix_that_cannot_be_written_leaves_the_file_and_exits_2(kv, project):
    import subprocess

    import pytest

    locked = project / "locked"
    path = write(project, "locked/b.py", BUGGY)
    other = write(project, "free/b.py", BUGGY)
    # An immutable directory: even root cannot create the temporary file in it.
    if subprocess.run(["chattr", "+i", str(locked)], capture_output=True).returncode != 0:
        pytest.skip("chattr +i not permitted here")
    try:
        run = kv("fix", "--no-cache")
    finally:
        subprocess.run(["chattr", "-i", str(locked)], check=True)
    assert run.rc == 2, run
    assert "locked/b.py: fix not applied: cannot write" in run.err
    assert path.read_text(encoding="utf-8") == BUGGY
    assert sorted(p.name for p in locked.iterdir()) == ["b.py"]
    # The other file was still fixed.
    assert other.read_text(encoding="utf-8") != BUGGY


def test_fix_in_parallel_is_identical(kv, project):
    variants = [
        BUGGY.replace("ToySlidingWindowAttnBackend", f"Toy{i}AttnBackend") for i in range(6)
    ]
    for j in (1, 2, 3):
        for i, text in enumerate(variants):
            write(project, f"j{j}/b{i}.py", text)
    write(project, "j1/layers/attention/helper.py", UNFIXABLE)
    write(project, "j2/layers/attention/helper.py", UNFIXABLE)
    write(project, "j3/layers/attention/helper.py", UNFIXABLE)
    runs = {
        j: kv("fix", f"j{j}", "--no-cache", "--jobs", str(j), "--output-format", "concise")
        for j in (1, 2, 3)
    }
    for j, run in runs.items():
        assert run.rc == 1, run
        assert run.out.replace(f"j{j}/", "jX/") == runs[1].out.replace("j1/", "jX/")
        assert "18 fixed" in run.out
    for i in range(6):
        fixed = {(project / f"j{j}" / f"b{i}.py").read_bytes() for j in (1, 2, 3)}
        assert len(fixed) == 1 and fixed != {variants[i].encode()}


# The all-code audit's bad case (issue 12): scheduler code with the allocator probe. The old
# fixer rewrote it (the PrefillAdder passed as `model_runner`), misplaced an import, reported
# "fixed" and exited 0. Now: no fix, the reason in the message, nothing written, exit 1.
SCHEDULER = (
    "from sglang.srt.environ import envs\n"
    "from sglang.srt.mem_cache.swa_memory_pool import SWATokenToKVPoolAllocator\n"
    "\n\n"
    "class PrefillAdder:\n"
    "    def __init__(self, token_to_kv_pool_allocator):\n"
    "        self.token_to_kv_pool_allocator = token_to_kv_pool_allocator\n"
    "        self.is_hybrid_swa = isinstance(\n"
    "            self.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator\n"
    "        )\n"
    "\n"
    "    # reads KV through the active pool: backend-like, so the audit mode reports it\n"
    "    def peek(self, runner, layer_id):\n"
    "        pool = runner.token_to_kv_pool\n"
    "        if self.is_hybrid_swa:\n"
    "            pool = pool.swa_kv_pool\n"
    "        return pool.get_key_buffer(layer_id)\n"
)


def test_audit_mode_never_fixes_scheduler_code(kv, project):
    (project / "pyproject.toml").write_text("[tool.kvguard]\nall-code = true\n", encoding="utf-8")
    path = write(project, "sglang/srt/managers/schedule_policy.py", SCHEDULER)
    run = kv("fix", "--no-cache", "--output-format", "json")
    assert run.rc == 1, run
    items = json.loads(run.out)
    assert [i["code"] for i in items] == ["KVG001"] and items[0]["fix"] is None
    assert "no automatic fix: `PrefillAdder` is not attention-backend code" in items[0]["message"]
    assert path.read_text(encoding="utf-8") == SCHEDULER
    assert "fixed" not in run.err.lower()


def test_fast_exit_delivers_all_output_and_the_status(kv, project, monkeypatch):
    """``python -m lint_rules`` (and the ``kvguard`` script) end without the interpreter's
    teardown (``cli.entry``): everything written must still arrive, with the same exit status,
    as from ``cli.main`` in this process — a large JSON report and a ``--diff``."""
    import contextlib
    import io

    from lint_rules import cli

    for i in range(40):
        write(project, f"pkg{i}/b.py", BUGGY)
    for args in (
        ("check", "--no-cache", "--output-format", "json"),
        ("fix", "--diff", "--no-cache"),
    ):
        run = kv(*args)
        out = io.StringIO()
        monkeypatch.chdir(project)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            rc = cli.main(list(args))
        assert (run.rc, run.out) == (rc, out.getvalue())
        assert len(run.out) > 40_000
    report = json.loads(kv("check", "--no-cache", "--output-format", "json").out)
    assert len(report) == 40 * len(
        json.loads(kv("check", "--no-cache", "pkg0", "--output-format", "json").out)
    )


def test_fast_exit_leaves_a_profiler_its_report(project, tmp_path):
    """Under ``python -m cProfile`` (what ``benchmarks/speed.py --profile`` runs) the usual
    exit runs, so the profiler still writes its statistics."""
    import subprocess
    import sys

    write(project, "pkg/b.py", BUGGY)
    prof = tmp_path / "kvguard.prof"
    run = subprocess.run(
        [sys.executable, "-m", "cProfile", "-o", str(prof), "-m", "lint_rules", "check", "pkg"],
        cwd=project,
        capture_output=True,
        text=True,
    )
    assert "KVG001" in run.stdout, (run.stdout, run.stderr)
    assert prof.stat().st_size > 0
