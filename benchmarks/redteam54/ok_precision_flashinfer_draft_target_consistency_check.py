"""FlashInfer backend that cross-checks draft/target KV ownership at startup."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.is_draft_worker = getattr(model_runner, "is_draft_worker", False)
        self.spec_algorithm = getattr(model_runner, "spec_algorithm", None)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.shares_target_cache = self._verify_ownership()
        self.use_swa = isinstance(self.token_to_kv_pool, SWAKVPool)
        self.kv_indices: Optional[torch.Tensor] = None

    def _verify_ownership(self) -> bool:
        backing = self.allocator.get_kvcache()
        same = backing is self.token_to_kv_pool
        if isinstance(self.allocator, SWATokenToKVPoolAllocator) and not same:
            if not self.is_draft_worker:
                raise RuntimeError("target worker reads a pool its SWA allocator does not back")
            logger.info(
                "draft (%s) shares the SWA allocator but owns %s",
                self.spec_algorithm,
                type(self.token_to_kv_pool).__name__,
            )
        return same

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.kv_indices = torch.zeros(max_num_tokens, dtype=torch.int64)

    def init_forward_metadata(self, loc: torch.Tensor):
        if self.use_swa:
            self.kv_indices = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        else:
            self.kv_indices = loc

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self.kv_indices
