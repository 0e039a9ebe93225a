"""Corpus round-trip: `kvguard fix` over every file of real sglang releases.

For each release (extracted trees cached by ``benchmarks/sglang_wheels.py``):

1. the whole tree is copied to a temporary directory and the real CLI runs on the copy:
   ``python -m lint_rules fix --no-cache --isolated --output-format json .``;
2. independently, in this process, every ``.py`` file of the original tree goes through
   ``lint_rules.fixer.fix_text`` with the same display path the CLI uses (files the sound
   prefilter rules out come back at once, unparsed; the others are parsed, fixed and put through
   the fixer's safety net);
3. the copy is compared with the original, file by file, byte for byte: a file without a fix
   must be byte-identical; a fixed file must equal the expected fixed text in the file's own
   encoding/BOM/newlines; no file may appear or disappear (no stray temporary files).
   Every fixed text is also checked here, independently of the fixer's own safety net: it
   compiles with CPython's ``compile``, re-lints with exactly the findings the fixer says remain
   (none of the fixed ones), and fixing it again changes nothing.

A *failure* is any of: a crash (an exception out of ``fix_text``), a fix whose safety net
failed, a file the CLI reported as an error, a byte difference, a stray or missing file, a fixed
text that does not compile / re-lint / stay fixed, or a CLI exit status that does not match the
results.  The script prints one benchmark-style row per release and exits 1 on any failure::

    python benchmarks/roundtrip.py                 # the 12 default releases
    python benchmarks/roundtrip.py 0.5.12.post1 0.5.23
    python benchmarks/roundtrip.py --all --json out.json
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Optional

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import sglang_wheels  # noqa: E402

# Every boundary of the bug family (12 releases): all of sglang_wheels.RELEASES but the late
# releases that only repeat 0.5.14's clean state.
DEFAULT_RELEASES = tuple(
    v for v in sglang_wheels.RELEASES if v not in ("0.5.16", "0.5.18", "0.5.20", "0.5.22")
)


@dataclass
class ReleaseRow:
    version: str
    files: int = 0  # .py files in the tree
    parsed: int = 0  # files the prefilter sent to the parser
    findings: int = 0  # findings before the fix
    fixes: int = 0  # findings the fix removed
    fixed_files: int = 0  # files rewritten
    remaining: int = 0  # findings left after the fix (no fix for them)
    unchanged: int = 0  # files proven byte-identical after `kvguard fix`
    failures: list[str] = field(default_factory=list)
    cli_rc: Optional[int] = None
    cli_seconds: float = 0.0
    check_seconds: float = 0.0


def _kvguard_env() -> dict:
    env = dict(os.environ)
    env.pop("KVGUARD_OUTPUT_FORMAT", None)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH")) if p)
    return env


def _tree_files(root: Path) -> dict[str, Path]:
    """Every regular file under ``root`` (POSIX relative path -> path); links not followed."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for name in filenames:
            p = Path(dirpath) / name
            out[p.relative_to(root).as_posix()] = p
    return out


def _keys(findings) -> Counter:
    return Counter((f.code, f.context, f.message) for f in findings)


def roundtrip_release(version: str, jobs: Optional[int] = None, quiet: bool = True) -> ReleaseRow:
    return roundtrip_tree(version, sglang_wheels.ensure_tree(version, quiet=quiet), jobs=jobs)


