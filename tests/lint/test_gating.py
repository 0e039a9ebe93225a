"""KVG004: what a cached flag gates (lint_rules/gating.py) and KVG004's own reduction, which
must never call a module clean that the rule reports (proven on the rule's cases, on edge
cases and on the real attention backends of sglang releases)."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import pytest

from lint_rules import gating
from lint_rules.checker import lint_text, needs_parse, proven_clean
from lint_rules.model import ScopeConfig
from lint_rules.rules.kvg004_swa_flag_cached_at_init import SwaFlagCachedAtInit

PATH = "sglang/srt/layers/attention/example_backend.py"
K4 = frozenset({"KVG004"})
CORPUS = Path.home() / ".cache" / "kvguard" / "corpus"
SETTINGS = [ScopeConfig(), ScopeConfig(kvg004_write_gating=True)]


def _full(text: str, scope: ScopeConfig):
    return lint_text(text, PATH, K4, scope, prefilter=False, reduce=False).findings


def _sources():
    for c in [*SwaFlagCachedAtInit.VALID, *SwaFlagCachedAtInit.INVALID]:
        yield textwrap.dedent(c if isinstance(c, str) else c.code)
    yield from EDGES.values()


EDGES = {
    "alias of the SWA class bound at module level": """
SWAPool = SWAKVPool

def _is_swa(pool):
    return isinstance(pool, SWAPool)

class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.flag = _is_swa(model_runner.token_to_kv_pool)
    def forward(self, page_table):
        if self.flag:
            return page_table
""",
    "pool stored under an swa name, read in a metadata builder": """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        pool = model_runner.token_to_kv_pool
        self.swa_pool = pool
    def init_forward_metadata(self, fb):
        fb.swa_page_table = self.swa_pool.translate_loc_from_full_to_swa(fb.page_table)
""",
    "flag copied into a local that gates a read": """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.use_swa = isinstance(model_runner.token_to_kv_pool, SWAKVPool)
    def forward(self, layer, page_table):
        use_swa = self.use_swa
        if use_swa and self.token_to_kv_pool.layers_mapping[layer.layer_id][1]:
            page_table = page_table + 1
        return page_table
""",
    "flag passed as an argument (unknown: reported)": """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.use_swa = isinstance(model_runner.token_to_kv_pool, SWAKVPool)
    def forward(self, x):
        return helper(x, self.use_swa)
""",
    "resolver helper (FROZEN_KV-aware): not a cache": """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self._swa_kv_pool = self._resolve(model_runner)
    def _resolve(self, mr):
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
            return None
        return mr.token_to_kv_pool_allocator.get_kvcache()
    def forward(self, page_table):
        return self._swa_kv_pool.translate_loc_from_full_to_swa(page_table)
""",
    "pool from tuple unpacking under an swa name": """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        pool, other = model_runner.token_to_kv_pool, None
        self.swa_pool = pool
    def forward(self, page_table):
        return self.swa_pool.translate_loc_from_full_to_swa(page_table)
""",
    "nested class (the outline does not list its methods)": """
def make():
    class Inner(AttentionBackend):
        def __init__(self, model_runner):
            self.use_swa = isinstance(model_runner.token_to_kv_pool, SWAKVPool)
        def forward(self, page_table):
            if self.use_swa:
                return self.token_to_kv_pool.translate_loc_from_full_to_swa(page_table)
    return Inner
""",
}


@pytest.mark.parametrize("scope", SETTINGS, ids=["default", "write-gating"])
@pytest.mark.parametrize("src", list(_sources()), ids=lambda s: s.strip().splitlines()[0][:40])
def test_reduction_is_sound_on_cases(src, scope):
    full = _full(src, scope)
    if gating.proven_clean(src, scope.kvg004_write_gating):
        assert full == []
    assert lint_text(src, PATH, K4, scope).findings == full


def test_expected_edge_verdicts():
    counts = {name: len(_full(textwrap.dedent(src), ScopeConfig())) for name, src in EDGES.items()}
    assert counts == {
        "alias of the SWA class bound at module level": 1,
        "pool stored under an swa name, read in a metadata builder": 1,
        "flag copied into a local that gates a read": 1,
        "flag passed as an argument (unknown: reported)": 1,
        "resolver helper (FROZEN_KV-aware): not a cache": 0,
        "pool from tuple unpacking under an swa name": 1,
        "nested class (the outline does not list its methods)": 1,
    }


def test_classification_of_regions():
    src = textwrap.dedent("""
        class B(AttentionBackend):
            def w(self, fb):
                if not self.flag:
                    return None
                return self.pool.translate_loc_from_full_to_swa(fb.out_cache_loc)
            def r(self, md):
                if not self.flag:
                    return None
                return self.pool.translate_loc_from_full_to_swa(md.page_table)
            def a(self, loc):
                assert not (self.flag and loc.swa_out_cache_loc is None)
                return self.page_table
            def unknown(self):
                return self.flag
        """)
    reads = {m: kind for m, kind, _ in gating.Gating(ast.parse(src)).reads("B", "flag")}
    assert reads == {"w": "write", "r": "read", "a": "write", "unknown": "read"}


def _backend_files(version: str, limit_bytes: int):
    root = CORPUS / version
    if not root.is_dir():
        pytest.skip(f"sglang {version} tree not extracted (benchmarks/sglang_wheels.py)")
    out = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        text = path.read_text(encoding="utf-8", errors="replace")
        if len(text) <= limit_bytes and needs_parse(text, rel, K4, ScopeConfig()):
            out.append((rel, text))
    return out


def _check_tree(version: str, limit_bytes: int) -> None:
    for rel, text in _backend_files(version, limit_bytes):
        for scope in SETTINGS:
            if proven_clean(text, K4, scope):
                full = lint_text(text, rel, K4, scope, prefilter=False, reduce=False).findings
                assert full == [], (rel, scope)


def test_reduction_sound_on_small_real_backends():
    """Representative subset (files up to 25 kB, 0.5.23): torch_native, intel_amx, ..."""
    _check_tree("0.5.23", 25_000)


@pytest.mark.slow
@pytest.mark.parametrize("version", ["0.5.12.post1", "0.5.20", "0.5.23"])
def test_reduction_sound_on_real_backends(version):
    _check_tree(version, 10**9)
