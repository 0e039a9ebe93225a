"""Decode backend that finds the hybrid KV view through single dispatch on the allocator type."""

import functools
import logging
from typing import Optional

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@functools.singledispatch
def hybrid_kv_view(allocator) -> Optional[SWAKVPool]:
    return None


@hybrid_kv_view.register
def _(allocator: SWATokenToKVPoolAllocator) -> Optional[SWAKVPool]:
    return allocator.get_kvcache()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            self.swa_kv_pool = self.token_to_kv_pool
        else:
            self.swa_kv_pool = hybrid_kv_view(model_runner.token_to_kv_pool_allocator)
        self.is_draft_worker = model_runner.is_draft_worker
        if self.is_draft_worker:
            logger.info("draft backend, swa=%s", self.swa_kv_pool is not None)

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_max_bs = max_bs
