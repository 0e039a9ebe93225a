"""Backend using singledispatch twice: on the pool for layout, on the allocator for metric labels."""

import functools
import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@functools.singledispatch
def pool_layout(pool) -> str:
    return "dense"


@pool_layout.register
def _(pool: SWAKVPool) -> str:
    return "hybrid_swa"


@functools.singledispatch
def allocator_label(allocator) -> str:
    return "token"


@allocator_label.register
def _(allocator: SWATokenToKVPoolAllocator) -> str:
    return "swa"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.layout = pool_layout(self.kv_pool)
        self.metric_labels = {
            "allocator": allocator_label(model_runner.token_to_kv_pool_allocator),
            "layout": self.layout,
        }
        self.page_size = model_runner.page_size
        self.decode_steps = torch.zeros(1, dtype=torch.int64)
        logger.info("attention metrics labels: %s", self.metric_labels)

    def forward_decode(self, loc):
        self.decode_steps += 1
        if self.layout == "hybrid_swa":
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
