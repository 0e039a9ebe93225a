"""Decode backend that shares one SWA-pool lookup between the backend and its
cuda-graph runner. Frozen-KV MTP drafts read the target's cache directly."""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class SWAPoolResolver:
    """Finds the SWAKVPool a runner's attention reads, if any."""

    def __init__(self, model_runner):
        self.model_runner = model_runner

    def _reads_target_kv(self) -> bool:
        mr = self.model_runner
        if not getattr(mr, "is_draft_worker", False):
            return True
        spec = getattr(mr, "spec_algorithm", None)
        return spec is not None and spec.is_frozen_kv_mtp()

    def resolve(self) -> Optional[SWAKVPool]:
        own = self.model_runner.token_to_kv_pool
        if isinstance(own, SWAKVPool):
            return own
        if not self._reads_target_kv():
            return None
        shared = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None


class GeneratedAttnBackend:
    """Decode with SWA translation when a sliding-window pool is resolved."""

    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = SWAPoolResolver(model_runner).resolve()

    def forward_decode(self, loc: torch.Tensor):
        pool = self.swa_kv_pool
        if pool is None:
            return self.kv_pool, loc
        return pool, pool.translate_loc_from_full_to_swa(loc)
