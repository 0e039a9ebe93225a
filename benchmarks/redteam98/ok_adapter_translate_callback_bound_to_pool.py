"""Adapter that prepares decode locations before forwarding to an inner backend.

When the runner's KV pool is hybrid, the adapter binds the pool's own full->SWA translation
as a callback; otherwise locations pass through unchanged.
"""

from typing import Callable, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _InnerDecodeBackend:
    def __init__(self, kv_pool):
        self.kv_pool = kv_pool

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, loc


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, inner: Optional[_InnerDecodeBackend] = None):
        super().__init__()
        pool = model_runner.token_to_kv_pool
        self.inner = inner or _InnerDecodeBackend(pool)
        self.loc_translator: Optional[Callable[[torch.Tensor], torch.Tensor]] = None
        if isinstance(pool, SWAKVPool):
            self.loc_translator = pool.translate_loc_from_full_to_swa
        self._allocator = model_runner.token_to_kv_pool_allocator

    def _prepare_locations(self, loc: torch.Tensor) -> torch.Tensor:
        return loc if self.loc_translator is None else self.loc_translator(loc)

    def debug_state(self) -> str:
        return f"adapter(translate={self.loc_translator is not None}, alloc={self._allocator!r})"

    def forward_decode(self, loc: torch.Tensor):
        return self.inner.forward_decode(self._prepare_locations(loc))
