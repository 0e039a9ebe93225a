"""Resolve the (full, window) cache pair a hybrid backend reads from."""

from typing import NamedTuple, Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class CachePair(NamedTuple):
    full: KVCache
    window: Optional[SWAKVPool]


def resolve_cache_pair(model_runner) -> CachePair:
    own = model_runner.token_to_kv_pool
    if isinstance(own, SWAKVPool):
        return CachePair(own, own)
    spec = model_runner.spec_algorithm
    if model_runner.is_draft_worker and not spec.is_frozen_kv_mtp():
        return CachePair(own, None)
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return CachePair(own, shared if isinstance(shared, SWAKVPool) else None)


class GeneratedAttnBackend:
    def __init__(self, model_runner, window_left: int = 1023):
        self.window_left = window_left
        self.caches = resolve_cache_pair(model_runner)
        self.layer_uses_window = {}
        if self.caches.window is not None:
            self.layer_uses_window = {
                lid: is_swa for lid, (_, is_swa) in self.caches.window.layers_mapping.items()
            }

    def forward_decode(self, loc: torch.Tensor):
        window = self.caches.window
        if window is None or not any(self.layer_uses_window.values()):
            return self.caches.full, loc
        return window, window.translate_loc_from_full_to_swa(loc)
