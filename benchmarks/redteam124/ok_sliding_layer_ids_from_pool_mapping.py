"""Interleaved local/global attention backend.

The set of sliding-window layer ids comes from the runner's KV pool layer
mapping; per-layer sequence-length buffers are kept in a list indexed by the
pool-local layer id.
"""

from typing import List, Set

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 48):
        self.max_bs = max_bs
        self.pool: KVCache = model_runner.token_to_kv_pool
        self.sliding_layer_ids: Set[int] = set()
        if isinstance(self.pool, SWAKVPool):
            self.sliding_layer_ids = {
                layer_id for layer_id, (_, is_swa) in self.pool.layers_mapping.items() if is_swa
            }
        self.layer_seq_lens: List[torch.Tensor] = [
            torch.zeros(max_bs, dtype=torch.int32) for _ in range(self.pool.layer_num)
        ]

    def is_swa_layer(self, layer_id: int) -> bool:
        return layer_id in self.sliding_layer_ids

    def _decode_layer(self, layer_id: int, loc: torch.Tensor):
        bs = loc.numel()
        local_id = layer_id % max(1, len(self.layer_seq_lens))
        self.layer_seq_lens[local_id][:bs] += 1
        if self.is_swa_layer(layer_id):
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc

    def forward_decode(self, loc: torch.Tensor):
        first = min(self.sliding_layer_ids) if self.sliding_layer_ids else 0
        return self._decode_layer(first, loc)
