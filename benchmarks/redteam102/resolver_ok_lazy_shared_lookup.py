"""Lazy SWA pool resolution for hybrid attention backends.

The shared-cache lookup is wrapped in a thunk so that it is only evaluated for
runners that are allowed to read the target's cache; regular draft workers
never call into the allocator.
"""

from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _none() -> None:
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve_swa_pool()

    def _shared_lookup(self) -> Callable[[], object]:
        runner = self.model_runner
        separate_kv = runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp()
        if separate_kv:
            return _none
        return runner.token_to_kv_pool_allocator.get_kvcache

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        if isinstance(self.kv_pool, SWAKVPool):
            return self.kv_pool
        shared = self._shared_lookup()()
        if isinstance(shared, SWAKVPool):
            return shared
        return None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
