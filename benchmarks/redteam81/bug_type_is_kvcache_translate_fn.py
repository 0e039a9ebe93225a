"""Decode backend binding its location translator at construction time.

The translator is selected from the concrete type of the active KV cache so
that the per-step decode path is a single call.
"""

from typing import Callable

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

LocFn = Callable[[torch.Tensor], torch.Tensor]


class GeneratedAttnBackend:
    def __init__(self, model_runner, graph_bs: int = 0):
        self.graph_bs = graph_bs
        allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        self.loc_fn: LocFn = (
            allocator.translate_loc_from_full_to_swa
            if type(allocator.get_kvcache()) is SWAKVPool
            else (lambda loc: loc)
        )

    def init_forward_metadata(self, forward_batch) -> None:
        self.decode_loc = getattr(forward_batch, "out_cache_loc", None)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc: torch.Tensor):
        return self.pool, self.loc_fn(loc)
