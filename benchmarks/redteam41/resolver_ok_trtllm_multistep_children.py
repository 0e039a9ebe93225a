"""TRTLLM MHA multi-step draft backend: the parent resolves the SWA pool for its children."""

import logging
from dataclasses import dataclass
from typing import List, Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _is_regular_draft(model_runner) -> bool:
    if not getattr(model_runner, "is_draft_worker", False):
        return False
    spec = getattr(model_runner, "spec_algorithm", None)
    return not (spec is not None and spec.is_frozen_kv_mtp())


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if _is_regular_draft(model_runner):
        return None
    allocator = model_runner.token_to_kv_pool_allocator
    if isinstance(allocator, SWATokenToKVPoolAllocator):
        kvcache = allocator.get_kvcache()
        if isinstance(kvcache, SWAKVPool):
            return kvcache
    return None


@dataclass
class StepBackend:
    step_id: int
    kv_pool: object
    swa_kv_pool: Optional[SWAKVPool] = None

    def page_table(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_kv_pool is None:
            return loc
        return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk: int = 1, speculative_num_steps: int = 2):
        self.topk = topk
        swa_kv_pool = resolve_swa_kv_pool(model_runner)
        own_pool = swa_kv_pool or model_runner.token_to_kv_pool
        self.attn_backends: List[StepBackend] = [
            StepBackend(step_id=i, kv_pool=own_pool, swa_kv_pool=swa_kv_pool)
            for i in range(max(1, speculative_num_steps - 1))
        ]
        allocator = model_runner.token_to_kv_pool_allocator
        page_size = max(1, getattr(model_runner, "page_size", 1))
        self.max_pages = (allocator.size + page_size - 1) // page_size

    def init_forward_metadata(self, loc: torch.Tensor) -> List[torch.Tensor]:
        return [b.page_table(loc) for b in self.attn_backends]

    def forward_decode(self, loc: torch.Tensor):
        tables = self.init_forward_metadata(loc)
        return self.attn_backends[0].kv_pool, tables[0]
