"""Fuzz the real CLI with generated deep, long and odd inputs: ``check``, ``fix`` and stdin.

Every case is a backend file holding the trigger names (so it is parsed, not prefiltered away)
with one hostile ingredient: nesting around and far past CPython's limits (parentheses,
brackets, unary operators, operator chains, attribute and call chains, lambdas, powers, blocks),
very long lines and many lines, and odd bytes (NUL, lone CR, mixed newlines, BOM, bad UTF-8,
coding cookies CPython accepts and refuses, tabs, form feeds, non-ASCII names, unterminated
strings, nested f-strings). A run passes when no process crashes:

* ``check`` and ``fix`` over the whole tree exit 0, 1 or 2 (never by a signal), print no
  traceback, report every file they cannot handle as one ``error: <path>: <reason>`` line,
  and still report the companion backend's findings;
* ``fix`` changes a file only into text CPython compiles (when the original compiled);
* ``fix --stdin-filename`` on each case gives back, on stdout, the input itself or (exit 0/1)
  a fix that CPython compiles.

``python benchmarks/fuzz.py [--cases N] [--seed S]`` runs the full set (default: every
generator at every size, about 150 cases); ``tests/reliability/test_fuzz.py`` runs a sample.
Prints the cases run, the outcome counts and the failures (exit 1 when there is one).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, Iterator

REPO = Path(__file__).resolve().parents[1]
BUGGY = (REPO / "examples" / "buggy_backend.py").read_text(encoding="utf-8")
BACKEND_DIR = "pkg/layers/attention"
COMPANION = "companion/buggy_backend.py"


def _expr(kind: str, n: int) -> str:
    return {
        "paren": "(" * n + "1" + ")" * n,
        "list": "[" * n + "]" * n,
        "dict": "{'a': " * n + "1" + "}" * n,
        "chain": "a" + " + 1" * n,
        "compare": "a" + " < b" * n,
        "bool": "a" + " and b" * n,
        "not": "not " * n + "a",
        "neg": "-" * n + "a",
        "attr": "a" + ".b" * n,
        "call": "a" + "()" * n,
        "subscript": "a" + "[0]" * n,
        "lambda": "lambda: " * n + "1",
        "power": "2 ** " * n + "2",
        "ternary": "a if b else " * n + "c",
        "fstring": 'f"{' * min(n, 150) + "1" + '}"' * min(n, 150),
        "strings": " ".join(["'s'"] * min(n, 2000)),  # (CPython joins them in quadratic time)
    }[kind]


EXPR_KINDS = (
    "paren list dict chain compare bool not neg attr call subscript lambda power ternary "
    "fstring strings"
).split()
DEPTHS = (50, 199, 201, 600, 2000, 20000)


def _in_init(line: str) -> str:
    """The buggy backend with ``line`` as a statement of its ``__init__``."""
    anchor = "        self.token_to_kv_pool_allocator = allocator\n"
    return BUGGY.replace(anchor, anchor + "        " + line + "\n")


def _blocks(n: int) -> str:
    body = "".join(" " * i + "if a:\n" for i in range(n)) + " " * n + "pass\n"
    return BUGGY + body


def _odd() -> Iterator[tuple[str, bytes]]:
    text = BUGGY
    yield "nul", (text + "x = 1\0\n").encode()
    yield "lone-cr", text.replace("\n", "\r").encode()
    yield "mixed-newlines", "".join(
        line + ("\r\n" if i % 3 == 0 else "\r" if i % 3 == 1 else "\n")
        for i, line in enumerate(text.splitlines())
    ).encode()
    yield "bom", b"\xef\xbb\xbf" + text.encode()
    yield "bom-twice", b"\xef\xbb\xbf\xef\xbb\xbf" + text.encode()
    yield "bad-utf8", text.encode() + b"x = '\xff\xfe'\n"
    yield "latin1-cookie", ("# -*- coding: latin-1 -*-\n" + text + "s = 'é'\n").encode("latin-1")
    yield "utf16-cookie", ("# coding: utf-16\n" + text).encode()
    yield "bogus-cookie", ("# coding: no-such-codec\n" + text).encode()
    yield "rot13-cookie", ("# coding: rot13\n" + text).encode()
    yield "tabs", re.sub(
        r"(?m)^((?:    )+)", lambda m: "\t" * (len(m.group(1)) // 4), text
    ).encode()
    yield "mixed-tabs", text.replace("        self.page_size", "\t self.page_size").encode()
    yield "form-feed", text.replace("\nclass ", "\n\x0c\nclass ").encode()
    yield "unicode-names", _in_init("ñame = ℌ = 𝔞 = allocator").encode()
    yield "zero-width", _in_init("a\u200b = 1").encode()
    yield "emoji-string", _in_init("s = '🙂' * 3").encode()
    yield "unterminated-string", (text + "s = '''never closed\n").encode()
    yield "backslash-continuation", _in_init("x = 1 + \\\n            2").encode()
    yield "trailing-backslash", (text + "x = 1 \\").encode()
    yield "no-final-newline", text.rstrip("\n").encode()
    yield "only-cookie", b"# coding: latin-1\n"
    yield "empty", b""
    yield "binary", bytes(range(256)) * 8
    yield "surrogate-escape", text.encode() + b"x = '\xed\xa0\x80'\n"
    yield "walrus-match", _in_init("match (y := allocator):\n            case _: pass").encode()


def cases(full: bool = True) -> list[tuple[str, bytes]]:
    """(name, bytes) of every case, in a fixed order."""
    out: list[tuple[str, bytes]] = []
    for kind in EXPR_KINDS:
        for depth in DEPTHS:
            out.append((f"{kind}-{depth}", _in_init(f"x = {_expr(kind, depth)}").encode()))
    for depth in (20, 99, 101, 200):
        out.append((f"blocks-{depth}", _blocks(depth).encode()))
    for length in (10_000, 300_000):
        out.append((f"long-line-{length}", _in_init("x = '" + "a" * length + "'").encode()))
    out.append(("many-lines", (BUGGY + "x = 1\n" * 20_000).encode()))
    out.append(
        ("many-defs", (BUGGY + "".join(f"def f{i}(): pass\n" for i in range(2_000))).encode())
    )
    out.extend(_odd())
    return out


def _compiles(data: bytes) -> bool:
    try:
        compile(data, "<fuzz>", "exec")
    except (SyntaxError, ValueError, RecursionError, MemoryError, OverflowError):
        return False
    return True


def _kvguard(args: list[str], cwd: Path, stdin: bytes = b"", timeout: float = 900):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH", "")]))
    return subprocess.run(
        [sys.executable, "-m", "lint_rules", *args],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        env=env,
        timeout=timeout,
    )


def _crashed(proc) -> str:
    """Why a run counts as a crash ("" when it does not)."""
    err = proc.stderr.decode("utf-8", "replace")
    if proc.returncode not in (0, 1, 2):
        return f"exit status {proc.returncode}"
    if "Traceback" in err:
        return "traceback: " + err[-300:]
    if "kvguard: internal error" in err:
        return "internal error of the whole run: " + err[-300:]
    return ""


def run(selected: list[tuple[str, bytes]], log: Callable[[str], None] = print) -> list[str]:
    """Run ``selected`` through check, fix and stdin; the failures (empty: no crash)."""
    failures: list[str] = []
    root = Path(tempfile.mkdtemp(prefix="kvguard-fuzz-"))
    try:
        (root / "pyproject.toml").write_text("[project]\nname = 'fuzz'\n")
        (root / COMPANION).parent.mkdir(parents=True)
        (root / COMPANION).write_text(BUGGY)
        (root / BACKEND_DIR).mkdir(parents=True)
        names = {}
        for i, (name, data) in enumerate(selected):
            rel = f"{BACKEND_DIR}/case_{i:03d}.py"
            (root / rel).write_bytes(data)
            names[rel] = name
        originals = {rel: (root / rel).read_bytes() for rel in names}
        for command in ("check", "fix"):
            started = time.perf_counter()
            proc = _kvguard([command, "--no-cache", "--output-format", "concise"], root)
            took = time.perf_counter() - started
            err = proc.stderr.decode("utf-8", "replace")
            out = proc.stdout.decode("utf-8", "replace")
            log(f"{command}: {len(names) + 1} files, exit {proc.returncode}, {took:.1f} s")
            why = _crashed(proc)
            if why:
                failures.append(f"{command}: {why}")
            if command == "check" and f"{COMPANION}:" not in out:
                failures.append("check: the companion's findings are missing")
            for line in err.splitlines():
                if line.startswith("error: ") and not re.match(r"error: [^:]+\.py: \S", line):
                    failures.append(f"{command}: not a one-line file error: {line[:200]}")
        for rel, before in originals.items():
            after = (root / rel).read_bytes()
            if after != before and _compiles(before) and not _compiles(after):
                failures.append(f"fix: {names[rel]}: the fixed file no longer compiles")
        for rel, data in originals.items():
            proc = _kvguard(["fix", "--stdin-filename", rel], root, stdin=data)
            why = _crashed(proc)
            if why:
                failures.append(f"stdin: {names[rel]}: {why}")
            elif proc.stdout != data and not (proc.returncode in (0, 1) and _compiles(proc.stdout)):
                failures.append(f"stdin: {names[rel]}: stdout is neither the input nor a fix")
        log(f"stdin: {len(originals)} runs")
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return failures


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=0, help="a random sample of N (0: all)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    selected = cases()
    if args.cases:
        selected = random.Random(args.seed).sample(selected, min(args.cases, len(selected)))
    print(f"fuzz: {len(selected)} cases")
    started = time.perf_counter()
    failures = run(selected)
    for failure in failures:
        print("FAIL", failure)
    print(f"fuzz: {len(failures)} failures in {time.perf_counter() - started:.1f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
