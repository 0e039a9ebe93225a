"""Decode backend that unwraps nested KV-cache holders to find an SWA pool.

Allocators and wrapper pools expose their backing cache through
``get_kvcache()``; the resolver unwraps these recursively.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _unwrap_swa(holder, seen: Optional[set] = None) -> Optional[SWAKVPool]:
    seen = seen if seen is not None else set()
    if holder is None or id(holder) in seen:
        return None
    seen.add(id(holder))
    if isinstance(holder, SWAKVPool):
        return holder
    getter = getattr(holder, "get_kvcache", None)
    if getter is None:
        return None
    return _unwrap_swa(getter(), seen)


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    pool = _unwrap_swa(model_runner.token_to_kv_pool)
    if pool is not None:
        return pool
    if model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp():
        logger.debug("frozen-KV MTP draft reads the target cache")
    return _unwrap_swa(model_runner.token_to_kv_pool_allocator)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        self.cuda_graph_swa_indices = torch.zeros(128, dtype=torch.int64)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        n = loc.numel()
        self.cuda_graph_swa_indices[:n] = self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_pool, self.cuda_graph_swa_indices[:n]
