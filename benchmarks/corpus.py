"""Real-corpus check: kvguard's rules (the truth's ``rules``) on every listed sglang release.

    python benchmarks/corpus.py                      # all releases in corpus_truth.json
    python benchmarks/corpus.py --versions 0.5.12.post1 0.5.23
    python benchmarks/corpus.py --write-results      # also update benchmarks/RESULTS.md

For each release it makes sure the wheel is downloaded and ``sglang/**/*.py`` extracted
(``benchmarks/sglang_wheels.py``, cache in ``${KVGUARD_CACHE:-~/.cache/kvguard}``), runs

    python -m lint_rules check --select <truth rules> --output-format json --no-cache --exit-zero <tree>/sglang

on the whole tree, maps every finding to (path, rule, enclosing function, line) -- the
enclosing function is computed here with ``ast`` from the reported line, independently of
kvguard -- and compares with the hand-built ground truth in ``benchmarks/corpus_truth.json``.

Exit status: 0 when every release matches exactly; 1 on any miss, unexpected finding, stale
truth entry or file kvguard could not process; 2 when kvguard itself failed.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Optional

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
TRUTH_FILE = HERE / "corpus_truth.json"
RESULTS_FILE = HERE / "RESULTS.md"

sys.path.insert(0, str(HERE))
import sglang_wheels  # noqa: E402

Key = tuple[str, str, str, int]  # (path, rule, function, line)


# --------------------------------------------------------------------------- truth


def load_truth(path: Path = TRUTH_FILE) -> dict[str, Any]:
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def truth_versions(truth: dict[str, Any]) -> list[str]:
    return list(truth["releases"])


def expected_keys(truth: dict[str, Any], version: str) -> dict[Key, dict[str, Any]]:
    out: dict[Key, dict[str, Any]] = {}
    for e in truth["releases"][version]:
        out[(e["path"], e["rule"], e["function"], int(e["line"]))] = e
    return out


# ------------------------------------------------------------- enclosing function


@lru_cache(maxsize=256)
def _function_spans(file: str) -> tuple[tuple[int, int, str], ...]:
    """(first line, last line, qualified name) for every function in ``file``.

    Qualified names join enclosing classes and functions with dots
    (``Class.method``, ``outer.inner``). Decorator lines belong to the function.
    """
    try:
        src = Path(file).read_bytes()
        tree = ast.parse(src)
    except (OSError, SyntaxError, ValueError):
        return ()
    spans: list[tuple[int, int, str]] = []

    def walk(node: ast.AST, stack: list[str]) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                q = stack + [child.name]
                if not isinstance(child, ast.ClassDef):
                    first = min([child.lineno] + [d.lineno for d in child.decorator_list])
                    spans.append((first, child.end_lineno or child.lineno, ".".join(q)))
                walk(child, q)
            else:
                walk(child, stack)

    walk(tree, [])
    return tuple(spans)


def enclosing_function(file: Path, line: int) -> str:
    """Innermost function containing ``line``; ``<module>`` outside any function."""
    best: Optional[tuple[int, int, str]] = None
    for first, last, name in _function_spans(str(file)):
        if first <= line <= last and (best is None or first >= best[0]):
            best = (first, last, name)
    return best[2] if best else "<module>"


# ---------------------------------------------------------------------- running


@dataclass
class ReleaseResult:
    version: str
    files: int
    seconds: float
    expected: int
    found: list[Key] = field(default_factory=list)
    missed: list[Key] = field(default_factory=list)
    unexpected: list[tuple[Key, str]] = field(default_factory=list)  # (key, message)
    stale_truth: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # files kvguard could not process
    kvguard_rc: int = 0
    kvguard_stderr: str = ""

    @property
    def ok(self) -> bool:
        return not (
            self.missed or self.unexpected or self.stale_truth or self.errors or self.kvguard_rc
        )


def kvguard_cmd(target: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "lint_rules",
        "check",
        "--select",
        ",".join(load_truth()["rules"]),
        "--output-format",
        "json",
        "--no-cache",
        "--exit-zero",
        target,
    ]


def _kvguard_env() -> dict[str, str]:
    env = dict(os.environ)
    # Make ``-m lint_rules`` resolve to this checkout even when run from the tree dir.
    env["PYTHONPATH"] = str(REPO) + (
        os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else ""
    )
    return env


def run_kvguard(tree: Path) -> tuple[int, list[dict[str, Any]], str, float]:
    """Run the CLI on ``tree/sglang`` from inside ``tree``; returns rc, findings, stderr, s."""
    t0 = time.perf_counter()
    proc = subprocess.run(
        kvguard_cmd("sglang"),
        cwd=tree,
        env=_kvguard_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    elapsed = time.perf_counter() - t0
    findings: list[dict[str, Any]] = []
    out = proc.stdout.strip()
    if out:
        try:
            data = json.loads(out)
        except json.JSONDecodeError as exc:
            return 2, [], f"unparseable JSON from kvguard ({exc}): {out[:300]}", elapsed
        if isinstance(data, dict):  # tolerate {"findings": [...]} style wrappers
            data = data.get("findings", data.get("results", []))
        findings = list(data)
    return proc.returncode, findings, proc.stderr, elapsed


def _rel(tree: Path, filename: str) -> str:
    p = Path(filename)
    if not p.is_absolute():
        p = tree / p
    try:
        return p.resolve().relative_to(tree.resolve()).as_posix()
    except ValueError:
        return Path(filename).as_posix()


def check_release(version: str, truth: dict[str, Any], quiet: bool = False) -> ReleaseResult:
    tree = sglang_wheels.ensure_tree(version, quiet=quiet)
    files = sum(1 for _ in (tree / "sglang").rglob("*.py"))
    expected = expected_keys(truth, version)
    rc, raw, stderr, seconds = run_kvguard(tree)
    res = ReleaseResult(
        version=version,
        files=files,
        seconds=seconds,
        expected=len(expected),
        kvguard_rc=rc,
        kvguard_stderr=stderr.strip()[-2000:],
    )

    # The truth must still describe this tree (catches a wrong line number or version).
    for (path, rule, func, line), e in expected.items():
        f = tree / path
        try:
            text = f.read_text(encoding="utf-8").splitlines()[line - 1].strip()
        except (OSError, IndexError):
            text = None
        if text != e.get("snippet", text):
            res.stale_truth.append(
                f"{path}:{line} {rule}: truth snippet {e.get('snippet')!r} != {text!r}"
            )
        if enclosing_function(f, line) != func:
            res.stale_truth.append(
                f"{path}:{line} {rule}: truth function {func} != {enclosing_function(f, line)}"
            )

    got: dict[Key, str] = {}
    for item in raw:
        code = item.get("code")
        filename = item.get("filename") or ""
        path = _rel(tree, filename)
        row = int((item.get("location") or {}).get("row", 0))
        if not code or not str(code).startswith("KVG"):
            # Parse/decode errors and other non-rule diagnostics.
            res.errors.append(f"{path}:{row}: {code}: {item.get('message')}")
            continue
        key = (path, code, enclosing_function(tree / path, row), row)
        got[key] = item.get("message", "")

    for key in expected:
        (res.found if key in got else res.missed).append(key)
    for key, msg in sorted(got.items()):
        if key not in expected:
            res.unexpected.append((key, msg))
    if rc not in (0,):
        res.errors.append(f"kvguard exited {rc}: {res.kvguard_stderr[-500:]}")
    return res


# ---------------------------------------------------------------------- report


def _fmt_key(k: Key) -> str:
    path, rule, func, line = k
    return f"{path}:{line} {rule} in {func}"


def table(results: Iterable[ReleaseResult]) -> str:
    rows = [
        "| release | expected found / expected | unexpected | files | seconds | status |",
        "|---|---|---|---|---|---|",
    ]
    for r in results:
        rows.append(
            f"| {r.version} | {len(r.found)} / {r.expected} | {len(r.unexpected)} | {r.files} "
            f"| {r.seconds:.2f} | {'ok' if r.ok else 'FAIL'} |"
        )
    return "\n".join(rows)


def details(results: Iterable[ReleaseResult]) -> str:
    lines: list[str] = []
    for r in results:
        if r.ok:
            continue
        lines.append(f"## {r.version}")
        for k in r.missed:
            lines.append(f"  MISS        {_fmt_key(k)}")
            near = [u for u, _ in r.unexpected if u[:3] == k[:3]]
            for u in near:
                lines.append(
                    f"              (kvguard reported the same rule/function at line {u[3]})"
                )
        for k, msg in r.unexpected:
            lines.append(f"  UNEXPECTED  {_fmt_key(k)}: {msg}")
        for s in r.stale_truth:
            lines.append(f"  STALE TRUTH {s}")
        for e in r.errors:
            lines.append(f"  ERROR       {e}")
    return "\n".join(lines)


def machine_line() -> str:
    import platform

    cpu = platform.processor() or platform.machine()
    try:
        for ln in Path("/proc/cpuinfo").read_text().splitlines():
            if ln.startswith("model name"):
                cpu = ln.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        load = "%.2f %.2f %.2f" % os.getloadavg()
    except OSError:
        load = "n/a"
    return f"{os.cpu_count()} cores, {cpu}, Python {platform.python_version()}, " f"load avg {load}"


def git_revision() -> str:
    """Short HEAD, noting uncommitted changes under lint_rules/."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--", "lint_rules"],
            cwd=REPO,
            capture_output=True,
            text=True,
        ).stdout.strip()
        return (head or "unknown") + (" + uncommitted lint_rules changes" if dirty else "")
    except OSError:
        return "unknown"


