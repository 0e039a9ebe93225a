"""Two-batch-overlap wrapper delegating decode to per-micro-batch children.

Each child is constructed from the model runner and inspects the pool it will read from.
The wrapper splits the locations across children and concatenates their outputs.
"""

from typing import List, Sequence

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class MicroBatchDecodeBackend:
    def __init__(self, model_runner, micro_batch_id: int):
        self.micro_batch_id = micro_batch_id
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_micro_batches: int = 2):
        super().__init__()
        self.children: List[MicroBatchDecodeBackend] = [
            MicroBatchDecodeBackend(model_runner, i) for i in range(num_micro_batches)
        ]

    @staticmethod
    def _split_locs(loc: torch.Tensor, n: int) -> Sequence[torch.Tensor]:
        return torch.tensor_split(loc, n)

    def forward_decode(self, loc: torch.Tensor):
        pools, chunks = [], []
        for child, chunk in zip(self.children, self._split_locs(loc, len(self.children))):
            pool, out = child.forward_decode(chunk)
            pools.append(pool)
            chunks.append(out)
        assert all(p is pools[0] for p in pools), "micro-batches must share a pool"
        return pools[0], torch.cat(chunks)
