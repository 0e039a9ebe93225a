"""Decode backend that sanity-checks the target's SWA mapping against the allocator at init."""

import logging
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        allocator = model_runner.token_to_kv_pool_allocator
        pool = self.token_to_kv_pool

        self.full_to_swa: Optional[torch.Tensor] = None
        if isinstance(pool, SWAKVPool):
            self.full_to_swa = pool.full_to_swa_index_mapping
            if not model_runner.is_draft_worker:
                # The target's pool and allocator must agree on the mapping, or
                # frees on one side would leak slots on the other.
                assert (
                    self.full_to_swa is allocator.full_to_swa_index_mapping
                ), "SWA pool and allocator disagree on full_to_swa_index_mapping"
        assert allocator.page_size == model_runner.page_size, "page size mismatch"
        logger.debug("swa mapping bound: %s", self.full_to_swa is not None)

    def _translate(self, loc: torch.Tensor) -> torch.Tensor:
        assert self.full_to_swa is not None
        return self.full_to_swa[loc]

    def init_forward_metadata(self, req_pool_indices, seq_lens):
        max_len = int(seq_lens.max().item())
        page_table = self.req_to_token[req_pool_indices, :max_len]
        if self.full_to_swa is not None:
            page_table = self._translate(page_table)
        return page_table

    def forward_decode(self, loc):
        if self.full_to_swa is not None:
            return self.token_to_kv_pool, self._translate(loc)
        return self.token_to_kv_pool, loc
