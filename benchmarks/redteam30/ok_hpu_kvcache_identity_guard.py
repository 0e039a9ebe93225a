"""HPU paged attention backend; uses the allocator's kvcache only when it is our pool."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class HPUPagedMetadata:
    block_list: Optional[torch.Tensor] = None
    block_offsets: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if kvcache is not self.kv_pool:
            # Speculative draft workers: shared allocator, separate KV buffers.
            logger.debug("HPU backend: allocator kvcache differs from the runner's pool")
        self.sliding = kvcache is self.kv_pool and isinstance(kvcache, SWAKVPool)
        self.metadata = HPUPagedMetadata()

    def init_forward_metadata(self, forward_batch):
        loc = forward_batch.out_cache_loc
        self.metadata = HPUPagedMetadata(
            block_list=loc // self.page_size, block_offsets=loc % self.page_size
        )

    def forward_decode(self, loc):
        if self.sliding:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
