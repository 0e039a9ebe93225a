"""SWA pool lookup tolerant of older ``SpeculativeAlgorithm`` enums.

``is_frozen_kv_mtp`` only exists on spec APIs that ship FROZEN_KV_MTP. When it is
missing no draft can attend over the target KV, so drafts use their own pool.
"""

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _draft_reads_target_kv(model_runner) -> bool:
    spec = model_runner.spec_algorithm
    probe = getattr(spec, "is_frozen_kv_mtp", None)
    if not callable(probe):
        return False
    return bool(probe())


def get_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if model_runner.is_draft_worker and not _draft_reads_target_kv(model_runner):
        return None
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(shared, SWAKVPool):
        return shared
    return None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = get_swa_kv_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        swa_pool = self.swa_kv_pool
        if swa_pool is None:
            return self.kv_pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
