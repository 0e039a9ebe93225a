"""A sample of the fuzz run (``benchmarks/fuzz.py``: generated deep, long and odd inputs
through the real ``check``, ``fix`` and ``fix --stdin-filename``); the full run is the script.
The sample holds the inputs that crashed kvguard before (issue 27) and one of each family."""

from __future__ import annotations

import sys

from .helpers import REPO

sys.path.insert(0, str(REPO / "benchmarks"))
import fuzz  # noqa: E402

sys.path.pop(0)

SAMPLE = (
    "paren-2000",  # CPython refuses it; libcst's native parser segfaulted on it
    "chain-600",  # CPython compiles it; libcst's code generation overflows the recursion limit
    "neg-20000",
    "attr-201",
    "long-line-10000",
    "nul",
    "lone-cr",
    "bom-twice",
    "utf16-cookie",
    "tabs",
)


def test_the_fuzz_sample_finds_no_crash():
    by_name = dict(fuzz.cases())
    assert set(SAMPLE) <= set(by_name)
    assert fuzz.run([(name, by_name[name]) for name in SAMPLE], log=lambda _: None) == []


def test_the_fuzz_harness_sees_a_crash():
    """The harness itself: a run killed by a signal, or a traceback, is a failure."""

    class Proc:
        def __init__(self, returncode: int, stderr: bytes) -> None:
            self.returncode, self.stderr = returncode, stderr

    assert fuzz._crashed(Proc(-11, b"")) == "exit status -11"
    assert fuzz._crashed(Proc(2, b"Traceback (most recent call last):\n")).startswith("traceback")
    assert fuzz._crashed(Proc(2, b"kvguard: internal error: KeyError\n"))
    assert fuzz._crashed(Proc(2, b"error: a.py: syntax error at line 1, column 1: x\n")) == ""
