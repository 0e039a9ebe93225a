"""FlashInfer decode backend port with cuda-graph index buffers for hybrid SWA models.

Sliding-window decode wrappers read SWA-pool indices; during cuda-graph replay the indices
are written into preallocated buffers.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    """FlashInfer attention backend: two decode wrappers (full / sliding window)."""

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.max_bs = model_runner.max_running_requests
        self.max_context_len = model_runner.model_config.context_len
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self._swa_kv_pool: Optional[SWAKVPool] = kvcache if isinstance(kvcache, SWAKVPool) else None
        self.num_wrappers = 2 if self._swa_kv_pool is not None else 1
        self.kv_indptr = [
            torch.zeros((self.max_bs + 1,), dtype=torch.int32, device=self.device)
            for _ in range(self.num_wrappers)
        ]
        self.cuda_graph_kv_indices = None

    def init_cuda_graph_state(self, max_bs: int):
        self.cuda_graph_kv_indices = [
            torch.zeros((max_bs * self.max_context_len,), dtype=torch.int64, device=self.device)
            for _ in range(self.num_wrappers)
        ]

    def init_forward_metadata_replay_cuda_graph(self, bs: int, out_cache_loc: torch.Tensor):
        for wrapper_id in range(self.num_wrappers):
            self.kv_indptr[wrapper_id][1 : bs + 1] = torch.arange(1, bs + 1, dtype=torch.int32)
            indices = out_cache_loc
            if wrapper_id == 0 and self._swa_kv_pool is not None:
                indices = self._swa_kv_pool.translate_loc_from_full_to_swa(out_cache_loc)
            self.cuda_graph_kv_indices[wrapper_id][:bs].copy_(indices)

    def forward_decode(self, loc):
        bs = loc.numel()
        if self.cuda_graph_kv_indices is None:
            self.init_cuda_graph_state(self.max_bs)
        self.init_forward_metadata_replay_cuda_graph(bs, loc)
        # Wrapper 0 serves the sliding-window layers when the model has them.
        return self.token_to_kv_pool, self.cuda_graph_kv_indices[0][:bs].clone()
