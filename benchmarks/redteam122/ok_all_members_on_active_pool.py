"""Decode backend that detects hybrid sliding-window caches by capability.

A pool counts as hybrid SWA when it exposes every member the decode kernels need. The
check runs against the pool the backend reads, so it works for any pool class that
implements the SWA interface.
"""

import logging
from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)

_REQUIRED_SWA_MEMBERS = ("translate_loc_from_full_to_swa", "full_to_swa_index_mapping", "size_swa")


def pool_supports_swa(pool: KVCache) -> bool:
    return all(hasattr(pool, name) for name in _REQUIRED_SWA_MEMBERS)


class GeneratedAttnBackend:
    def __init__(self, model_runner, kv_layout: str = "NHD"):
        self.model_runner = model_runner
        self.kv_layout = kv_layout
        self.page_size = model_runner.page_size
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.is_hybrid_swa = pool_supports_swa(self.kv_pool)

    def _decode_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.is_hybrid_swa:
            return loc
        return self.kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        indices = self._decode_indices(loc)
        if self.is_hybrid_swa:
            logger.debug("SWA decode over %d tokens", indices.numel())
        return self.kv_pool, indices
