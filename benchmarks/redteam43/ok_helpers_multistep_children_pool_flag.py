"""Multi-step decode backend that fans out to one child backend per speculative step."""

import logging
from typing import List

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _StepDecodeBackend:
    """A single step's backend; the parent tells it whether its pool is windowed."""

    def __init__(self, model_runner, step_id: int, *, swa_pool: bool):
        self.step_id = step_id
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = swa_pool

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool:
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        server_args = getattr(model_runner, "server_args", None)
        self.speculative_num_steps = max(
            1, int(getattr(server_args, "speculative_num_steps", None) or 1)
        )
        allocator = model_runner.token_to_kv_pool_allocator
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            logger.info("shared SWA allocator with %d window slots", allocator.size_swa)
        windowed = isinstance(model_runner.token_to_kv_pool, SWAKVPool)
        self.attn_backends: List[_StepDecodeBackend] = [
            _StepDecodeBackend(model_runner, i, swa_pool=windowed)
            for i in range(self.speculative_num_steps)
        ]

    def _backend_for(self, step: int) -> _StepDecodeBackend:
        return self.attn_backends[min(step, len(self.attn_backends) - 1)]

    def forward_decode(self, loc):
        return self._backend_for(0).forward_decode(loc)
