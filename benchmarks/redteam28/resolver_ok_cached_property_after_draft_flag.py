"""Backend whose SWA pool is a cached_property, first touched after the runner facts are set."""

import logging
from functools import cached_property
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.is_draft = model_runner.is_draft_worker
        self.frozen_kv = model_runner.spec_algorithm.is_frozen_kv_mtp()
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.token_to_kv_pool_allocator.page_size
        self.max_bs = model_runner.max_running_requests
        self._init_decode_buffers()

    def _init_decode_buffers(self):
        self.cache_seqlens = torch.zeros(self.max_bs, dtype=torch.int32)
        if self.swa_pool is not None:
            self.swa_cache_loc = torch.zeros(self.max_bs, dtype=torch.int64)

    @cached_property
    def swa_pool(self) -> Optional[SWAKVPool]:
        mr = self.model_runner
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        if self.is_draft and not self.frozen_kv:
            return None
        kvcache = mr.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
