"""Decode backend with per-step KV metrics.

``_unwrap`` peels an allocator down to the cache it manages (and is a no-op
for a cache), so it can be applied to either runner object.
"""

import logging
from typing import Dict

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _unwrap(kv):
    getter = getattr(kv, "get_kvcache", None)
    return getter() if callable(getter) else kv


def _metrics(kv) -> Dict[str, object]:
    inner = _unwrap(kv)
    return {"cls": type(inner).__name__, "size": getattr(inner, "size", -1)}


class GeneratedAttnBackend:
    def __init__(self, model_runner, collect_metrics: bool = False):
        self.collect_metrics = collect_metrics
        own = model_runner.token_to_kv_pool
        if collect_metrics:
            logger.info("kv metrics: %s", _metrics(own))
        cache = _unwrap(model_runner.token_to_kv_pool_allocator)
        self.swa = cache if isinstance(cache, SWAKVPool) else None
        self.pool = self.swa if self.swa is not None else own

    def forward_decode(self, loc: torch.Tensor):
        if self.swa is None:
            return self.pool, loc
        return self.pool, self.swa.translate_loc_from_full_to_swa(loc)
