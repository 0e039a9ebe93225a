"""Structural check on the cache the allocator writes into.

The backend asks the allocator for its backing cache and, if that cache speaks
the SWA translation protocol, uses it to address the sliding-window layers.
"""

from typing import Optional, Protocol, Tuple, runtime_checkable

import torch

from sglang.srt.mem_cache.memory_pool import KVCache


@runtime_checkable
class FullToSWATranslator(Protocol):
    def translate_loc_from_full_to_swa(self, kv_indices: torch.Tensor) -> torch.Tensor: ...


class _SWAState:
    __slots__ = ("translator", "num_translated")

    def __init__(self, translator: Optional[FullToSWATranslator]):
        self.translator = translator
        self.num_translated = 0


class GeneratedAttnBackend:
    def __init__(self, model_runner, track_stats: bool = False):
        self.track_stats = track_stats
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        backing = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.swa = _SWAState(backing if isinstance(backing, FullToSWATranslator) else None)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        translator = self.swa.translator
        if translator is None:
            return self.kv_pool, loc
        if self.track_stats:
            self.swa.num_translated += int(loc.numel())
        return translator, translator.translate_loc_from_full_to_swa(loc)
