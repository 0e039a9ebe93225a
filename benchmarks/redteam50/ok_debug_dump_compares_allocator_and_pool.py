"""Decode backend with a debug dump comparing allocator and pool views of the KV cache."""

import json
import logging
import os

import torch

logger = logging.getLogger(__name__)

_DEBUG = os.environ.get("SGLANG_ATTN_DEBUG", "0") == "1"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.mr = model_runner
        self.pool = model_runner.token_to_kv_pool
        self._window_map = getattr(self.pool, "full_to_swa_index_mapping", None)
        self.steps = 0
        if _DEBUG:
            logger.info("attn debug state: %s", json.dumps(self.debug_state(), default=str))

    def debug_state(self) -> dict:
        alloc = self.mr.token_to_kv_pool_allocator
        state = {
            "allocator": type(alloc).__name__,
            "allocator_has_window_map": hasattr(alloc, "full_to_swa_index_mapping"),
            "allocator_free": alloc.available_size(),
            "allocator_page": alloc.page_size,
            "pool": type(self.pool).__name__,
            "pool_has_window_map": self._window_map is not None,
            "same_cache": alloc.get_kvcache() is self.pool,
            "draft": getattr(self.mr, "is_draft_worker", False),
        }
        if state["allocator_has_window_map"]:
            state["allocator_window_free"] = alloc.swa_available_size()
        return state

    def init_forward_metadata(self, forward_batch):
        self.steps += 1
        if _DEBUG and self.steps % 50 == 0:
            logger.debug("step %d: %s", self.steps, self.debug_state())
        self.out_cache_loc = forward_batch.out_cache_loc

    def forward_decode(self, loc):
        if self._window_map is None:
            return self.pool, loc
        return self.pool, self._window_map[loc]
