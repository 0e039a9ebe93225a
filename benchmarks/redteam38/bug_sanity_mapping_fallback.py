"""Decode backend that binds the SWA mapping from its pool, falling back to the allocator's copy."""

import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        allocator = model_runner.token_to_kv_pool_allocator
        pool = self.token_to_kv_pool

        self.full_to_swa: Optional[torch.Tensor] = getattr(pool, "full_to_swa_index_mapping", None)
        if self.full_to_swa is None:
            # Older pools do not register the mapping on themselves; the
            # allocator always owns it.
            self.full_to_swa = getattr(allocator, "full_to_swa_index_mapping", None)
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
