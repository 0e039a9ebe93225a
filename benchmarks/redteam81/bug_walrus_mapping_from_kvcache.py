"""Decode backend gathering SWA locations directly from the index mapping.

Indexing ``full_to_swa_index_mapping`` in place avoids a method call per step
inside CUDA-graph captured decode.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache


class GeneratedAttnBackend:
    def __init__(self, model_runner, cuda_graph: bool = False):
        self.cuda_graph = cuda_graph
        self.pool: KVCache = model_runner.token_to_kv_pool
        self._kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()

    def _mapping(self) -> Optional[torch.Tensor]:
        return getattr(self._kvcache, "full_to_swa_index_mapping", None)

    def init_forward_metadata(self, forward_batch) -> None:
        self.out_cache_loc = getattr(forward_batch, "out_cache_loc", None)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int) -> None:
        self.cuda_graph = True
        self.graph_loc = torch.zeros(max_num_tokens, dtype=torch.int64)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc: torch.Tensor):
        return self.pool, (m[loc] if (m := self._mapping()) is not None else loc)