def roundtrip_tree(
    label: str, tree: Path, jobs: Optional[int] = None, cli: Optional[list[str]] = None
) -> ReleaseRow:
    """Round-trip one tree (``cli``: the command to run on the copy instead of `kvguard fix`;
    the tests use it to prove that a tampering fixer is caught)."""
    from lint_rules.checker import lint_text, needs_parse
    from lint_rules.config import Config
    from lint_rules.fixer import fix_text
    from lint_rules.registry import resolve_codes
    from lint_rules.source import SourceDecodeError, SourceEncodeError, decode_source, encode_source

    row = ReleaseRow(label)
    config = Config(root=str(tree))
    codes = resolve_codes(layers=[config.selection_layer()])
    scope = config.scope

    with tempfile.TemporaryDirectory(prefix=f"kvguard-roundtrip-{label}-") as tmp:
        copy = Path(tmp) / "tree"
        shutil.copytree(
            tree, copy, symlinks=True, ignore=shutil.ignore_patterns(sglang_wheels.STAMP)
        )
        originals = {rel: p.read_bytes() for rel, p in _tree_files(copy).items()}

        # 1. the real CLI, on the copy
        started = time.perf_counter()
        cmd = [
            sys.executable,
            "-m",
            "lint_rules",
            "fix",
            "--no-cache",
            "--isolated",
            "--output-format",
            "json",
            ".",
        ]
        if jobs:
            cmd[4:4] = ["--jobs", str(jobs)]
        if cli is not None:
            cmd = list(cli)
        proc = subprocess.run(cmd, cwd=copy, capture_output=True, env=_kvguard_env(), timeout=1800)
        row.cli_seconds = time.perf_counter() - started
        row.cli_rc = proc.returncode
        stderr = proc.stderr.decode("utf-8", "replace")
        for line in stderr.splitlines():
            if line.startswith("error:") or "Traceback" in line or "internal error" in line:
                row.failures.append(f"CLI: {line}")
        try:
            cli_remaining = [i for i in json.loads(proc.stdout) if i.get("code")]
        except ValueError:
            row.failures.append(f"CLI: output is not JSON (rc {proc.returncode}): {stderr[-500:]}")
            cli_remaining = []

        # 2. the expected result of every file, computed here (display path as the CLI has it)
        started = time.perf_counter()
        after = {rel: p.read_bytes() for rel, p in _tree_files(copy).items()}
        cwd = os.getcwd()
        os.chdir(copy)  # fix_text reads sglang/version.py relative to the display path
        try:
            for rel, data in sorted(originals.items()):
                if not rel.endswith((".py", ".pyi")):
                    if after.get(rel) != data:
                        row.failures.append(f"{rel}: a non-Python file changed")
                    continue
                row.files += 1
                try:
                    source = decode_source(data)
                except SourceDecodeError as exc:
                    row.failures.append(f"{rel}: cannot decode: {exc}")
                    continue
                if needs_parse(source.text, rel, codes, scope):
                    row.parsed += 1
                try:
                    outcome = fix_text(source.text, rel, codes, scope, None, True)
                except Exception as exc:  # fix_text promises never to raise
                    row.failures.append(
                        f"{rel}: CRASH {type(exc).__name__}: {exc}\n{traceback.format_exc()}"
                    )
                    continue
                lint = outcome.lint
                if lint is not None and lint.error:
                    row.failures.append(f"{rel}: lint error: {lint.error}")
                row.findings += len(outcome.remaining) + len(outcome.fixed)
                row.remaining += len(outcome.remaining)
                if outcome.error:
                    row.failures.append(f"{rel}: fix safety net failed: {outcome.error}")
                    expected = data
                elif outcome.new_text == source.text:
                    expected = data
                else:
                    row.fixes += len(outcome.fixed)
                    row.fixed_files += 1
                    try:
                        expected = encode_source(outcome.new_text, source.encoding, source.bom)
                    except SourceEncodeError as exc:
                        row.failures.append(f"{rel}: fixed text cannot be encoded: {exc}")
                        expected = data
                    else:
                        row.failures.extend(
                            _verify_fixed(rel, outcome, codes, scope, lint_text, fix_text)
                        )
                got = after.get(rel)
                if got is None:
                    row.failures.append(f"{rel}: missing after `kvguard fix`")
                elif got != expected:
                    what = (
                        "changed although nothing was to be fixed"
                        if expected is data
                        else "differs from the expected fix"
                    )
                    row.failures.append(f"{rel}: {what}")
                elif expected is data:
                    row.unchanged += 1
        finally:
            os.chdir(cwd)
        for rel in sorted(set(after) - set(originals)):
            row.failures.append(f"{rel}: stray file left by `kvguard fix`")
        row.check_seconds = time.perf_counter() - started

        # 3. the CLI's own account must agree
        if len(cli_remaining) != row.remaining:
            row.failures.append(
                f"CLI reports {len(cli_remaining)} remaining findings, expected {row.remaining}"
            )
        errors = any(f.startswith("CLI: error:") for f in row.failures)
        want_rc = 2 if errors else (1 if row.remaining else 0)
        if proc.returncode != want_rc:
            row.failures.append(
                f"CLI exit status {proc.returncode}, expected {want_rc}: {stderr[-500:]}"
            )
    return row


