"""TRT-LLM MHA backend, decode-only fork of trtllm_mha_backend.py.

Resolver ported from sglang 0.5.13 ``_resolve_swa_kv_pool``. We only run EAGLE-family
speculative decoding, so the draft-worker condition was rewritten in terms of
``is_eagle()`` instead of the frozen-KV MTP predicate.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_eagle():
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, max_context_len: Optional[int] = None):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.max_context_len = max_context_len
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = _resolve_swa_kv_pool(model_runner)

    def _page_table(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_kv_pool is None:
            return loc
        return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        pool = self.swa_kv_pool if self.swa_kv_pool is not None else self.token_to_kv_pool
        return pool, self._page_table(loc)
