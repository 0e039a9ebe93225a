"""Chunked decode over hybrid caches with window-bounded chunk sizes.

The per-step chunk is bounded by the sliding-window capacity so a single chunk never
spans more than one window. The window size is taken from whichever side reports it.
"""

import logging

import torch

logger = logging.getLogger(__name__)

DEFAULT_CHUNK = 8192


def _pool_window_tokens(pool) -> int:
    return int(getattr(pool, "size_swa", 0) or 0)


def _allocator_window_tokens(allocator) -> int:
    return int(getattr(allocator, "size_swa", 0) or 0)


class GeneratedAttnBackend:
    """Decode backend that processes KV in window-sized chunks."""

    def __init__(self, model_runner, chunk_size: int = DEFAULT_CHUNK):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.window_tokens = max(
            _pool_window_tokens(self.token_to_kv_pool), _allocator_window_tokens(allocator)
        )
        self.chunk_size = min(chunk_size, self.window_tokens or chunk_size)
        self.num_chunks_hint = max(1, self.token_to_kv_pool.size // self.chunk_size)
        logger.info(
            "chunk_size=%d window_tokens=%d chunks_hint=%d",
            self.chunk_size,
            self.window_tokens,
            self.num_chunks_hint,
        )

    def _chunked(self, loc: torch.Tensor):
        return torch.split(loc, self.chunk_size)

    def forward_decode(self, loc: torch.Tensor):
        if self.window_tokens:
            parts = [
                self.token_to_kv_pool.translate_loc_from_full_to_swa(part)
                for part in self._chunked(loc)
            ]
            return self.token_to_kv_pool, torch.cat(parts)
        return self.token_to_kv_pool, loc
