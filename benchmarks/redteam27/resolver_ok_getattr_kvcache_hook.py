"""Hybrid decode backend whose resolver copes with allocators that expose no cache accessor."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.device = model_runner.device
        self.decode_swa_loc: Optional[torch.Tensor] = None

    def _resolve_swa_kv_pool(self, model_runner) -> Optional[SWAKVPool]:
        result: Optional[SWAKVPool] = None
        active = self.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            result = active
        else:
            is_draft = getattr(model_runner, "is_draft_worker", False)
            frozen = getattr(model_runner.spec_algorithm, "is_frozen_kv_mtp", lambda: False)()
            allocator = model_runner.token_to_kv_pool_allocator
            get_kvcache = getattr(allocator, "get_kvcache", None)
            if get_kvcache is not None and (frozen or not is_draft):
                kv = get_kvcache()
                result = kv if isinstance(kv, SWAKVPool) else None
        logger.debug("resolved swa pool: %s", type(result).__name__)
        return result

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            self.decode_swa_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(out_cache_loc)

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
