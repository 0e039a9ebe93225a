"""Property tests: the rules and the fixer never crash, and fixes are sound.

* hypothesmith generates arbitrary valid Python: linting it (all rules, every module in scope,
  no prefilter) never raises and never reports a parse error; fixing it returns it unchanged
  byte for byte when there is nothing to fix.
* A grammar of the real bug shapes (aliases, self attributes, helper calls, tuple unpacking,
  walrus, the trtllm ``__init__`` block, the FlashInfer updater, guarded resolvers, noise)
  generates backend modules: every fix yields parseable code, re-lints without the fixed
  findings and is idempotent; modules without findings come back identical.
"""

from __future__ import annotations

import re

import hypothesmith
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from lint_rules.checker import lint_text
from lint_rules.fixer import fix_text
from lint_rules.model import ScopeConfig
from lint_rules.reduce import _clean_by_outline
from lint_rules.registry import RULES
from tests.support.outline_check import outline_disagreement

# Every rule but KVG006: the fixes emit upstream's resolver (it tests `SWAKVPool`), which KVG006
# flags on releases with SWA pools outside `SWAKVPool`; with KVG006 selected the safety net then
# refuses the fix ("fix introduced KVG006"), by design.
ALL = frozenset(RULES) - {"KVG006"}
EVERYWHERE = ScopeConfig(all_code=True)
PATH = "sglang/srt/layers/attention/generated.py"


# hypothesmith compiles each program it generates: a valid one such as `1()` draws the
# compiler's SyntaxWarning (advice on the generated text, not a fault of the suite)
@pytest.mark.filterwarnings("ignore::SyntaxWarning")
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(hypothesmith.from_grammar())
def test_arbitrary_python_never_crashes_the_rules(source):
    result = lint_text(
        source, PATH, ALL, EVERYWHERE, report_unused_suppressions=True, prefilter=False
    )
    assert result.error is None or result.error.startswith(("syntax error", "cannot parse"))
    out = fix_text(source, PATH, ALL, EVERYWHERE, target_version="0.5.12.post1")
    if not out.fixed:
        assert out.new_text == source


# ---- a grammar of the bug family

ALLOC_SOURCES = [
    "model_runner.token_to_kv_pool_allocator",
    'getattr(model_runner, "token_to_kv_pool_allocator")',
    "self.model_runner.token_to_kv_pool_allocator",
]
SWA_CLASSES = ["SWATokenToKVPoolAllocator", "SwaAlloc", "(SWATokenToKVPoolAllocator, int)"]
INIT_BLOCKS = [
    # the trtllm block (fixable)
    "allocator = {src}\n"
    "self.use_sliding_window_kv_pool = isinstance(allocator, {cls})\n"
    "self._swa_kv_pool = allocator.get_kvcache() if self.use_sliding_window_kv_pool else None\n",
    # flag only
    "self.use_sliding_window_kv_pool = isinstance({src}, {cls})\n",
    # kept alias, walrus, unpacking
    "self.alloc = {src}\n",
    "pool, alloc2 = model_runner.token_to_kv_pool, {src}\n"
    "self.flag2 = isinstance(alloc2, {cls})\n",
    "if (a3 := {src}) is not None:\n    self.flag3 = hasattr(a3, 'translate_loc_from_full_to_swa')\n",
    # correct code
    "self.token_to_kv_pool = model_runner.token_to_kv_pool\n",
    "self.use_sliding_window_kv_pool = isinstance(model_runner.token_to_kv_pool, SWAKVPool)\n",
]
METHODS = [
    "def translate(self, loc):\n    return self.alloc.translate_loc_from_full_to_swa(loc)\n",
    "def translate2(self, loc):\n    return self._swa_kv_pool.translate_loc_from_full_to_swa(loc)\n",
    "def step(self, x):\n    return helper(x, self.alloc)\n",
    "@staticmethod\n"
    "def _resolve_swa_kv_pool(model_runner):\n"
    "    if isinstance(model_runner.token_to_kv_pool, SWAKVPool):\n"
    "        return model_runner.token_to_kv_pool\n"
    "    if model_runner.is_draft_worker:\n"
    "        if not model_runner.spec_algorithm.is_frozen_kv_mtp():\n"
    "            return None\n"
    "    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()\n"
    "    return kvcache if isinstance(kvcache, SWAKVPool) else None\n",
    "def noise(self, xs):\n    return [x + 1 for x in xs if x]  # a comment\n",
    # more anchors: type()/__class__ comparisons, getattr forms, half-guarded resolvers
    "def kind(self):\n    return type(self.alloc) is SwaAlloc or self.alloc.__class__ == SwaAlloc\n",
    "def pool_of(self):\n    return getattr(self.alloc, 'get_kvcache')()\n",
    "def mapping(self):\n    return getattr(self.alloc, 'full_to_swa_index_mapping', None)\n",
    "@staticmethod\n"
    "def _half_resolver(model_runner):\n"
    "    if isinstance(model_runner.token_to_kv_pool, SWAKVPool):\n"
    "        return model_runner.token_to_kv_pool\n"
    "    return model_runner.token_to_kv_pool_allocator.get_kvcache()\n",
    # traps for the outline (outline.py): a docstring holding a def, a decorator and a default
    # value that carry the allocator (code evaluated outside the function)
    'def documented(self):\n    """Usage:\n\ndef fake(self):\n    return self.alloc.get_kvcache()\n"""\n'
    "    return 0\n",
    "@register(model_runner.token_to_kv_pool_allocator)\n"
    "def registered(self, a=None):\n    return isinstance(a, SwaAlloc)\n",
    "def defaulted(self, a=model_runner.token_to_kv_pool_allocator):\n"
    "    return hasattr(a, 'translate_loc_from_full_to_swa')\n",
    "def late_guard(self, mr):\n"
    "    kv = mr.token_to_kv_pool_allocator.get_kvcache()\n"
    "    if isinstance(mr.token_to_kv_pool, SWAKVPool):\n"
    "        return mr.token_to_kv_pool\n"
    "    if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():\n"
    "        return None\n"
    "    return kv\n",
]
HEADER = (
    "from typing import Optional\n\n"
    "from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool, SWATokenToKVPoolAllocator\n"
    "from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator as SwaAlloc\n\n\n"
    "def helper(x, alloc):\n    return hasattr(alloc, 'full_to_swa_index_mapping')\n\n\n"
)