def update_results_section(name: str, body: str, path: Path = RESULTS_FILE) -> None:
    """Replace (or append) the ``<!-- name:begin -->`` ... ``<!-- name:end -->`` block."""
    begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
    text = (
        path.read_text(encoding="utf-8")
        if path.exists()
        else (
            "# kvguard benchmark results\n\n"
            "Generated by `benchmarks/corpus.py --write-results` and `benchmarks/speed.py`; "
            "do not edit by hand.\n\n"
        )
    )
    block = f"{begin}\n{body.rstrip()}\n{end}"
    if begin in text and end in text:
        pre, rest = text.split(begin, 1)
        _, post = rest.split(end, 1)
        text = pre + block + post
    else:
        text = text.rstrip() + "\n\n" + block + "\n"
    path.write_text(text, encoding="utf-8")


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--versions", nargs="+", help="releases to check (default: all in the truth)")
    ap.add_argument("--truth", type=Path, default=TRUTH_FILE)
    ap.add_argument("--write-results", action="store_true", help="update benchmarks/RESULTS.md")
    ap.add_argument("--json", type=Path, help="also write the per-release results as JSON here")
    ap.add_argument("-q", "--quiet", action="store_true", help="no download progress")
    args = ap.parse_args(argv)

    truth = load_truth(args.truth)
    versions = args.versions or truth_versions(truth)
    unknown = [v for v in versions if v not in truth["releases"]]
    if unknown:
        print(f"no ground truth for: {', '.join(unknown)}", file=sys.stderr)
        return 2

    results: list[ReleaseResult] = []
    t_all = time.perf_counter()
    for i, v in enumerate(versions, 1):
        print(f"[{i}/{len(versions)}] sglang {v} ...", file=sys.stderr, flush=True)
        r = check_release(v, truth, quiet=args.quiet)
        results.append(r)
        print(
            f"    {len(r.found)}/{r.expected} expected found, {len(r.unexpected)} unexpected, "
            f"{r.files} files, {r.seconds:.2f}s{'' if r.ok else '  <-- FAIL'}",
            file=sys.stderr,
            flush=True,
        )

    print(table(results))
    det = details(results)
    if det:
        print()
        print(det)
    total_found = sum(len(r.found) for r in results)
    total_exp = sum(r.expected for r in results)
    total_unexp = sum(len(r.unexpected) for r in results)
    print(
        f"\nTOTAL: {total_found}/{total_exp} expected found, {total_unexp} unexpected, "
        f"{len(results)} releases, {time.perf_counter() - t_all:.1f}s"
    )

    if args.json:
        args.json.write_text(
            json.dumps(
                [
                    {
                        "version": r.version,
                        "files": r.files,
                        "seconds": r.seconds,
                        "expected": r.expected,
                        "found": [list(k) for k in r.found],
                        "missed": [list(k) for k in r.missed],
                        "unexpected": [list(k) + [m] for k, m in r.unexpected],
                        "stale_truth": r.stale_truth,
                        "errors": r.errors,
                        "ok": r.ok,
                    }
                    for r in results
                ],
                indent=2,
            )
        )
    if args.write_results:
        body = (
            "## Corpus: the truth's rules on real sglang releases (PyPI wheels)\n\n"
            f"`python benchmarks/corpus.py` -- kvguard commit {git_revision()}; machine: {machine_line()}; "
            f"run at {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}.\n"
            "Seconds = one cold `kvguard check --no-cache` of the whole extracted `sglang/` tree.\n\n"
            + table(results)
            + (f"\n\nDetails:\n\n```\n{det}\n```" if det else "")
            + f"\n\nTotal: {total_found}/{total_exp} expected found, {total_unexp} unexpected.\n"
        )
        update_results_section("corpus", body)
    if any(r.kvguard_rc not in (0,) for r in results):
        return 2
    return 0 if all(r.ok for r in results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
