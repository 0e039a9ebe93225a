"""Decode backend for hybrid full/sliding-window attention stacks.

At startup the size of the allocator's full->SWA index mapping is logged for
capacity debugging. The decode step translates through the mapping registered
on the runner's own sliding-window pool.
"""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, strict: bool = True):
        self.model_runner = model_runner
        self.strict = strict
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator

        mapping = getattr(allocator, "full_to_swa_index_mapping", None)
        if mapping is not None:
            logger.info(
                "allocator full->swa mapping: %d entries (%s)",
                mapping.numel(),
                type(allocator).__name__,
            )

        pool = self.token_to_kv_pool
        self.swa_kv_pool = pool if isinstance(pool, SWAKVPool) else None
        if self.swa_kv_pool is not None and self.strict:
            assert (
                self.swa_kv_pool.full_to_swa_index_mapping is not None
            ), "SWA pool has no registered full->swa mapping"

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
