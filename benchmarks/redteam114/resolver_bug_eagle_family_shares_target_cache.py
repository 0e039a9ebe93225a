"""SWA pool resolution for EAGLE-family speculative decoding.

EAGLE, EAGLE3 and FROZEN_KV_MTP are all reported by ``is_eagle()``; for these
the draft runner piggybacks on the target's memory bookkeeping, so the SWA
view is taken from the shared allocator.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    """Return the SWA pool that attention should read, or ``None``."""
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool

    spec_algorithm = model_runner.spec_algorithm
    if model_runner.is_draft_worker and spec_algorithm.is_eagle():
        # EAGLE-family drafts share the target's token-to-KV allocator.
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(shared, SWAKVPool):
            return shared
    return None


class GeneratedAttnBackend:
    """Decode-side backend for hybrid SWA models with EAGLE drafts."""

    def __init__(self, model_runner, sliding_window_size: int = 4096):
        self.model_runner = model_runner
        self.sliding_window_size = sliding_window_size
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.kv_pool = (
            self.swa_kv_pool if self.swa_kv_pool is not None else model_runner.token_to_kv_pool
        )

    @property
    def uses_swa(self) -> bool:
        return self.swa_kv_pool is not None

    def forward_decode(self, loc: torch.Tensor):
        if self.uses_swa:
            return self.kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
