"""CUDA-graph decode backend for hybrid SWA caches.

Index buffers are preallocated for the largest captured batch and refilled
in place every replay. The full->SWA table is taken from the pool the backend
reads, so the windowed indices always match that pool's layout.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 160):
        self.device = model_runner.device
        self.max_bs = max_bs
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        self._init_graph_buffers()

    def _init_graph_buffers(self) -> None:
        self.cuda_graph_out_cache_loc = torch.zeros(
            self.max_bs, dtype=torch.int64, device=self.device
        )
        self.cuda_graph_swa_out_cache_loc = (
            torch.zeros(self.max_bs, dtype=torch.int64, device=self.device)
            if self.swa_pool is not None
            else None
        )

    def init_forward_metadata_replay_cuda_graph(self, loc: torch.Tensor) -> int:
        bs = loc.numel()
        self.cuda_graph_out_cache_loc[:bs].copy_(loc)
        if self.swa_pool is not None:
            self.cuda_graph_swa_out_cache_loc[:bs].copy_(
                self.swa_pool.translate_loc_from_full_to_swa(loc)
            )
        return bs

    def forward_decode(self, loc: torch.Tensor):
        bs = self.init_forward_metadata_replay_cuda_graph(loc)
        if self.swa_pool is None:
            return self.kv_pool, self.cuda_graph_out_cache_loc[:bs].clone()
        return self.swa_pool, self.cuda_graph_swa_out_cache_loc[:bs].clone()
