"""Wave attention backend: SWA pool resolution.

Same resolution order as the TRT-LLM/FlashInfer backends, but the EAGLE draft
case is handled up front: a regular EAGLE draft owns its KV pool, so only that
pool is consulted.
"""

from __future__ import annotations

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    active_pool = model_runner.token_to_kv_pool
    reads_own_kv = (
        model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()
    )
    if reads_own_kv:
        return active_pool if isinstance(active_pool, SWAKVPool) else None
    if isinstance(active_pool, SWAKVPool):
        return active_pool
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False, num_kv_splits: int = 8):
        super().__init__()
        self.device = model_runner.device
        self.skip_prefill = skip_prefill
        self.num_kv_splits = num_kv_splits
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)

    @property
    def use_sliding_window_kv_pool(self) -> bool:
        return self.swa_kv_pool is not None

    def _decode_kv_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self.use_sliding_window_kv_pool:
            return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor):
        kv_indices = self._decode_kv_indices(loc)
        pool = self.swa_kv_pool if self.use_sliding_window_kv_pool else self.token_to_kv_pool
        return pool, kv_indices
