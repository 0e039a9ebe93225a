"""The audit mode (`all-code = true`): backend-like code anywhere, not every file."""

from __future__ import annotations

import textwrap

from lint_rules.checker import lint_text
from lint_rules.model import ScopeConfig

AUDIT = ScopeConfig(all_code=True)
CODES = frozenset({"KVG001", "KVG002", "KVG003"})

SCHEDULER = """
class PrefillAdder:
    def __init__(self, token_to_kv_pool_allocator):
        self.token_to_kv_pool_allocator = token_to_kv_pool_allocator
        self.is_hybrid_swa = isinstance(self.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)

def transfer(allocator, idx):
    return allocator.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(idx)
"""

MODEL_ATTENTION = """
class MyModelAttention(nn.Module):
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator

    def helper(self):
        return 1

    def forward(self, forward_batch, layer):
        if isinstance(self.allocator, SWATokenToKVPoolAllocator):
            k = forward_batch.token_to_kv_pool.get_key_buffer(layer.layer_id)
            return k
"""


def _findings(src: str, path: str, reduce: bool = True):
    result = lint_text(textwrap.dedent(src), path, CODES, AUDIT, reduce=reduce)
    assert result.error is None
    return result.findings


def test_scheduler_and_transfer_code_is_not_backend_like():
    assert _findings(SCHEDULER, "sglang/srt/managers/schedule_policy.py") == []


def test_backend_like_code_anywhere_is_in_scope():
    path = "sglang/srt/models/my_model.py"
    assert [f.code for f in _findings(MODEL_ATTENTION, path)] == ["KVG001"]
    assert lint_text(textwrap.dedent(MODEL_ATTENTION), path, CODES, ScopeConfig()).findings == []


def test_reduced_text_is_not_used_under_audit():
    """The KV read sits in a method that holds no allocator value, so the reduction would blank
    it; the class is backend-like only through it: the reduced text must not be linted."""
    src = MODEL_ATTENTION.replace(
        "        if isinstance(self.allocator, SWATokenToKVPoolAllocator):\n"
        "            k = forward_batch.token_to_kv_pool.get_key_buffer(layer.layer_id)\n"
        "            return k\n",
        "        return forward_batch.token_to_kv_pool.get_key_buffer(layer.layer_id)\n\n"
        "    def swa(self):\n"
        "        return isinstance(self.allocator, SWATokenToKVPoolAllocator)\n",
    )
    path = "sglang/srt/models/my_model.py"
    full = _findings(src, path, reduce=False)
    assert [f.code for f in full] == ["KVG001"]
    assert _findings(src, path) == full
