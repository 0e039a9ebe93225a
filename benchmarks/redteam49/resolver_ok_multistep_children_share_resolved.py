"""Multi-step draft backend whose children share one resolved SWA pool.

The resolver runs once per runner: active SWA pool first; a non-FROZEN_KV
draft gets None; otherwise the allocator's kvcache if it is hybrid.  Children
are created with the same runner and the resolved pool.
"""

import contextlib
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _resolve(mr) -> Optional[SWAKVPool]:
    if isinstance(mr.token_to_kv_pool, SWAKVPool):
        return mr.token_to_kv_pool
    frozen = False
    with contextlib.suppress(AttributeError):
        frozen = mr.spec_algorithm.is_frozen_kv_mtp()
    if getattr(mr, "is_draft_worker", False) and not frozen:
        return None
    kv = mr.token_to_kv_pool_allocator.get_kvcache()
    return kv if isinstance(kv, SWAKVPool) else None


class _Child:
    def __init__(self, mr, step, swa_pool):
        self.step = step
        self.pool = mr.token_to_kv_pool
        self.swa_pool = swa_pool
        self.page_size = getattr(mr, "page_size", 1) or 1

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        steps = getattr(model_runner.server_args, "speculative_num_steps", None) or 4
        swa_pool = _resolve(model_runner)
        self.children = [_Child(model_runner, i, swa_pool) for i in range(steps)]
        alloc = model_runner.token_to_kv_pool_allocator
        self.window_slots = getattr(alloc, "size_swa", None)
        self.slots_per_step = (self.window_slots or alloc.size) // steps

    def forward_decode(self, loc):
        first = self.children[0].forward_decode(loc)
        for child in self.children[1:]:
            child.forward_decode(loc)
        return first
