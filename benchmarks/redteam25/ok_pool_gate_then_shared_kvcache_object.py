"""Decode backend that reuses the allocator-managed SWA pool object once the runner's pool is hybrid."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = getattr(model_runner, "page_size", 1)
        self.context_len = getattr(model_runner.model_config, "context_len", 2048)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self._swa_kv_pool: Optional[SWAKVPool] = None
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            kv = allocator.get_kvcache()
            # identical for a target; prefer the pool itself if the allocator wraps something else
            self._swa_kv_pool = kv if kv is self.token_to_kv_pool else self.token_to_kv_pool
        self.forward_metadata = None

    def init_cuda_graph_state(self, max_bs, max_num_tokens):
        self.cuda_graph_page_table = torch.zeros(
            max_bs, self.context_len // self.page_size, dtype=torch.int32
        )

    def init_forward_metadata(self, loc, mode="decode"):
        swa = None
        if self._swa_kv_pool is not None:
            swa = self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = (loc, swa, mode)

    def forward(self, loc, mode="decode", window=4096):
        self.init_forward_metadata(loc, mode)
        full, swa, _ = self.forward_metadata
        if window > -1 and swa is not None:
            return self._swa_kv_pool, swa
        return self.token_to_kv_pool, full

    def forward_decode(self, loc):
        return self.forward(loc)
