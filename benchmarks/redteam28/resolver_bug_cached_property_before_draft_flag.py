"""Backend whose SWA pool is a cached_property resolved while buffers are allocated."""

import logging
from functools import cached_property
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size
        self.max_bs = model_runner.max_running_requests
        self.max_context_len = model_runner.model_config.context_len
        self._init_decode_buffers()
        self.is_draft = model_runner.is_draft_worker
        self.topk = getattr(model_runner.server_args, "speculative_eagle_topk", None) or 1

    def _init_decode_buffers(self):
        shape = (self.max_bs, self.max_context_len)
        self.page_table = torch.zeros(shape, dtype=torch.int32)
        self.swa_page_table = (
            torch.zeros(shape, dtype=torch.int32) if self.swa_pool is not None else None
        )

    @cached_property
    def swa_pool(self) -> Optional[SWAKVPool]:
        mr = self.model_runner
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        if getattr(self, "is_draft", False) and not mr.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = mr.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
