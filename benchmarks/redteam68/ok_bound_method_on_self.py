"""FlashInfer-like decode wrapper for models that mix full and sliding-window layers.

The sliding-window index translator is resolved once from the active KV pool and
stored as a bound method; decode calls it directly.
"""

from typing import Callable, Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, kv_pool: Optional[KVCache] = None):
        super().__init__()
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.kv_pool = kv_pool if kv_pool is not None else model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.to_swa_loc: Optional[Callable[[torch.Tensor], torch.Tensor]] = (
            self.kv_pool.translate_loc_from_full_to_swa
            if isinstance(self.kv_pool, SWAKVPool)
            else None
        )

    @property
    def uses_sliding_window(self) -> bool:
        return self.to_swa_loc is not None

    def free_scratch(self, scratch_loc: torch.Tensor) -> None:
        # Scratch slots come from the shared allocator; give them back there.
        if scratch_loc.numel():
            self.allocator.free(scratch_loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if not self.uses_sliding_window:
            return self.kv_pool, loc
        return self.kv_pool, self.to_swa_loc(loc)
