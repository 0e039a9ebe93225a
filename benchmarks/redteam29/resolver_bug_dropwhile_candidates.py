"""Backend that walks a chain of SWA-pool candidates and takes the first one that yields a pool."""

import itertools
import logging
from typing import Callable, Iterable, Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _as_swa(pool) -> Optional[SWAKVPool]:
    return pool if isinstance(pool, SWAKVPool) else None


def _own_pool(model_runner) -> Optional[SWAKVPool]:
    return _as_swa(model_runner.token_to_kv_pool)


def _shared_pool(model_runner) -> Optional[SWAKVPool]:
    return _as_swa(model_runner.token_to_kv_pool_allocator.get_kvcache())


def _regular_draft_gate(model_runner) -> Optional[SWAKVPool]:
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        # Regular drafts keep their own KV: no SWA pool for them.
        return None
    return _shared_pool(model_runner)


# Kept last so runners wired without a draft flag still find the hybrid cache.
_CHAIN: Iterable[Callable] = (_own_pool, _regular_draft_gate, _shared_pool)


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    results = (step(model_runner) for step in _CHAIN)
    return next(itertools.dropwhile(lambda pool: pool is None, results), None)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.cuda_graph_metadata = {}

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_metadata["max_bs"] = max_bs
        self.cuda_graph_metadata["swa"] = self.swa_kv_pool is not None

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
