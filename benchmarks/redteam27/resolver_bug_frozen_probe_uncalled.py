"""Hybrid decode backend with a resolver that caches the draft and FROZEN_KV flags up front."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.is_draft_worker = bool(model_runner.is_draft_worker)
        self.is_frozen_kv = model_runner.spec_algorithm.is_frozen_kv_mtp
        self.swa_pool = self._resolve_swa_pool(model_runner)
        self.max_bs = model_runner.max_running_requests
        self.swa_loc_buf = torch.zeros(self.max_bs, dtype=torch.int64)

    def _resolve_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        if isinstance(self.pool, SWAKVPool):
            return self.pool
        if self.is_draft_worker and not self.is_frozen_kv:
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        if self.swa_pool is not None:
            n = out_cache_loc.shape[0]
            self.swa_loc_buf[:n] = self.swa_pool.translate_loc_from_full_to_swa(out_cache_loc)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
