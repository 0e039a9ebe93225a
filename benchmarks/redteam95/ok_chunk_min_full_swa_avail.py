"""Decode backend that picks its merge-chunk size from free allocator capacity.

The hybrid pool keeps its full and sliding-window buffers as sub-pools; this backend
detects that layout on the pool it reads and translates decode locations there.
"""

import logging

import torch

logger = logging.getLogger(__name__)


def _free_tokens(allocator) -> int:
    full = getattr(allocator, "full_available_size", allocator.available_size)()
    window = getattr(allocator, "swa_available_size", allocator.available_size)()
    return min(full, window)


def pick_chunk_size(allocator, page_size: int, upper: int = 4096) -> int:
    free = _free_tokens(allocator)
    chunk = max(page_size, min(upper, free // 4))
    return chunk - chunk % max(page_size, 1)


class GeneratedAttnBackend:
    def __init__(self, model_runner, upper_chunk: int = 4096):
        self.page_size = model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        self.chunk_size = pick_chunk_size(
            model_runner.token_to_kv_pool_allocator, self.page_size, upper_chunk
        )
        self.has_window_subpool = getattr(self.kv_pool, "swa_kv_pool", None) is not None
        logger.debug("chunk_size=%d window_subpool=%s", self.chunk_size, self.has_window_subpool)

    def forward_decode(self, loc: torch.Tensor):
        if not self.has_window_subpool:
            return self.kv_pool, loc
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
