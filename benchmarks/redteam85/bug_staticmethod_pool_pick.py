"""FlashInfer-style decode wrapper with static pool helpers.

Pool selection and location mapping are kept in static helpers so the
cuda-graph capture path can reuse them without a backend instance.
"""

from __future__ import annotations

import logging
from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    """Decode backend built around two static helpers."""

    def __init__(self, model_runner, use_tensor_cores: bool = False):
        self.model_runner = model_runner
        self.use_tensor_cores = use_tensor_cores
        self.kv_pool = self._pick_pool(model_runner)
        self.is_hybrid = isinstance(model_runner.token_to_kv_pool, SWAKVPool)
        logger.info(
            "decode backend: pool=%s hybrid=%s", type(self.kv_pool).__name__, self.is_hybrid
        )

    @staticmethod
    def _pick_pool(model_runner) -> KVCache:
        # The allocator owns the canonical cache handle for this worker.
        return model_runner.token_to_kv_pool_allocator.get_kvcache()

    @staticmethod
    def _map_locations(pool: KVCache, loc: torch.Tensor, hybrid: bool) -> torch.Tensor:
        if not hybrid:
            return loc
        return pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        locations = self._map_locations(self.kv_pool, loc, self.is_hybrid)
        return self.kv_pool, locations
