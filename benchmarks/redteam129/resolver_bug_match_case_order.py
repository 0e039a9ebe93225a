"""Decode backend that dispatches on runner flags with a match statement."""

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _runner_flags(model_runner) -> Tuple[bool, bool, bool]:
    return (
        isinstance(model_runner.token_to_kv_pool, SWAKVPool),
        bool(model_runner.is_draft_worker),
        model_runner.spec_algorithm.is_frozen_kv_mtp(),
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner, use_cuda_graph: bool = False):
        self.use_cuda_graph = use_cuda_graph
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self._swa_pool(model_runner)

    @staticmethod
    def _swa_pool(model_runner) -> Optional[SWAKVPool]:
        cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        match _runner_flags(model_runner):
            case (True, _, _):
                return model_runner.token_to_kv_pool
            case (False, _, _) if isinstance(cache, SWAKVPool):
                return cache
            case (False, True, False):
                return None
            case _:
                return None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
