"""`kvguard check --add-noqa` over the attention backends of every corpus release.

For each release in ${KVGUARD_CACHE:-~/.cache/kvguard}/corpus (benchmarks/sglang_wheels.py): copy
sglang/srt/layers/attention to a temporary project (no formatter config: 88 columns), note which
files black leaves unchanged, run --add-noqa, then print per release: findings, how many are now
suppressed, how many --add-noqa listed as not suppressible, files changed, whether any changed
file's code (tokens other than comments) changed, and how many black-stable files became
unstable. Slow (black on every file): minutes per release on a loaded machine.

    python benchmarks/add_noqa_sweep.py
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
import tempfile
import tokenize
from pathlib import Path

BIN = Path(sys.executable).parent
KV, BLACK = str(BIN / "kvguard"), str(BIN / "black")
CORPUS = Path(os.environ.get("KVGUARD_CACHE", Path.home() / ".cache" / "kvguard")) / "corpus"
ATTENTION = "sglang/srt/layers/attention"


def code_tokens(text: str) -> list:
    return [
        (t.type, t.string)
        for t in tokenize.generate_tokens(io.StringIO(text).readline)
        if t.type not in (tokenize.COMMENT, tokenize.NL)
    ]


def findings(work: Path) -> int:
    run = [KV, "check", "--no-cache", "--output-format", "concise", "sglang"]
    out = subprocess.run(run, cwd=work, capture_output=True, text=True).stdout
    return sum(": KVG" in line for line in out.splitlines())


def black_ok(path: Path) -> bool:
    return subprocess.run([BLACK, "-q", "--check", str(path)]).returncode == 0


def main() -> int:
    total = dict(found=0, suppressed=0, listed=0, code_changed=0, unstable=0)
    for rel in sorted(os.listdir(CORPUS)):
        src = CORPUS / rel / ATTENTION
        if not src.is_dir():
            continue
        with tempfile.TemporaryDirectory() as tmp:
            work = Path(tmp)
            shutil.copytree(src, work / ATTENTION)
            (work / "pyproject.toml").write_text("[project]\nname = 'x'\n")
            files = list((work / ATTENTION).rglob("*.py"))
            before = {p: p.read_text(encoding="utf-8") for p in files}
            found = findings(work)
            stable = {p for p in files if black_ok(p)} if found else set()
            run = subprocess.run(
                [KV, "check", "--no-cache", "--add-noqa", "sglang"],
                cwd=work,
                capture_output=True,
                text=True,
            )
            listed = sum(" not suppressed: " in line for line in run.stderr.splitlines())
            changed = [p for p in files if p.read_text(encoding="utf-8") != before[p]]
            code_changed = sum(
                code_tokens(p.read_text(encoding="utf-8")) != code_tokens(before[p])
                for p in changed
            )
            unstable = sum(not black_ok(p) for p in changed if p in stable)
            left = findings(work)
        print(
            f"{rel:14s} findings {found:2d} suppressed {found - left:2d} listed {listed} "
            f"(remaining {left}) changed files {len(changed)} code changed {code_changed} "
            f"black-unstable after {unstable} exit {run.returncode}",
            flush=True,
        )
        for key, value in zip(total, (found, found - left, listed, code_changed, unstable)):
            total[key] += value
    print("total", total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
