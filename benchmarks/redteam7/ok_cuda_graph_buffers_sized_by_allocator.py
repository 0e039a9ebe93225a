from dataclasses import dataclass

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class GraphBuffers:
    kv_indices: torch.Tensor
    swa_kv_indices: torch.Tensor


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        n = allocator.size + allocator.page_size
        self.buffers = GraphBuffers(
            kv_indices=torch.zeros(n, dtype=torch.int64),
            swa_kv_indices=torch.zeros(n, dtype=torch.int64),
        )
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.is_swa = isinstance(self.token_to_kv_pool, SWAKVPool)

    def init_forward_metadata_replay_cuda_graph(self, loc):
        k = loc.shape[0]
        if self.is_swa:
            self.buffers.swa_kv_indices[:k] = self.token_to_kv_pool.translate_loc_from_full_to_swa(
                loc
            )
            return self.buffers.swa_kv_indices[:k]
        self.buffers.kv_indices[:k] = loc
        return self.buffers.kv_indices[:k]

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self.init_forward_metadata_replay_cuda_graph(loc).clone()
