"""reduce.py: what it blanks, that positions survive, and that it never hides a finding."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from lint_rules.checker import lint_text
from lint_rules.model import ScopeConfig
from lint_rules.reduce import reduce_source

REPO = Path(__file__).resolve().parents[2]
CODES = frozenset({"KVG001", "KVG002", "KVG003"})
PATH = "sglang/srt/layers/attention/x.py"

SRC = textwrap.dedent(
    '''\
    class XAttnBackend(AttentionBackend):
        def __init__(self, model_runner):
            self.kept_alloc = model_runner.token_to_kv_pool_allocator
            self.page_size = 16

        def kernel_math(self, a, b):
            """Never touches the allocator."""
            return a * b + self.page_size

        def uses_attr(self, x):
            return helper(x, self.kept_alloc)

        def via_getattr(self, mr):
            return getattr(mr, "token_to_kv_pool_allocator")


    def helper(x, pool_or_alloc):
        return hasattr(pool_or_alloc, "translate_loc_from_full_to_swa")


    def unrelated(y):
        return y + 1
    '''
)


def test_irrelevant_bodies_are_blanked():
    reduced = reduce_source(SRC)
    assert reduced is not None
    for keep in ("self.kept_alloc = model_runner", "helper(x, self.kept_alloc)", 'getattr(mr, "token', "hasattr(pool_or_alloc"):
        assert keep in reduced, keep
    assert "a * b" not in reduced and "y + 1" not in reduced
    assert "def kernel_math(self, a, b):\n        pass\n" in reduced
    # kept lines are byte-identical and in order
    kept = [line for line in reduced.splitlines() if line.strip() != "pass"]
    it = iter(SRC.splitlines())
    assert all(any(line == o for o in it) for line in kept)


def test_findings_through_helpers_survive_reduction():
    full = lint_text(SRC, PATH, CODES, ScopeConfig(), reduce=False)
    assert [(f.code, f.context) for f in full.findings] == [("KVG001", "helper")]
    assert lint_text(SRC, PATH, CODES, ScopeConfig(), reduce=True).findings == full.findings


def test_nothing_to_blank_or_unparsable_returns_none():
    assert reduce_source("x = 1\n") is None
    assert reduce_source("def f(:\n") is None
    assert reduce_source("def f(): return 1\n") is None  # body on the def line stays


def test_crlf_and_tabs():
    src = "def f(a):\r\n\treturn a\r\n\r\ndef g(b):\r\n\treturn b.token_to_kv_pool_allocator\r\n"
    reduced = reduce_source(src)
    assert reduced == "def f(a):\r\n\tpass\r\n\r\ndef g(b):\r\n\treturn b.token_to_kv_pool_allocator\r\n"
    multi = "def f(a):\n    x = 1\n    return a\n\ndef g(b):\n    return b.token_to_kv_pool_allocator\n"
    assert reduce_source(multi) == "def f(a):\n    pass\n\ndef g(b):\n    return b.token_to_kv_pool_allocator\n"


@pytest.mark.slow
@pytest.mark.parametrize("version", ["0.5.9", "0.5.12.post1", "0.5.13.post1", "0.5.23"])
def test_reduction_is_sound_on_real_attention_code(version):
    sys.path.insert(0, str(REPO / "benchmarks"))
    import sglang_wheels

    tree = sglang_wheels.ensure_tree(version, quiet=True)
    files = sorted((tree / "sglang" / "srt" / "layers" / "attention").rglob("*.py"))
    assert len(files) > 20
    for path in files:
        text = path.read_text(encoding="utf-8")
        rel = path.relative_to(tree).as_posix()
        a = lint_text(text, rel, CODES, ScopeConfig(), prefilter=False, reduce=True)
        b = lint_text(text, rel, CODES, ScopeConfig(), prefilter=False, reduce=False)
        assert a.findings == b.findings, rel
