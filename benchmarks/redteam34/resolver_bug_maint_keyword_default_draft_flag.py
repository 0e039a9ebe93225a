"""Decode backend with a keyword-only module-level SWA pool resolver shared by backends."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(
    active_pool, allocator, *, is_draft_worker: bool = False, frozen_kv_mtp: bool = False
) -> Optional[SWAKVPool]:
    if isinstance(active_pool, SWAKVPool):
        return active_pool
    if is_draft_worker and not frozen_kv_mtp:
        return None
    kv = allocator.get_kvcache()
    return kv if isinstance(kv, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.device = model_runner.device
        self.swa_kv_pool = resolve_swa_kv_pool(
            model_runner.token_to_kv_pool,
            model_runner.token_to_kv_pool_allocator,
            frozen_kv_mtp=model_runner.spec_algorithm.is_frozen_kv_mtp(),
        )
        self.swa_out_cache_loc: Optional[torch.Tensor] = None

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            self.swa_out_cache_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(out_cache_loc)

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.kv_pool, loc
        self.init_forward_metadata(loc)
        return self.swa_kv_pool, self.swa_out_cache_loc
