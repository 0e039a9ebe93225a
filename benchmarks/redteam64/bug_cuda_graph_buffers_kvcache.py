"""Decode backend with CUDA-graph capture buffers for hybrid SWA models.

Graph replay needs every buffer preallocated for the largest captured batch. The
location buffers are clamped to the pool size and the allocator's page size is
checked against the runner so that padded pages line up with the pool layout.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 160, max_context_len: int = 4096):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        allocator = model_runner.token_to_kv_pool_allocator
        if allocator.page_size != self.page_size:
            raise ValueError(
                f"allocator page_size={allocator.page_size} does not match "
                f"runner page_size={self.page_size}"
            )

        self.kv_pool = allocator.get_kvcache()
        self.swa_kv_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )

        max_tokens = min(max_context_len, self.kv_pool.size)
        self.max_bs = max_bs
        self.cuda_graph_kv_indices = torch.zeros(
            (max_bs * max_tokens,), dtype=torch.int64, device=self.device
        )
        self.cuda_graph_swa_kv_indices = None
        if self.swa_kv_pool is not None:
            swa_tokens = min(max_context_len, self.swa_kv_pool.size_swa)
            self.cuda_graph_swa_kv_indices = torch.zeros(
                (max_bs * swa_tokens,), dtype=torch.int64, device=self.device
            )
        logger.info(
            "Reserved graph buffers for bs=%d (swa=%s, free kv slots=%d)",
            max_bs,
            self.swa_kv_pool is not None,
            allocator.available_size(),
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
