"""Sliding-window decode backend with a start-up capacity check.

Hybrid allocators must hold at least one window per running request in their
sliding-window half. When that capacity is reported, decode runs the
sliding-window addressing path.
"""

from typing import Tuple

import torch


class GeneratedAttnBackend:
    def __init__(self, model_runner, sliding_window_size: int = 32, min_running_reqs: int = 1):
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
        self.kv_pool = model_runner.token_to_kv_pool

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if self.swa_capacity is not None:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
