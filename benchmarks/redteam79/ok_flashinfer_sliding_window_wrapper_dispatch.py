"""FlashInfer-style decode backend with a dedicated sliding-window wrapper.

Two decode wrappers are kept when the KV pool is hybrid: wrapper 0 serves
sliding-window layers and indexes the SWA buffers, wrapper 1 serves
full-attention layers.  CUDA-graph indices are preallocated per wrapper.
"""

import logging
from enum import IntEnum
from typing import List

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class WrapperDispatch(IntEnum):
    SLIDING_WINDOW = 0
    FULL = 1


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 8):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        if isinstance(self.kv_pool, SWAKVPool):
            self.num_wrappers = 2
            self.dispatch_reason = WrapperDispatch.SLIDING_WINDOW
        else:
            self.num_wrappers = 1
            self.dispatch_reason = None
        # Capacity is shared across workers; it only bounds the index buffers.
        self.max_kv_slots = model_runner.token_to_kv_pool_allocator.size
        self.max_bs = max_bs
        self.cuda_graph_kv_indices: List[torch.Tensor] = []

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_kv_indices = [
            torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device)
            for _ in range(self.num_wrappers)
        ]
        logger.debug("allocated %d graph index buffers", self.num_wrappers)

    def init_forward_metadata_replay_cuda_graph(self, bs: int, kv_indices: torch.Tensor):
        for wrapper_id, buf in enumerate(self.cuda_graph_kv_indices):
            indices = kv_indices
            if self.dispatch_reason is not None and wrapper_id == WrapperDispatch.SLIDING_WINDOW:
                indices = self.kv_pool.translate_loc_from_full_to_swa(kv_indices)
            buf[: indices.numel()].copy_(indices)

    def forward_decode(self, loc: torch.Tensor):
        n = loc.numel()
        if not self.cuda_graph_kv_indices:
            self.init_cuda_graph_state(self.max_bs, max(n, self.max_bs))
        self.init_forward_metadata_replay_cuda_graph(n, loc)
        return self.kv_pool, self.cuda_graph_kv_indices[0][:n].clone()
