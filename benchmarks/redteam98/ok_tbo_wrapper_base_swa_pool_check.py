"""Two-batch-overlap wrapper whose children share one set of layout decisions.

The wrapper checks the runner's KV pool against the generic SWA pool interface and hands the
pool plus the flag to each per-batch child.
"""

from typing import List, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.memory_pool import KVCache


class _BatchChild:
    def __init__(self, pool: KVCache, sliding: bool, batch_id: int):
        self.pool = pool
        self.sliding = sliding
        self.batch_id = batch_id

    def forward_decode(self, loc: torch.Tensor):
        if self.sliding:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_batches: int = 2):
        super().__init__()
        pool = model_runner.token_to_kv_pool
        sliding = isinstance(pool, BaseSWAKVPool)
        self.children: List[_BatchChild] = [
            _BatchChild(pool, sliding, i) for i in range(num_batches)
        ]
        self._last_pool: Optional[KVCache] = None

    def forward_decode(self, loc: torch.Tensor):
        halves = torch.tensor_split(loc, len(self.children))
        outs = []
        for child, half in zip(self.children, halves):
            self._last_pool, out = child.forward_decode(half)
            outs.append(out)
        return self._last_pool, torch.cat(outs)
