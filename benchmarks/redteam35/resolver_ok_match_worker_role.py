"""Backend resolving its SWA pool by matching on the worker's speculative role."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # Reported in the server's memory summary.
        self.stats = {
            "allocator": type(allocator).__name__,
            "has_swa_mapping": hasattr(allocator, "full_to_swa_index_mapping"),
        }
        self.swa_kv_pool = self._resolve(model_runner)

    @staticmethod
    def _resolve(model_runner) -> Optional[SWAKVPool]:
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        role = (
            bool(model_runner.is_draft_worker),
            model_runner.spec_algorithm.is_frozen_kv_mtp(),
        )
        match role:
            case (True, False):
                # Regular draft: its own pool holds everything it reads.
                return None
            case _:
                kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
                return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
