"""Paged decode backend that walks pool sources recursively.

The resolver starts at the runner's own KV pool and only descends into the
allocator's backing cache when the runner reads that cache.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_MAX_DEPTH = 2


def _next_source(model_runner, depth: int):
    if depth == 0:
        return model_runner.token_to_kv_pool
    if depth == 1:
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        return model_runner.token_to_kv_pool_allocator.get_kvcache()
    return None


def resolve_swa_pool(model_runner, depth: int = 0) -> Optional[SWAKVPool]:
    if depth >= _MAX_DEPTH:
        return None
    source = _next_source(model_runner, depth)
    if source is None:
        return None
    if isinstance(source, SWAKVPool):
        return source
    return resolve_swa_pool(model_runner, depth + 1)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        self.kv_indptr = torch.zeros(65, dtype=torch.int64)
        self.kv_last_page_len = torch.ones(64, dtype=torch.int32)

    def _decode_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_pool is not None:
            return self.swa_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor):
        bs = loc.shape[0]
        self.kv_indptr[: bs + 1] = torch.arange(bs + 1)
        pool = self.swa_pool if self.swa_pool is not None else self.kv_pool
        return pool, self._decode_indices(loc)
