"""Decode backend exposing a ``debug_dump()`` snapshot of its KV cache wiring.

The dump lists both the cache the allocator was built for and the cache this
backend reads, which makes it easy to spot workers that share an allocator
with another runner (for example an EAGLE draft next to its target).
"""

from __future__ import annotations

import json
import logging
from typing import Any, Dict

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, dump_on_init: bool = False):
        self.model_runner = model_runner
        self.req_to_token = model_runner.req_to_token_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self.pool if isinstance(self.pool, SWAKVPool) else None
        if dump_on_init:
            logger.info("kv wiring: %s", json.dumps(self.debug_dump(), default=str))

    def debug_dump(self) -> Dict[str, Any]:
        backing = self.allocator.get_kvcache()
        return {
            "is_draft_worker": self.model_runner.is_draft_worker,
            "spec_algorithm": str(self.model_runner.spec_algorithm),
            "allocator_class": type(self.allocator).__name__,
            "allocator_backing_cache": type(backing).__name__,
            "allocator_backing_is_swa": isinstance(backing, SWAKVPool),
            "read_pool_class": type(self.pool).__name__,
            "read_pool_is_swa": self.swa_pool is not None,
            "shares_backing_cache": backing is self.pool,
            "available_size": self.allocator.available_size(),
            "allocator_debug": self.allocator.debug_print(),
            "req_slots": self.req_to_token.size,
        }

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
