"""MTP-aware decode backend that attends over the target cache only for FROZEN_KV drafts."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.spec_algorithm = model_runner.spec_algorithm
        self.own_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator

        # A FROZEN_KV MTP head writes no KV of its own: it reads the target's cache, which is
        # the cache the shared allocator was built over. Every other runner reads its own pool.
        if self.spec_algorithm == SpeculativeAlgorithm.FROZEN_KV_MTP:
            self.read_pool = allocator.get_kvcache()
        else:
            self.read_pool = self.own_pool

        self.swa_pool: Optional[SWAKVPool] = (
            self.read_pool if isinstance(self.read_pool, SWAKVPool) else None
        )
        self.page_size = allocator.page_size
        logger.info("algo=%s reads %s", self.spec_algorithm.name, type(self.read_pool).__name__)

    def init_forward_metadata(self, seq_lens: torch.Tensor):
        self.num_pages = (seq_lens + self.page_size - 1) // self.page_size

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.read_pool, loc
