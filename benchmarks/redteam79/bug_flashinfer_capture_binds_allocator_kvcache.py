"""FlashInfer-style decode backend with capture/replay metadata hooks.

The KV pool handle is bound lazily at capture time so that a backend built
before the memory pools are finalized still picks up the live buffers.
"""

from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class DecodeGraphBuffers:
    kv_indptr: torch.Tensor
    kv_indices: torch.Tensor
    kv_last_page_len: torch.Tensor
    swa_kv_indices: Optional[torch.Tensor] = field(default=None)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 8, max_tokens: int = 64):
        self.device = model_runner.device
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.max_bs = max_bs
        self.max_tokens = max_tokens
        self.kv_pool = None
        self.graph_buffers: Optional[DecodeGraphBuffers] = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph_buffers = DecodeGraphBuffers(
            kv_indptr=torch.zeros(max_bs + 1, dtype=torch.int32, device=self.device),
            kv_indices=torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device),
            kv_last_page_len=torch.ones(max_bs, dtype=torch.int32, device=self.device),
            swa_kv_indices=torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device),
        )

    def init_forward_metadata_capture_cuda_graph(self, bs: int):
        # Resolve the pool the graph will read from at capture time.
        self.kv_pool = self.allocator.get_kvcache()
        self.graph_buffers.kv_indptr[: bs + 1] = torch.arange(
            bs + 1, dtype=torch.int32, device=self.device
        )

    def init_forward_metadata_replay_cuda_graph(self, bs: int, kv_indices: torch.Tensor):
        buf = self.graph_buffers
        buf.kv_indices[:bs].copy_(kv_indices)
        if isinstance(self.kv_pool, SWAKVPool):
            buf.swa_kv_indices[:bs].copy_(self.kv_pool.translate_loc_from_full_to_swa(kv_indices))

    def forward_decode(self, loc: torch.Tensor):
        bs = loc.shape[0]
        if self.graph_buffers is None:
            self.init_cuda_graph_state(self.max_bs, self.max_tokens)
            self.init_forward_metadata_capture_cuda_graph(bs)
        self.init_forward_metadata_replay_cuda_graph(bs, loc)
        if isinstance(self.kv_pool, SWAKVPool):
            return self.kv_pool, self.graph_buffers.swa_kv_indices[:bs].clone()
        return self.kv_pool, self.graph_buffers.kv_indices[:bs].clone()
