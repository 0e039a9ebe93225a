"""Backend with cached_property accessors; pages come from the allocator, the window from the pool."""

import logging
from functools import cached_property
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.device = model_runner.device
        self.max_bs = model_runner.max_running_requests
        logger.info(
            "backend init: allocator=%s page_size=%d swa=%s",
            self.allocator_kind,
            self.page_size,
            self.swa_pool is not None,
        )

    @cached_property
    def allocator_kind(self) -> str:
        return type(self.model_runner.token_to_kv_pool_allocator).__name__

    @cached_property
    def page_size(self) -> int:
        # the allocator rounds every request up to whole pages
        return getattr(self.model_runner.token_to_kv_pool_allocator, "page_size", 1)

    @cached_property
    def kv_pool(self):
        return self.model_runner.token_to_kv_pool

    @cached_property
    def swa_pool(self) -> Optional[SWAKVPool]:
        pool = self.kv_pool
        return pool if isinstance(pool, SWAKVPool) else None

    @cached_property
    def kv_last_page_len(self) -> torch.Tensor:
        return torch.ones(self.max_bs, dtype=torch.int32, device=self.device)

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        last = (forward_batch.seq_lens - 1) % self.page_size + 1
        self.kv_last_page_len[:bs].copy_(last)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
