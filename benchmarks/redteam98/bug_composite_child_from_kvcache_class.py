"""Composite decode backend.

Selects a child implementation based on the concrete KV cache class that the runner's
allocator is bound to.  Children are small classes defined in this module so that the
composite can be unit-tested without a GPU.
"""

import logging

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _ChildBase:
    name = "base"

    def __init__(self, pool: KVCache):
        self.pool = pool

    def locations(self, loc: torch.Tensor) -> torch.Tensor:
        return loc

    def forward_decode(self, loc: torch.Tensor):
        return self.pool, self.locations(loc)


class _SWAChild(_ChildBase):
    name = "swa"

    def locations(self, loc: torch.Tensor) -> torch.Tensor:
        return self.pool.translate_loc_from_full_to_swa(loc)


class _DenseChild(_ChildBase):
    name = "dense"


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(kvcache, SWAKVPool):
            self.child: _ChildBase = _SWAChild(kvcache)
        else:
            self.child = _DenseChild(model_runner.token_to_kv_pool)
        logger.info("Composite backend selected child=%s", self.child.name)

    def forward_decode(self, loc: torch.Tensor):
        return self.child.forward_decode(loc)
