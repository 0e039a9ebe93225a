"""SWA pool resolver made tolerant of sglang builds whose SpeculativeAlgorithm lacks FROZEN_KV MTP."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _is_frozen_kv_mtp(spec_algorithm) -> bool:
    probe = getattr(spec_algorithm, "is_frozen_kv_mtp", None)
    if probe is None:
        # Older builds have no FROZEN_KV MTP; every draft owns its pool there.
        return False
    try:
        return bool(probe())
    except TypeError:
        return False


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.swa_out_cache_loc: Optional[torch.Tensor] = None

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        is_draft = getattr(model_runner, "is_draft_worker", False)
        if is_draft and not _is_frozen_kv_mtp(model_runner.spec_algorithm):
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            self.swa_out_cache_loc = None
            return self.token_to_kv_pool, loc
        self.swa_out_cache_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_kv_pool, self.swa_out_cache_loc
