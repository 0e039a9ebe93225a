"""Resolver helper returning both the SWA pool and a status record.

``resolve_swa_pool_with_status`` is shared by the decode and extend paths of
this backend; the status record feeds the ``/debug/attention`` endpoint.
"""

import logging
from typing import Any, Dict, Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_pool_with_status(model_runner) -> Tuple[Optional[SWAKVPool], Dict[str, Any]]:
    allocator = model_runner.token_to_kv_pool_allocator
    status: Dict[str, Any] = {
        "allocator_cls": type(allocator).__name__,
        "allocator_free": int(allocator.available_size()),
        "is_draft": bool(model_runner.is_draft_worker),
    }
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        status["source"] = "runner_pool"
        return pool, status
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        status["source"] = "draft_full_pool"
        return None, status
    shared = allocator.get_kvcache()
    if isinstance(shared, SWAKVPool):
        status["source"] = "allocator_cache"
        return shared, status
    status["source"] = "none"
    return None, status


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool, self.resolution_status = resolve_swa_pool_with_status(model_runner)
        logger.debug("swa pool resolution: %s", self.resolution_status)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
