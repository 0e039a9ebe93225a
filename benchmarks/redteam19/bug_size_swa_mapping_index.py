"""Enables the window path when the allocator reports a non-zero size_swa and indexes the allocator's full_to_swa_index_mapping at decode."""

import torch


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self._allocator = model_runner.token_to_kv_pool_allocator
        # size_swa is 0/absent for plain allocators.
        self.swa_tokens = int(getattr(self._allocator, "size_swa", 0) or 0)
        self._mapping = None

    def _full_to_swa(self, loc: torch.Tensor) -> torch.Tensor:
        if self._mapping is None:
            self._mapping = self._allocator.full_to_swa_index_mapping
        return self._mapping[loc]

    def forward_decode(self, loc):
        if self.swa_tokens > 0:
            return self.kv_pool, self._full_to_swa(loc)
        return self.kv_pool, loc
