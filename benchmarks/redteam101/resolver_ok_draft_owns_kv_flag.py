"""Paged decode backend with a speculative-aware SWA resolver method.

``_draft_owns_kv`` captures whether this runner is a draft with a private
cache; such a runner never borrows the target's window buffers.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 2, topk: int = 2):
        self.model_runner = model_runner
        self.pool: KVCache = model_runner.token_to_kv_pool
        spec: SpeculativeAlgorithm = model_runner.spec_algorithm
        self.speculative_num_steps = speculative_num_steps
        self.topk = topk
        self._draft_owns_kv = model_runner.is_draft_worker and not spec.is_frozen_kv_mtp()
        self.swa_pool = self._resolve_swa_pool()
        logger.info(
            "backend ready: spec=%s draft_owns_kv=%s swa=%s",
            spec,
            self._draft_owns_kv,
            self.swa_pool is not None,
        )

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        if isinstance(self.pool, SWAKVPool):
            return self.pool
        if self._draft_owns_kv:
            return None
        cache = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_pool
        if swa is None:
            return self.pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)

    def forward_draft_decode(self, loc: torch.Tensor, step: int = 0):
        if step >= self.speculative_num_steps:
            raise IndexError(step)
        return self.forward_decode(loc)

    def forward_target_verify(self, loc: torch.Tensor):
        return self.forward_decode(loc)
