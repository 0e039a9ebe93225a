"""Backend with a defensive SWA resolver and allocator occupancy metrics."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._allocator = model_runner.token_to_kv_pool_allocator
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        is_draft = getattr(model_runner, "is_draft_worker", False)
        frozen_kv = getattr(model_runner.spec_algorithm, "is_frozen_kv_mtp", lambda: False)()
        if is_draft and not frozen_kv:
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def occupancy(self) -> dict:
        alloc = self._allocator
        out = {"full_free": alloc.available_size()}
        if hasattr(alloc, "swa_attn_allocator"):
            out["swa_free"] = alloc.swa_available_size()
        return out

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
