"""Multi-step draft attention backend.

Builds one child backend per draft step. Each child inspects the runner's own
``token_to_kv_pool`` to decide whether sliding-window indexing is needed.
"""

import logging
from typing import List, Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _ChildBackend:
    def __init__(self, model_runner, step_id: int):
        self.step_id = step_id
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )

    def kv_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_pool is not None:
            return self.swa_pool.translate_loc_from_full_to_swa(loc)
        return loc


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 3, topk: int = 4):
        self.topk = topk
        self.children: List[_ChildBackend] = []
        for step in range(max(1, speculative_num_steps)):
            self.children.append(_ChildBackend(model_runner, step))
        allocator = model_runner.token_to_kv_pool_allocator
        logger.info(
            "multi-step draft backend: steps=%d topk=%d free_slots=%d",
            len(self.children),
            self.topk,
            allocator.available_size(),
        )

    def forward_decode(self, loc: torch.Tensor, step_id: int = 0):
        child = self.children[step_id]
        return child.kv_pool, child.kv_indices(loc)
