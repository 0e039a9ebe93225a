"""Resolver used by the multi-step draft backend to find the SWA cache.

Arguments are passed by keyword so call sites read unambiguously.  The shared
cache is consulted first because it is what the scheduler allocated against.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_pool(*, active, shared, is_draft: bool = False) -> Optional[SWAKVPool]:
    kv = shared.get_kvcache()
    if isinstance(kv, SWAKVPool):
        return kv
    if isinstance(active, SWAKVPool):
        return active
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, step_id: int = 0):
        self.step_id = step_id
        self.active = model_runner.token_to_kv_pool
        self.swa = resolve_swa_pool(
            active=self.active,
            shared=model_runner.token_to_kv_pool_allocator,
            is_draft=model_runner.is_draft_worker,
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa is None:
            return self.active, loc
        return self.swa, self.swa.translate_loc_from_full_to_swa(loc)
