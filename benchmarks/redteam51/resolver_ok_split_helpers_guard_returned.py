"""Hybrid SWA decode backend with the resolver split into small helpers.

``_own_swa_pool``, ``_is_plain_draft`` and ``_shared_swa_pool`` each answer one
question; ``_resolve_swa_pool`` strings them together with early returns.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.device = getattr(model_runner, "device", "cpu")
        self.swa_kv_pool = self._resolve_swa_pool()
        self.kv_indptr = torch.zeros(
            (getattr(model_runner, "max_running_requests", 1) or 1) + 1,
            dtype=torch.int32,
        )

    def _own_swa_pool(self) -> Optional[SWAKVPool]:
        pool = self.model_runner.token_to_kv_pool
        return pool if isinstance(pool, SWAKVPool) else None

    def _is_plain_draft(self) -> bool:
        runner = self.model_runner
        algo = getattr(runner, "spec_algorithm", SpeculativeAlgorithm.NONE)
        if not getattr(runner, "is_draft_worker", False):
            return False
        logger.debug("draft worker with %s", algo)
        return not algo.is_frozen_kv_mtp()

    def _shared_swa_pool(self) -> Optional[SWAKVPool]:
        cache = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        own = self._own_swa_pool()
        if own is not None:
            return own
        if self._is_plain_draft():
            return None
        return self._shared_swa_pool()

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.kv_indptr = torch.zeros(max_bs + 1, dtype=torch.int32)
        self.kv_indices = torch.zeros(max_num_tokens, dtype=torch.int64)

    def init_forward_metadata(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_kv_pool is None:
            return loc
        return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        locations = self.init_forward_metadata(loc)
        if self.swa_kv_pool is None:
            return self.model_runner.token_to_kv_pool, locations
        return self.swa_kv_pool, locations
