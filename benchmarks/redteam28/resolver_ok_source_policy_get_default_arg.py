"""Backend resolving its SWA pool through a policy table whose None entries mean 'own pool only'."""

import logging
from typing import Callable, Dict, Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

SHARED = "shared"

_SOURCE_POLICY: Dict[Tuple[bool, bool], Optional[str]] = {
    (True, False): None,  # regular draft worker
}

_FETCHERS: Dict[str, Callable] = {
    SHARED: lambda mr: mr.token_to_kv_pool_allocator.get_kvcache(),
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve_swa_pool(model_runner)
        self.page_size = model_runner.page_size
        self.cu_seqlens_q = torch.arange(model_runner.max_running_requests + 1, dtype=torch.int32)

    @staticmethod
    def _resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        key = (bool(model_runner.is_draft_worker), model_runner.spec_algorithm.is_frozen_kv_mtp())
        source = _SOURCE_POLICY.get(key, SHARED)
        if source is None:
            return None
        kvcache = _FETCHERS[source](model_runner)
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        pool = self.swa_pool
        if pool is not None:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
