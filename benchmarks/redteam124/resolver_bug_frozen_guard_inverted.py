"""SWA pool resolution shared by the hybrid decode backends.

``resolve_swa_pool`` returns the hybrid pool a runner should read its
sliding-window KV from, or ``None`` when the runner has no windowed layers.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp():
        # Frozen-KV MTP drafts keep their own full-only cache.
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(kvcache, SWAKVPool):
        return kvcache
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 64):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        self.max_bs = max_bs
        self.decode_loc_buf = torch.zeros(max_bs, dtype=torch.int64)

    def forward_decode(self, loc: torch.Tensor):
        n = loc.numel()
        self.decode_loc_buf[:n].copy_(loc)
        locs = self.decode_loc_buf[:n]
        if self.swa_pool is None:
            return self.kv_pool, locs.clone()
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(locs)
