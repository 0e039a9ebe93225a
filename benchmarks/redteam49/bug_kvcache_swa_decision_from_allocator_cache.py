"""Backend that reports KV usage and reads window slots on hybrid models.

``pool is allocator.get_kvcache()`` tells whether this worker owns the cache
the allocator accounts for (only then are usage numbers meaningful here).
Hybrid-ness is read off the allocator's cache, which is the canonical pool.
"""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        canonical = allocator.get_kvcache()
        self.owns_accounted_cache = self.kv_pool is canonical
        self.hybrid = isinstance(canonical, SWAKVPool)
        self._allocator = allocator
        self._reads = 0

    def usage(self):
        if not self.owns_accounted_cache:
            return None
        total = self._allocator.size
        return 1.0 - self._allocator.available_size() / max(total, 1)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph_kv_indices = torch.zeros(max_num_tokens, dtype=torch.int64)
        self.graph_seq_lens = torch.ones(max_bs, dtype=torch.int32)

    def init_forward_metadata_capture_cuda_graph(self, bs: int, loc):
        n = min(loc.numel(), self.graph_kv_indices.numel())
        self.graph_kv_indices[:n].copy_(self.forward_decode(loc)[1][:n])
        return self.graph_kv_indices[:n]

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    def forward_extend(self, loc):
        return self.forward_decode(loc)

    def forward_decode(self, loc):
        self._reads += 1
        if self._reads % 1000 == 0:
            logger.debug("kv usage %s", self.usage())
        if self.hybrid:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
