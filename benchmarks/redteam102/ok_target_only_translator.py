"""Decode backend with a translator bound once at construction.

Target runners that own a sliding-window pool bind the allocator's
full->SWA translation (it validates that the mapping is registered); draft
workers and full-attention models get an identity translator.
"""

from typing import Callable

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _identity(loc: torch.Tensor) -> torch.Tensor:
    return loc


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.is_target_swa = not model_runner.is_draft_worker and isinstance(
            self.kv_pool, SWAKVPool
        )
        self.translate: Callable[[torch.Tensor], torch.Tensor] = _identity
        if self.is_target_swa:
            self.translate = model_runner.token_to_kv_pool_allocator.translate_loc_from_full_to_swa
        elif isinstance(self.kv_pool, SWAKVPool):
            self.translate = self.kv_pool.translate_loc_from_full_to_swa

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self.translate(loc)
