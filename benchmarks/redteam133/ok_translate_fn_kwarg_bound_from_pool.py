"""Decode backend whose index updater takes an optional translation callback.

The callback is injected by keyword so the updater does not need to know about hybrid
memory pools; a ``None`` callback means locations are used as-is.
"""

from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

TranslateFn = Callable[[torch.Tensor], torch.Tensor]


class DecodeIndexUpdater:
    def __init__(self, kv_pool, *, translate_fn: Optional[TranslateFn] = None):
        self.kv_pool = kv_pool
        self.translate_fn = translate_fn

    def __call__(self, out_cache_loc: torch.Tensor) -> torch.Tensor:
        if self.translate_fn is None:
            return out_cache_loc
        return self.translate_fn(out_cache_loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, disable_swa: bool = False):
        kv_pool = model_runner.token_to_kv_pool
        translate_fn = None
        if not disable_swa and isinstance(kv_pool, SWAKVPool):
            translate_fn = kv_pool.translate_loc_from_full_to_swa
        self.update_indices = DecodeIndexUpdater(kv_pool, translate_fn=translate_fn)
        self._allocator = model_runner.token_to_kv_pool_allocator

    def debug_str(self) -> str:
        return f"{type(self).__name__}({self._allocator.debug_print()})"

    def forward_decode(self, loc: torch.Tensor):
        locations = self.update_indices(loc)
        return self.update_indices.kv_pool, locations
