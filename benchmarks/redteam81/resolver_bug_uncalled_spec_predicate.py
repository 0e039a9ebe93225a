"""SWA pool resolution for the paged decode backend.

Regular draft workers own private full-attention KV and skip the shared
allocator cache; frozen-KV MTP drafts read the target's cache.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, page_size: Optional[int] = None):
        self.page_size = page_size or model_runner.page_size
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve_swa_pool(model_runner)

    @staticmethod
    def _resolve_swa_pool(mr) -> Optional[SWAKVPool]:
        own = mr.token_to_kv_pool
        private_kv = mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp
        return (
            own
            if isinstance(own, SWAKVPool)
            else (
                None
                if private_kv
                else (
                    kv
                    if isinstance(kv := mr.token_to_kv_pool_allocator.get_kvcache(), SWAKVPool)
                    else None
                )
            )
        )

    def forward_decode(self, loc: torch.Tensor):
        pool, is_swa = (self.swa_pool, True) if self.swa_pool is not None else (self.pool, False)
        return pool, pool.translate_loc_from_full_to_swa(loc) if is_swa else loc
