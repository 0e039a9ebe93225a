"""Location-preparing adapter in front of a plain decode backend.

The inner backend only knows how to read a KV pool at given locations.  The adapter
optionally installs a translation callback that maps full-pool token ids to the ids
the inner backend should read at, then forwards ``forward_decode``.
"""

from typing import Callable, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

LocTranslator = Callable[[torch.Tensor], torch.Tensor]


class _PlainDecodeBackend:
    def __init__(self, kv_pool):
        self.kv_pool = kv_pool

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, loc


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, inner: Optional[_PlainDecodeBackend] = None):
        super().__init__()
        self.inner = inner or _PlainDecodeBackend(model_runner.token_to_kv_pool)
        self.translate: Optional[LocTranslator] = None

        allocator = model_runner.token_to_kv_pool_allocator
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            self.translate = allocator.translate_loc_from_full_to_swa

    def _prepare(self, loc: torch.Tensor) -> torch.Tensor:
        if self.translate is None:
            return loc
        return self.translate(loc)

    def forward_decode(self, loc: torch.Tensor):
        return self.inner.forward_decode(self._prepare(loc))
