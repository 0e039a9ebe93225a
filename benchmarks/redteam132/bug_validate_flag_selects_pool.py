"""Decode backend that validates the hybrid KV layout at construction time.

``_validate_layout`` inspects the allocator to confirm the hybrid SWA
configuration (mapping registered, SWA budget non-zero) and records whether the
sliding-window path is enabled for this backend instance.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_validation: bool = False):
        self.model_runner = model_runner
        self.req_to_token = model_runner.req_to_token_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool

        hybrid_ok = True if skip_validation else self._validate_layout()
        self.swa_kv_pool: Optional[SWAKVPool] = self.allocator.get_kvcache() if hybrid_ok else None
        logger.debug("swa path enabled: %s", self.swa_kv_pool is not None)

    def _validate_layout(self) -> bool:
        allocator = self.allocator
        if not isinstance(allocator, SWATokenToKVPoolAllocator):
            return False
        if allocator.size_swa <= 0:
            logger.warning("SWA allocator reports an empty SWA budget")
            return False
        if allocator.full_to_swa_index_mapping is None:
            logger.warning("full->swa index mapping is not registered yet")
            return False
        return True

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if self.swa_kv_pool is None:
            return self.kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
