"""Backend whose __new__ picks a windowed subclass based on the runner's own KV pool."""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __new__(cls, model_runner):
        if cls is GeneratedAttnBackend and isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            cls = WindowedAttnBackend
        return super().__new__(cls)

    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = allocator.page_size
        logger.info(
            "%s over %s (allocator %s)",
            type(self).__name__,
            type(self.token_to_kv_pool).__name__,
            type(allocator).__name__,
        )
        self.kv_indptr = torch.zeros(model_runner.max_running_requests + 1, dtype=torch.int32)

    def _decode_locations(self, loc: torch.Tensor) -> torch.Tensor:
        return loc

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        lens = forward_batch.seq_lens.to(torch.int32)
        self.last_page_len = (lens - 1) % self.page_size + 1
        self.batch_size = bs

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._decode_locations(loc)


class WindowedAttnBackend(GeneratedAttnBackend):
    def _decode_locations(self, loc: torch.Tensor) -> torch.Tensor:
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
