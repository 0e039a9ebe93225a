"""Hybrid SWA attention backend with a weakly-held runner and a pool resolver.

``_resolve_swa_pool`` decides which ``SWAKVPool`` (if any) this worker's SWA
layers read.  A draft worker that owns its own KV pool reads that pool; only
frozen-KV MTP drafts read the target's cache through the shared allocator.
"""

import logging
import weakref
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _resolve_swa_pool(runner_ref: "weakref.ReferenceType") -> Optional[SWAKVPool]:
    runner = runner_ref()
    if runner is None:
        return None
    active = runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
        # The draft owns a full-attention pool of its own.
        return None
    backing = runner.token_to_kv_pool_allocator.get_kvcache()
    return backing if isinstance(backing, SWAKVPool) else None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, topk: int = 1):
        super().__init__()
        self._runner_ref = weakref.ref(model_runner)
        self.topk = topk
        self.swa_pool = _resolve_swa_pool(self._runner_ref)
        if self.swa_pool is not None:
            logger.info("SWA layers read window pool %s", type(self.swa_pool).__name__)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self._runner_ref().token_to_kv_pool, loc
