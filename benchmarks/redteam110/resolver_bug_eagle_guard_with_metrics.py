"""Decode backend resolving its SWA pool with per-branch metric labels.

The resolver prefers the runner's pool, skips borrowing for draft workers of
non-EAGLE speculative algorithms, and otherwise uses the allocator's backing
cache when it is hybrid. The chosen source is kept as a metrics label.
"""

from __future__ import annotations

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_pool_with_label(model_runner) -> Tuple[Optional[SWAKVPool], str]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool, "runner_pool"
    spec = model_runner.spec_algorithm
    if model_runner.is_draft_worker and not spec.is_eagle():
        return None, "draft_disabled"
    backing = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(backing, SWAKVPool):
        return backing, "allocator_backing"
    return None, "none"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool, self.swa_source_label = resolve_swa_pool_with_label(model_runner)
        self.metric_labels = {
            "role": "draft" if model_runner.is_draft_worker else "target",
            "swa_source": self.swa_source_label,
        }
        logger.info("attention KV source: %s", self.metric_labels)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
