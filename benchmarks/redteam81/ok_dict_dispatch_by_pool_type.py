"""Decode backend with per-pool-type location translators.

Location translation is looked up by the concrete pool class; pools without
an entry read at the full-attention locations unchanged.
"""

from typing import Callable, Dict

import torch

from sglang.srt.mem_cache.memory_pool import KVCache, MHATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

Translator = Callable[[KVCache, torch.Tensor], torch.Tensor]

_IDENTITY: Translator = lambda pool, loc: loc

LOC_TRANSLATORS: Dict[type, Translator] = {
    SWAKVPool: lambda pool, loc: pool.translate_loc_from_full_to_swa(loc),
    MHATokenToKVPool: _IDENTITY,
}


class GeneratedAttnBackend:
    def __init__(self, model_runner, kv_layout: str = "NHD"):
        self.kv_layout = kv_layout
        self.pool = model_runner.token_to_kv_pool
        self._translate = next(
            (fn for cls, fn in LOC_TRANSLATORS.items() if isinstance(self.pool, cls)),
            _IDENTITY,
        )

    def describe(self) -> str:
        return f"{type(self).__name__}(pool={type(self.pool).__name__}, layout={self.kv_layout})"

    def forward_decode(self, loc: torch.Tensor):
        return self.pool, self._translate(self.pool, loc)
