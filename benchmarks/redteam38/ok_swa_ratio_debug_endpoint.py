"""Attention backend exposing a describe() debug endpoint with allocator and pool details."""

import logging
from typing import Any, Dict

logger = logging.getLogger(__name__)

_SWA_POOL_NAMES = frozenset({"SWAKVPool"})
_SWA_ALLOCATOR_NAMES = frozenset({"SWATokenToKVPoolAllocator"})


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        info = self.describe()
        self._window_layers = info["pool"] in _SWA_POOL_NAMES
        logger.info("attention backend: %s", info)

    def describe(self) -> Dict[str, Any]:
        """Returned verbatim by the /debug/attention endpoint."""
        alloc = self.allocator
        info: Dict[str, Any] = {
            "allocator": type(alloc).__name__,
            "pool": type(self.pool).__name__,
            "page_size": alloc.page_size,
            "draft": self.model_runner.is_draft_worker,
            "spec": str(self.model_runner.spec_algorithm),
        }
        if info["allocator"] in _SWA_ALLOCATOR_NAMES:
            info["swa_ratio"] = alloc.size_swa / max(alloc.size_full, 1)
            info["swa_free"] = alloc.swa_available_size()
        return info

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def get_kv_buffer(self, layer_id: int):
        return self.pool.get_kv_buffer(layer_id)

    def forward_decode(self, loc):
        if self._window_layers:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