def _verify_fixed(rel, outcome, codes, scope, lint_text, fix_text) -> list[str]:
    """Independent checks of one fixed text (not trusting the fixer's own safety net)."""
    problems = []
    try:
        compile(outcome.new_text, rel, "exec", dont_inherit=True)
    except SyntaxError as exc:
        return [f"{rel}: fixed text does not compile: {exc}"]
    relint = lint_text(outcome.new_text, rel, codes, scope)
    if relint.error:
        return [f"{rel}: fixed text does not re-lint: {relint.error}"]
    if _keys(relint.findings) != _keys(outcome.remaining):
        problems.append(
            f"{rel}: re-lint of the fix gives {sorted(_keys(relint.findings))}, fixer said {sorted(_keys(outcome.remaining))}"
        )
    gone = _keys(outcome.fixed)
    before = _keys(outcome.lint.findings) if outcome.lint is not None else gone
    left = _keys(relint.findings)
    for key, n in gone.items():
        if left[key] > before[key] - n:
            problems.append(f"{rel}: fixed finding {key[0]} in {key[1]} is still there")
    again = fix_text(outcome.new_text, rel, codes, scope, None, True)
    if again.error or again.new_text != outcome.new_text:
        problems.append(
            f"{rel}: fixing the fixed text again changes it ({again.error or 'not idempotent'})"
        )
    return problems


HEADER = (
    f"{'release':<14}{'files':>7}{'parsed':>8}{'findings':>10}{'fixes':>7}{'fixed files':>13}"
    f"{'remaining':>11}{'unchanged':>11}{'failures':>10}{'cli rc':>8}{'cli s':>8}{'check s':>9}"
)


def format_row(r: ReleaseRow) -> str:
    return (
        f"{r.version:<14}{r.files:>7}{r.parsed:>8}{r.findings:>10}{r.fixes:>7}{r.fixed_files:>13}"
        f"{r.remaining:>11}{r.unchanged:>11}{len(r.failures):>10}{str(r.cli_rc):>8}"
        f"{r.cli_seconds:>8.1f}{r.check_seconds:>9.1f}"
    )


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("versions", nargs="*", help=f"releases (default: {' '.join(DEFAULT_RELEASES)})")
    ap.add_argument("--all", action="store_true", help="every release sglang_wheels knows")
    ap.add_argument("--jobs", type=int, default=None, help="--jobs for the CLI run")
    ap.add_argument("--json", metavar="PATH", help="also write the rows as JSON")
    ap.add_argument("-v", "--verbose", action="store_true", help="download/extract progress")
    args = ap.parse_args(argv)
    versions = (
        list(sglang_wheels.RELEASES) if args.all else (args.versions or list(DEFAULT_RELEASES))
    )

    print(HEADER, flush=True)
    rows = []
    for version in versions:
        row = roundtrip_release(version, jobs=args.jobs, quiet=not args.verbose)
        rows.append(row)
        print(format_row(row), flush=True)
    total = ReleaseRow("total")
    for r in rows:
        for name in (
            "files",
            "parsed",
            "findings",
            "fixes",
            "fixed_files",
            "remaining",
            "unchanged",
        ):
            setattr(total, name, getattr(total, name) + getattr(r, name))
        total.failures += r.failures
        total.cli_seconds += r.cli_seconds
        total.check_seconds += r.check_seconds
    print(format_row(total))
    for r in rows:
        for f in r.failures[:20]:
            print(f"FAIL {r.version}: {f}", file=sys.stderr)
        if len(r.failures) > 20:
            print(f"FAIL {r.version}: ... {len(r.failures) - 20} more", file=sys.stderr)
    if args.json:
        Path(args.json).write_text(
            json.dumps([asdict(r) for r in rows], indent=2) + "\n", encoding="utf-8"
        )
    return 1 if total.failures else 0


if __name__ == "__main__":
    sys.exit(main())
