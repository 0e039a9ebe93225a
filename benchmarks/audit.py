"""The audit mode (`all-code = true`) on the newest extracted sglang tree: what it reports.

    python benchmarks/audit.py            # print
    python benchmarks/audit.py --write    # also replace the audit section of RESULTS.md

Two runs of the default rules over the whole tree:

* `backend-paths = ["**"]`: every file counts as backend code -- what `all-code` meant before
  it was redefined (the noise of issue 12: scheduler / mem_cache / disaggregation code);
* `all-code = true`: backend-like code anywhere (lint_rules/audit.py).

Every finding is printed with its reviewed verdict (REVIEWED, by reading the code); a finding
without one is UNREVIEWED and fails the run, and the false-positive count is printed.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))
import sglang_wheels  # noqa: E402

VERSION = "0.5.23"

# (file, code, enclosing context) -> (is it a false positive?, why). From reading 0.5.23.
REVIEWED: dict[tuple[str, str, str], tuple[bool, str]] = {}


def run(tree: Path, config: str) -> list[dict]:
    with tempfile.TemporaryDirectory() as tmp:
        cfg = Path(tmp) / "kvguard.toml"
        cfg.write_text(config + "\n")
        cmd = [
            sys.executable,
            "-m",
            "lint_rules",
            "check",
            "--no-cache",
            "--exit-zero",
            "--output-format",
            "json",
            "--config",
            str(cfg),
            "sglang",
        ]
        env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
        p = subprocess.run(cmd, cwd=tree, capture_output=True, text=True, env=env)
    if p.returncode not in (0, 1):
        raise SystemExit(f"kvguard failed ({p.returncode}): {p.stderr[-2000:]}")
    out = []
    for f in json.loads(p.stdout):
        if f.get("code"):
            i = f["filename"].find("sglang/")  # shown relative to the config's directory
            out.append(dict(f, filename=f["filename"][i:] if i >= 0 else f["filename"]))
    return out


def _context(tree: Path, f: dict) -> str:
    sys.path.insert(0, str(HERE))
    import corpus

    return corpus.enclosing_function(tree / f["filename"], f["location"]["row"])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args(argv)
    tree = sglang_wheels.ensure_tree(VERSION, quiet=True)
    rev = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True
    ).stdout.strip()
    lines = [
        f"`python benchmarks/audit.py` -- kvguard commit {rev}; sglang {VERSION} wheel tree; "
        f"run at {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}.",
        "",
    ]
    old = run(tree, 'backend-paths = ["**"]')
    by_dir = Counter(
        f["filename"].split("/")[2] if f["filename"].count("/") > 2 else f["filename"] for f in old
    )
    lines.append(
        f"Every file as backend code (the former `all-code`): {len(old)} findings "
        f"({', '.join(f'{d}: {n}' for d, n in by_dir.most_common())})."
    )
    lines.append("")
    new = run(tree, "all-code = true")
    unreviewed = fps = 0
    lines.append(f"`all-code = true` (backend-like code anywhere): {len(new)} findings.")
    lines.append("")
    if new:
        lines.append("| file:line | code | context | verdict |")
        lines.append("|---|---|---|---|")
    for f in sorted(new, key=lambda f: (f["filename"], f["location"]["row"])):
        ctx = _context(tree, f)
        verdict = REVIEWED.get((f["filename"], f["code"], ctx))
        if verdict is None:
            unreviewed += 1
            text = "UNREVIEWED"
        else:
            fps += verdict[0]
            text = ("false positive: " if verdict[0] else "true positive: ") + verdict[1]
        lines.append(f"| {f['filename']}:{f['location']['row']} | {f['code']} | {ctx} | {text} |")
    lines.append("")
    lines.append(
        f"False positives in the audit mode: {fps} of {len(new)} ({unreviewed} unreviewed)."
    )
    text = "\n".join(lines)
    print(text)
    if args.write:
        results = HERE / "RESULTS.md"
        body = results.read_text()
        section = f"<!-- audit:begin -->\n## Audit mode (`all-code`) on sglang {VERSION}\n\n{text}\n<!-- audit:end -->"
        if "<!-- audit:begin -->" in body:
            head, rest = body.split("<!-- audit:begin -->", 1)
            body = head + section + rest.split("<!-- audit:end -->", 1)[1]
        else:
            body = body.rstrip("\n") + "\n\n" + section + "\n"
        results.write_text(body)
    return 1 if unreviewed else 0


if __name__ == "__main__":
    sys.exit(main())
