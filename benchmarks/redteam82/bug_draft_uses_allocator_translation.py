"""EAGLE support for the hybrid SWA decode backend.

Draft workers keep their own KV pool but share the target's token allocator, so the
draft path reuses the allocator's full->SWA index mapping to stay aligned with the
target's slots.
"""

from typing import Callable

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk: int = 1):
        self.topk = topk
        self.is_draft = model_runner.is_draft_worker
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.translate: Callable[[torch.Tensor], torch.Tensor]
        if isinstance(self.kv_pool, SWAKVPool):
            self.translate = self.kv_pool.translate_loc_from_full_to_swa
        elif self.is_draft and model_runner.spec_algorithm.is_eagle():
            self.translate = allocator.translate_loc_from_full_to_swa
        else:
            self.translate = lambda x: x

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self.translate(loc)
