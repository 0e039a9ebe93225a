"""SWA pool resolver template whose subclass hook decides which runners share the target cache."""

import abc
import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class SWAResolvingBackend(abc.ABC):
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self.resolve_swa_kv_pool(model_runner)

    def resolve_swa_kv_pool(self, model_runner) -> Optional[SWAKVPool]:
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            return self.token_to_kv_pool
        if not self.shares_allocator(model_runner):
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    @abc.abstractmethod
    def shares_allocator(self, model_runner) -> bool: ...


class GeneratedAttnBackend(SWAResolvingBackend):
    def shares_allocator(self, model_runner) -> bool:
        # Draft workers are handed the target's token_to_kv_pool_allocator.
        return bool(model_runner.is_draft_worker) or model_runner.spec_algorithm.is_none()

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = None
