"""Backend that resolves its SWA pool at init and re-checks it lazily through a property."""

import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _as_swa(pool) -> Optional[SWAKVPool]:
    return pool if isinstance(pool, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        return _as_swa(model_runner.token_to_kv_pool_allocator.get_kvcache())

    @property
    def swa_kv_pool(self) -> Optional[SWAKVPool]:
        if self._swa_kv_pool is None:
            # The hybrid cache is attached to the allocator after the backends
            # are constructed; pick it up on first use.
            allocator = self._runner.token_to_kv_pool_allocator
            self._swa_kv_pool = _as_swa(allocator.get_kvcache())
        return self._swa_kv_pool

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_max_bs = max_bs

    def forward_decode(self, loc):
        swa_pool = self.swa_kv_pool
        if swa_pool is None:
            return self.token_to_kv_pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
