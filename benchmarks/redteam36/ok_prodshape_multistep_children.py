"""Multi-step draft-style decode backend whose per-step children read the runner's own pool."""

import logging
from typing import List, Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _StepBackend:
    def __init__(self, model_runner, step_id: int):
        self.step_id = step_id
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = (
            self.token_to_kv_pool if isinstance(self.token_to_kv_pool, SWAKVPool) else None
        )

    def locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_kv_pool is None:
            return loc
        return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 3):
        allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = int(getattr(allocator, "page_size", 1) or 1)
        # All steps share one allocator, so size the index scratch off its budget.
        self.max_tokens = int(getattr(allocator, "size", 0))
        self.speculative_num_steps = speculative_num_steps
        self.attn_backends: List[_StepBackend] = [
            _StepBackend(model_runner, i) for i in range(max(1, speculative_num_steps - 1))
        ]
        logger.debug(
            "%d step backends over %s (max_tokens=%d)",
            len(self.attn_backends),
            type(allocator).__name__,
            self.max_tokens,
        )

    def forward_decode(self, loc, step: int = 0):
        backend = self.attn_backends[step]
        pool = backend.swa_kv_pool or backend.token_to_kv_pool
        return pool, backend.locations(loc)
