"""CUDA-graph aware decode backend for hybrid sliding-window attention.

Replay refreshes a static buffer of sliding-window slot indices. The SWA pool is
taken from the token allocator, which registered its full->SWA mapping on that pool
when it was created.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, max_num_tokens: int = 256):
        super().__init__()
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        kvcache = self.token_to_kv_pool_allocator.get_kvcache()
        self.swa_kv_pool: Optional[SWAKVPool] = kvcache if isinstance(kvcache, SWAKVPool) else None
        self.max_num_tokens = max_num_tokens
        self.cuda_graph_swa_indices: Optional[torch.Tensor] = None

    def init_cuda_graph_state(self) -> None:
        if self.swa_kv_pool is None:
            return
        self.cuda_graph_swa_indices = torch.zeros(self.max_num_tokens, dtype=torch.int64)
        logger.debug("allocated SWA replay buffer of %d slots", self.max_num_tokens)

    def init_forward_metadata_replay_cuda_graph(self, loc: torch.Tensor) -> Optional[torch.Tensor]:
        if self.swa_kv_pool is None:
            return None
        if self.cuda_graph_swa_indices is None:
            self.init_cuda_graph_state()
        n = loc.numel()
        self.cuda_graph_swa_indices[:n].copy_(self.swa_kv_pool.translate_loc_from_full_to_swa(loc))
        return self.cuda_graph_swa_indices[:n]

    def forward_decode(self, loc: torch.Tensor):
        swa_loc = self.init_forward_metadata_replay_cuda_graph(loc)
        if swa_loc is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, swa_loc.clone()
