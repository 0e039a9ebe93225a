"""Decode backend that detects hybrid SWA support by feature probing.

Probing for the SWA-specific members keeps this backend working with custom
allocator subclasses that do not inherit from the stock SWA allocator.
"""

from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

_SWA_MEMBERS: Tuple[str, ...] = ("translate_loc_from_full_to_swa", "size_swa")


class GeneratedAttnBackend:
    def __init__(self, model_runner, window_left: int = -1):
        self.window_left = window_left
        self.pool: KVCache = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.hybrid = any(hasattr(allocator, name) for name in _SWA_MEMBERS)

    def init_forward_metadata(self, forward_batch) -> None:
        self.seq_lens = getattr(forward_batch, "seq_lens", None)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def uses_sliding_window(self, layer_id: int) -> bool:
        return self.hybrid and self.window_left >= 0

    def forward_decode(self, loc: torch.Tensor):
        return self.pool, (self.pool.translate_loc_from_full_to_swa(loc) if self.hybrid else loc)
