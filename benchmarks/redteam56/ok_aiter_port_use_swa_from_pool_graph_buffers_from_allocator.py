"""AITER attention backend (ROCm port): hybrid SWA decode; graph buffers sized by the allocator."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class AiterDecodeMetadata:
    kv_indices: Optional[torch.Tensor] = None
    kv_indptr: Optional[torch.Tensor] = None
    max_seq_len: int = 0


class GeneratedAttnBackend:
    """Port of the upstream aiter backend with the #25103 pool check."""

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = getattr(model_runner, "page_size", 1)
        self.max_bs = getattr(model_runner, "max_running_requests", 8) or 8
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)
        self.kv_indptr = torch.zeros(self.max_bs + 1, dtype=torch.int32)
        self.forward_metadata = AiterDecodeMetadata()
        self.cuda_graph_kv_indices: Optional[torch.Tensor] = None
        logger.info(
            "aiter backend: page_size=%d sliding_window_kv_pool=%s",
            self.page_size,
            self.use_sliding_window_kv_pool,
        )

    def _graph_index_slots(self) -> int:
        # The allocator is shared with the draft; its SWA budget bounds any index we hand out.
        if isinstance(self.allocator, SWATokenToKVPoolAllocator):
            return int(self.allocator.size_swa) + self.page_size
        return int(self.allocator.size) + self.page_size

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_kv_indices = torch.zeros(
            self._graph_index_slots(), dtype=torch.int64, device=self.device
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
        if self.cuda_graph_kv_indices is None:
            self.init_cuda_graph_state(self.max_bs, 1)
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self.forward_metadata.kv_indices
