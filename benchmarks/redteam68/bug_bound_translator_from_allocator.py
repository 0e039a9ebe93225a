"""Decode backend that caches the sliding-window slot translator at construction.

Hybrid SWA deployments expose ``translate_loc_from_full_to_swa`` on the token
allocator; the backend keeps a reference to it so decode can remap slots without a
per-step attribute lookup.
"""

from typing import Callable, Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, topk: int = 1):
        super().__init__()
        self.topk = topk
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.translate_swa_loc: Optional[Callable[[torch.Tensor], torch.Tensor]] = getattr(
            allocator, "translate_loc_from_full_to_swa", None
        )
        self.swa_kv_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )

    def _read_pool(self) -> KVCache:
        return self.swa_kv_pool if self.swa_kv_pool is not None else self.kv_pool

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.translate_swa_loc is None:
            return self.kv_pool, loc
        return self._read_pool(), self.translate_swa_loc(loc)
