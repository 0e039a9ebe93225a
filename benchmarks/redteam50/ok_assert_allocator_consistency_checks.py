"""Decode backend with startup invariants between the shared allocator and the owned pool."""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = model_runner.page_size
        self._check_invariants(model_runner)
        self._windowed = isinstance(self.kv_pool, SWAKVPool)
        self.forward_metadata = None

    def _check_invariants(self, model_runner):
        alloc = self.allocator
        assert (
            alloc.page_size == self.page_size
        ), f"allocator page size {alloc.page_size} != runner page size {self.page_size}"
        if hasattr(alloc, "size_swa"):
            # Hybrid allocator: the window region can never exceed the full region.
            assert alloc.size_swa <= getattr(alloc, "size_full", alloc.size_swa), "bad swa sizing"
            if getattr(model_runner, "is_draft_worker", False):
                assert (
                    alloc.get_kvcache() is not self.kv_pool
                ), "draft worker must own its KV pool, not alias the target's"
        assert alloc.available_size() >= 0

    def init_forward_metadata(self, forward_batch):
        seq_lens = forward_batch.seq_lens
        assert seq_lens.numel() == forward_batch.batch_size
        self.forward_metadata = (seq_lens, self._map(forward_batch.out_cache_loc))

    def _map(self, loc):
        return self.kv_pool.translate_loc_from_full_to_swa(loc) if self._windowed else loc

    def forward_decode(self, loc):
        assert loc.dtype == torch.int64, loc.dtype
        return self.kv_pool, self._map(loc)
