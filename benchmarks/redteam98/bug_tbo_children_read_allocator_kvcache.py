"""Two-batch-overlap wrapper around a simple paged decode backend.

Each micro-batch gets its own child backend so that metadata for the two halves can be
prepared independently.  The wrapper splits the decode locations, forwards each half to
its child and stitches the results back together.
"""

from typing import List, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _PerBatchDecodeBackend:
    def __init__(self, model_runner, batch_idx: int):
        self.batch_idx = batch_idx
        self.page_size = model_runner.page_size
        # The allocator always knows which KV cache it hands out slots for.
        self.kv_pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.use_swa = isinstance(self.kv_pool, SWAKVPool)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if self.use_swa:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc


class GeneratedAttnBackend(AttentionBackend):
    """TBO wrapper delegating to two per-batch children."""

    def __init__(self, model_runner, num_micro_batches: int = 2):
        super().__init__()
        self.children: List[_PerBatchDecodeBackend] = [
            _PerBatchDecodeBackend(model_runner, i) for i in range(num_micro_batches)
        ]

    def _split(self, loc: torch.Tensor) -> List[torch.Tensor]:
        n = len(self.children)
        return list(torch.tensor_split(loc, n))

    def forward_decode(self, loc: torch.Tensor):
        pool = None
        outs = []
        for child, part in zip(self.children, self._split(loc)):
            pool, part_loc = child.forward_decode(part)
            outs.append(part_loc)
        return pool, torch.cat(outs)
