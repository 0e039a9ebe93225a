"""Attention backend mixing in a SWA pool resolver that runs on every forward step."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class SWAPoolResolverMixin:
    """Needs ``self.model_runner`` and ``self.token_to_kv_pool`` (the active pool)."""

    def resolve_swa_kv_pool(self) -> Optional[SWAKVPool]:
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            return self.token_to_kv_pool
        runner = self.model_runner
        if runner.is_draft_worker and runner.spec_algorithm.is_none():
            return None
        kv = runner.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None


class GeneratedAttnBackend(SWAPoolResolverMixin):
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.page_size = getattr(model_runner, "page_size", 1)
        self.max_bs = getattr(model_runner, "max_running_requests", 1)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_table = torch.zeros(self.max_bs, 1, dtype=torch.int64)
        self.forward_metadata = None

    def init_forward_metadata(self, loc, mode="decode"):
        bs = loc.numel()
        self.page_table[:bs, 0] = loc
        swa_pool = self.resolve_swa_kv_pool()
        swa_table = None
        if swa_pool is not None:
            swa_table = swa_pool.translate_loc_from_full_to_swa(self.page_table[:bs, 0])
        self.forward_metadata = (self.page_table[:bs, 0].clone(), swa_pool, swa_table)

    def forward(self, loc, mode="decode", window=4096):
        self.init_forward_metadata(loc, mode)
        full, swa_pool, swa_table = self.forward_metadata
        if window > -1 and swa_pool is not None:
            return swa_pool, swa_table
        return self.token_to_kv_pool, full

    def forward_decode(self, loc):
        return self.forward(loc)
