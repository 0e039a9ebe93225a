"""Draft/target aware wrapper backend.

Draft workers keep their own dense KV cache and always use the dense child.  Target workers
use the KV cache their allocator was built for and pick the sliding-window child when that
cache is hybrid.
"""

import logging

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _DenseChild:
    def __init__(self, pool):
        self.pool = pool

    def forward_decode(self, loc: torch.Tensor):
        return self.pool, loc


class _SlidingChild:
    def __init__(self, pool: SWAKVPool):
        self.pool = pool

    def forward_decode(self, loc: torch.Tensor):
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, speculative_num_steps: int = 1):
        super().__init__()
        self.speculative_num_steps = speculative_num_steps
        self.is_draft = model_runner.is_draft_worker
        if self.is_draft:
            self.child = _DenseChild(model_runner.token_to_kv_pool)
        else:
            kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(kvcache, SWAKVPool):
                self.child = _SlidingChild(kvcache)
            else:
                self.child = _DenseChild(model_runner.token_to_kv_pool)
        logger.debug("role=%s child=%s", "draft" if self.is_draft else "target", self.child)

    def forward_decode(self, loc: torch.Tensor):
        return self.child.forward_decode(loc)
