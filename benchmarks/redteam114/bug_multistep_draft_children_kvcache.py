"""Multi-step EAGLE draft attention backend.

The draft worker runs ``speculative_num_steps`` forward passes per round; each
step gets its own lightweight child backend so that per-step metadata (seq
lens, page tables) can be prepared ahead of time and captured separately.
"""

import logging
from typing import List, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _DraftStepBackend:
    """Per-step child backend; owns no metadata beyond its step index."""

    def __init__(self, model_runner, step_id: int):
        self.step_id = step_id
        self.device = model_runner.device
        allocator = model_runner.token_to_kv_pool_allocator
        kvcache = allocator.get_kvcache()
        self.swa_pool: Optional[SWAKVPool] = kvcache if isinstance(kvcache, SWAKVPool) else None
        self.kv_pool = self.swa_pool if self.swa_pool is not None else kvcache

    def decode_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_pool is None:
            return loc
        return self.swa_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    """Fan-out backend holding one ``_DraftStepBackend`` per speculative step."""

    def __init__(self, model_runner, num_steps: int = 3, topk: int = 1):
        self.model_runner = model_runner
        self.topk = topk
        self.num_steps = max(1, num_steps)
        self.children: List[_DraftStepBackend] = [
            _DraftStepBackend(model_runner, step_id=i) for i in range(self.num_steps)
        ]
        logger.debug(
            "Initialized %d draft step backends (topk=%d, swa=%s)",
            self.num_steps,
            self.topk,
            self.children[0].swa_pool is not None,
        )

    def child(self, step_id: int) -> _DraftStepBackend:
        return self.children[step_id % self.num_steps]

    def forward_decode(self, loc: torch.Tensor, step_id: int = 0):
        backend = self.child(step_id)
        return backend.kv_pool, backend.decode_locations(loc)
