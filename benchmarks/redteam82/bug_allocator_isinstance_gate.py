"""FlashInfer decode wrapper port with sliding-window support.

Hybrid SWA detection follows the allocator type, mirroring how the scheduler
decides whether to budget sliding-window tokens separately.
"""

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, use_tensor_cores: bool = False):
        self.model_runner = model_runner
        self.use_tensor_cores = use_tensor_cores
        allocator = model_runner.token_to_kv_pool_allocator
        self.is_hybrid_swa = isinstance(allocator, SWATokenToKVPoolAllocator)
        if self.is_hybrid_swa:
            self.kv_pool = allocator.get_kvcache()
        else:
            self.kv_pool = model_runner.token_to_kv_pool
        logger.info(
            "FlashInfer decode backend: hybrid_swa=%s tensor_cores=%s",
            self.is_hybrid_swa,
            use_tensor_cores,
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.is_hybrid_swa:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
