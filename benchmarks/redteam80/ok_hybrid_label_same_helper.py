"""Prometheus labels and decode dispatch for hybrid-attention models.

``_is_hybrid`` works on either KV object; the allocator's answer only feeds the
metrics label, the pool's answer drives the decode path.
"""

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _is_hybrid(obj) -> bool:
    return isinstance(obj, (SWAKVPool, SWATokenToKVPoolAllocator))


def _metric_labels(obj) -> dict:
    return {"kv_layout": "hybrid_swa" if _is_hybrid(obj) else "full"}


class GeneratedAttnBackend:
    def __init__(self, model_runner, export_metrics: bool = True):
        self.pool = model_runner.token_to_kv_pool
        self.labels = (
            _metric_labels(model_runner.token_to_kv_pool_allocator) if export_metrics else {}
        )
        self.swa_enabled = _is_hybrid(self.pool)
        logger.debug("labels=%s swa_enabled=%s", self.labels, self.swa_enabled)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_enabled:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
