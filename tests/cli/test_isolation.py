"""The linter never imports what it reads, and never imports libcst when nothing needs a parse."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import BUGGY, CLEAN, REPO, run_kvguard, write


def in_process(project: Path, *args: str) -> tuple[int, bool, str]:
    """Run the CLI in a fresh interpreter; report (exit status, libcst imported?, stderr)."""
    code = (
        "import sys\n"
        "from lint_rules.cli import main\n"
        f"rc = main({list(args)!r})\n"
        "sys.stdout.flush()\n"
        "sys.stderr.write('\\nLIBCST=%s RC=%d\\n' % ('libcst' in sys.modules, rc))\n"
    )
    env = dict(os.environ, PYTHONPATH=str(REPO))
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=project, capture_output=True, text=True, env=env
    )
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith("LIBCST="), proc.stderr
    imported = last.split()[0] == "LIBCST=True"
    return int(last.split("RC=")[1]), imported, proc.stderr


def test_no_libcst_import_when_nothing_needs_parsing(project):
    write(project, "clean_backend.py", CLEAN.replace("token_to_kv_pool_allocator", "other_attr"))
    for i in range(30):
        write(project, f"pkg/m{i}.py", f"import os\nX{i} = os.sep\n")
    write(project, "pkg/mentions.py", "# token_to_kv_pool_allocator is not used here\n")
    rc, imported, err = in_process(project, "check", "--no-cache")
    assert rc == 0 and imported is False, err
    # Cached run, other formats, rule listing as JSON: still no parser.
    for args in (
        ["check"],
        ["check"],
        ["check", "--output-format", "sarif"],
        ["check", "--statistics"],
    ):
        rc, imported, err = in_process(project, *args)
        assert rc == 0 and imported is False, (args, err)


def test_libcst_is_imported_when_a_file_needs_it(project):
    # The counterpart: proves the probe above can see an import.
    write(project, "b.py", BUGGY)
    rc, imported, err = in_process(project, "check", "--no-cache")
    assert rc == 1 and imported is True, err


def test_cached_findings_need_no_parser(project):
    path = write(project, "b.py", BUGGY)
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns - 60 * 10**9))
    rc, imported, _ = in_process(project, "check")
    assert rc == 1 and imported is True
    rc, imported, err = in_process(project, "check")
    assert rc == 1 and imported is False, err


MARKER_CODE = "open({marker!r}, 'a').write({name!r} + '\\n')\n"


@pytest.mark.parametrize("fix", [False, True])
def test_linted_code_is_never_imported_or_executed(project, tmp_path_factory, fix):
    marker = tmp_path_factory.mktemp("marker") / "executed.txt"
    names = [
        "conftest.py",
        "setup.py",
        "__init__.py",
        "__main__.py",
        "sitecustomize.py",
        "usercustomize.py",
        "libcst.py",  # would shadow the parser for `python -m lint_rules` run from here
        "tomllib.py",
        "difflib.py",
        "argparse.py",
        "dataclasses.py",
        "json.py",
        "hashlib.py",
        "pkg/__init__.py",
        "pkg/attention_backend.py",
    ]
    for name in names:
        body = MARKER_CODE.format(marker=str(marker), name=name)
        if name.endswith("attention_backend.py"):
            body += BUGGY  # needs a real parse + analysis
        write(project, name, body)
    (project / "pyproject.toml").write_text(
        "[tool.kvguard]\nextend-select = ['KVG004']\n", encoding="utf-8"
    )
    args = ["check", "--no-cache", "."] + (["--fix", "--unsafe-fixes"] if fix else [])
    run = run_kvguard(*args, cwd=project)
    assert run.rc == (0 if fix else 1), run
    assert ("fixed" in run.out) if fix else ("KVG001" in run.out), run
    assert not marker.exists(), marker.read_text()
    # Also with the console script and through stdin.
    exe = Path(sys.executable).with_name("kvguard")
    if exe.exists():
        subprocess.run([str(exe), *args], cwd=project, capture_output=True, timeout=300)
        assert not marker.exists(), marker.read_text()
    run_kvguard(
        "check",
        "--stdin-filename",
        "pkg/attention_backend.py",
        cwd=project,
        stdin=(project / "pkg/attention_backend.py").read_bytes(),
    )
    assert not marker.exists(), marker.read_text()
