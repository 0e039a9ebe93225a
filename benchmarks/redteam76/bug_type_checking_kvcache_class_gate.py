"""Hybrid SWA decode backend.

Only the type annotations need the runner class; the hybrid check keys off the
class of the KV cache the allocator was built with.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

if TYPE_CHECKING:
    from sglang.srt.mem_cache.memory_pool import KVCache
    from sglang.srt.model_executor.model_runner import ModelRunner


class GeneratedAttnBackend:
    def __init__(self, model_runner: ModelRunner):
        self.model_runner = model_runner
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        kv_cls = type(model_runner.token_to_kv_pool_allocator.get_kvcache())
        self.is_hybrid_swa = issubclass(kv_cls, SWAKVPool)

    def get_decode_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.is_hybrid_swa:
            return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.token_to_kv_pool, self.get_decode_locations(loc)
