"""AITER attention backend (ROCm port): decode path with hybrid sliding-window support."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass
class AiterDecodeMetadata:
    kv_indices: Optional[torch.Tensor] = None
    kv_indptr: Optional[torch.Tensor] = None
    max_seq_len: int = 0


class GeneratedAttnBackend:
    """Port of the upstream aiter backend; SWA handling copied from the HIP branch."""

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = getattr(model_runner, "page_size", 1)
        self.max_bs = getattr(model_runner, "max_running_requests", 8) or 8
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # Hybrid SWA models get a dedicated allocator, so that is the switch.
        self.use_sliding_window_kv_pool = isinstance(allocator, SWATokenToKVPoolAllocator)
        self.kv_indptr = torch.zeros(self.max_bs + 1, dtype=torch.int32)
        self.forward_metadata = AiterDecodeMetadata()
        self.cuda_graph_kv_indices: Optional[torch.Tensor] = None
        logger.info(
            "aiter backend: page_size=%d sliding_window_kv_pool=%s",
            self.page_size,
            self.use_sliding_window_kv_pool,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_kv_indices = torch.zeros(
            max_bs * max(1, max_num_tokens), dtype=torch.int64, device=self.device
        )

    def _translate(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.use_sliding_window_kv_pool:
            return loc
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)

    def init_forward_metadata(self, loc: torch.Tensor):
        indices = self._translate(loc)
        self.kv_indptr[1] = indices.numel()
        self.forward_metadata = AiterDecodeMetadata(
            kv_indices=indices,
            kv_indptr=self.kv_indptr[:2],
            max_seq_len=int(indices.numel()),
        )

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self.forward_metadata.kv_indices