def _indent(block: str, n: int) -> str:
    return "".join((" " * n + line) if line.strip() else line for line in block.splitlines(True))


@st.composite
def backend_modules(draw):
    init = draw(st.lists(st.sampled_from(INIT_BLOCKS), max_size=4))
    methods = draw(st.lists(st.sampled_from(METHODS), max_size=5, unique=True))
    src, cls = draw(st.sampled_from(ALLOC_SOURCES)), draw(st.sampled_from(SWA_CLASSES))
    body = "def __init__(self, model_runner):\n    self.model_runner = model_runner\n"
    body += _indent("".join(b.format(src=src, cls=cls) for b in init), 4)
    for m in methods:
        body += "\n" + m
    base = draw(st.sampled_from(["FlashInferAttnBackend", "object"]))
    crlf = draw(st.booleans())
    text = HEADER + f"class GeneratedAttnBackend({base}):\n" + _indent(body, 4)
    return text.replace("\n", "\r\n") if crlf else text


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(backend_modules())
def test_reduction_never_changes_findings(text):
    """reduce.py blanks bodies it proves irrelevant: findings must be identical without it."""
    codes = frozenset({"KVG001", "KVG002", "KVG003"})
    reduced = lint_text(text, PATH, codes, ScopeConfig(), reduce=True)
    full = lint_text(text, PATH, codes, ScopeConfig(), reduce=False)
    assert reduced.findings == full.findings


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(backend_modules())
def test_outline_proof_never_hides_a_finding(text):
    """The proof that parses only the functions it needs (reduce._clean_by_outline) calls a
    module clean only when the full analysis finds nothing; its outline matches ``ast``."""
    text = text.replace("\r\n", "\n")  # the outline refuses \r line ends
    codes = frozenset({"KVG001", "KVG002", "KVG003"})
    assert outline_disagreement(text) == []
    if _clean_by_outline(text, codes):
        event("settled by the outline")
        assert (
            lint_text(text, PATH, codes, ScopeConfig(), prefilter=False, reduce=False).findings
            == []
        )


def _keys(findings):
    # the same finding, whatever reason for having no fix its message gives this round
    from lint_rules.fixes.plan import base_message

    return sorted((f.code, f.context, base_message(f.message)) for f in findings)


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(backend_modules(), st.sampled_from(["0.5.9", "0.5.12.post1", "0.5.23"]))
def test_fixes_are_sound_on_generated_backends(text, target):
    before = lint_text(text, PATH, ALL, ScopeConfig())
    assert before.error is None
    out = fix_text(text, PATH, ALL, ScopeConfig(), target_version=target)
    if out.error is not None and "the fix duplicated a statement" in out.error:
        # The generator recomputes the same flag several times; rewriting each probe to the
        # resolved pool makes those statements exact duplicates, which the safety net refuses
        # (the file is left untouched, exit 2) rather than writing. Only that input shape may
        # end here.
        stores = re.findall(r"^\s+(self\.\w+) = ", text, re.M)
        assert len(stores) != len(set(stores)), out.error
        event("refused by the safety net: duplicates")
        return
    assert out.error is None, out.error
    if not before.findings:
        assert out.new_text is text
        return
    after = lint_text(out.new_text, PATH, ALL, ScopeConfig())
    assert after.error is None
    assert _keys(after.findings) == _keys(out.remaining)
    # multisets: the same statement can be flagged twice and fixed once
    from collections import Counter

    assert Counter(_keys(before.findings)) - Counter(_keys(out.fixed)) == Counter(
        _keys(after.findings)
    )
    again = fix_text(out.new_text, PATH, ALL, ScopeConfig(), target_version=target)
    assert again.new_text == out.new_text
    if "\r\n" in text:
        assert "\n" not in out.new_text.replace("\r\n", "")
