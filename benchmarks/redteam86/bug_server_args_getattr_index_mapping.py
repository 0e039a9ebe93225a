"""Decode backend honoring ``--disable-hybrid-swa-memory``.

When hybrid SWA memory is enabled and a full-to-SWA index mapping has been set up,
sliding-window layers read from the SWA sub-pool. The decision is taken on the first
``init_forward_metadata`` and cached on the backend.
"""

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        server_args = model_runner.server_args
        self.hybrid_swa_disabled = bool(getattr(server_args, "disable_hybrid_swa_memory", False))
        self.read_pool: Optional[KVCache] = None
        self.window_active: Optional[bool] = None

    def init_forward_metadata(self) -> None:
        if self.window_active is not None:
            return
        allocator = self.model_runner.token_to_kv_pool_allocator
        mapping = getattr(allocator, "full_to_swa_index_mapping", None)
        self.window_active = not self.hybrid_swa_disabled and mapping is not None
        if self.window_active:
            self.read_pool = allocator.get_kvcache()
        else:
            self.read_pool = self.model_runner.token_to_kv_pool

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        self.init_forward_metadata()
        if self.window_active:
            return self.read_pool, self.read_pool.translate_loc_from_full_to_swa(loc)
        return self.read_pool, loc
