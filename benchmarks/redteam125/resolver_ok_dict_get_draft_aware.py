"""Sliding-window pool lookup shared by the decode backends.

Mirrors the upstream resolver: a runner whose own pool is hybrid uses it;
regular speculative draft runners (own full-only pool) get no SWA pool; other
runners may reach the SWA pool through the allocator's cache binding.
"""

from typing import Callable, Dict, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _as_swa(pool) -> Optional[SWAKVPool]:
    return pool if isinstance(pool, SWAKVPool) else None


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    owns_full_only_pool = (
        model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()
    )
    strategies: Dict[bool, Callable[[], Optional[SWAKVPool]]] = {True: lambda: None}
    return strategies.get(
        owns_full_only_pool,
        lambda: _as_swa(model_runner.token_to_kv_pool_allocator.get_kvcache()),
    )()


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, max_context_len: int = 8192):
        super().__init__()
        self.max_context_len = max_context_len
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
