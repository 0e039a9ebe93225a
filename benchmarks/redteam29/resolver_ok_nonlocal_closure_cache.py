"""Backend that resolves its SWA pool lazily, at the first decode step, through a memoising closure."""

import logging
from typing import Callable, Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def make_swa_pool_getter(model_runner) -> Callable[[], Optional[SWAKVPool]]:
    resolved = False
    result: Optional[SWAKVPool] = None

    def get() -> Optional[SWAKVPool]:
        nonlocal resolved, result
        if resolved:
            return result
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            result = active
        elif not model_runner.is_draft_worker or model_runner.spec_algorithm.is_frozen_kv_mtp():
            kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
            result = kvcache if isinstance(kvcache, SWAKVPool) else None
        else:
            result = None
        resolved = True
        return result

    return get


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        # The allocator is finalised after the attention backends are built,
        # so look the pool up on first use rather than here.
        self._swa_kv_pool = make_swa_pool_getter(model_runner)
        self.num_decode_steps = 0

    def forward_decode(self, loc):
        self.num_decode_steps += 1
        swa_pool = self._swa_kv_pool()
        if swa_pool is not None:
            return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
