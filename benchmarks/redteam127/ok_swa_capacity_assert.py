"""Sliding-window decode backend with a start-up capacity check.

A hybrid allocator must hold at least one full window per running request in
its sliding-window half, otherwise decode stalls on eviction. We check that
once at construction and fail loudly instead of hanging later.
"""

from typing import Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, sliding_window_size: int = 32, min_running_reqs: int = 1):
        self.model_runner = model_runner
        self.window = sliding_window_size
        allocator = model_runner.token_to_kv_pool_allocator

        swa_capacity = getattr(allocator, "size_swa", None)
        if swa_capacity is not None:
            required = self.window * min_running_reqs
            assert swa_capacity >= required, (
                f"SWA allocator too small: size_swa={swa_capacity} < "
                f"window({self.window}) * reqs({min_running_reqs})"
            )
        self.swa_capacity = swa_capacity

        kv_pool = model_runner.token_to_kv_pool
        self.kv_pool = kv_pool
        self.swa_kv_pool = kv_pool if isinstance(kv_pool, SWAKVPool) else None

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        pool = self.swa_kv_pool
        if pool is not None:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
