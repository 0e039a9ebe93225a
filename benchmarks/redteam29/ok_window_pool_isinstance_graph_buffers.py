"""FlashInfer-style decode backend that sizes its graph buffers from the allocator and decides SWA from its own pool."""

import logging
from dataclasses import dataclass
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    kv_indices: Optional[torch.Tensor] = None
    swa_kv_indices: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # Buffer sizes follow the allocator's budget; the layout follows the pool.
        self.page_size = allocator.page_size
        self.max_total_num_tokens = allocator.size
        self.max_swa_tokens = getattr(allocator, "size_swa", self.max_total_num_tokens)
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)
        self.cuda_graph_buffers: Dict[str, torch.Tensor] = {}
        self.forward_metadata = DecodeMetadata()
        logger.info(
            "decode backend: allocator=%s pool=%s window=%s",
            type(allocator).__name__,
            type(self.token_to_kv_pool).__name__,
            self.use_sliding_window_kv_pool,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        num_pages = (self.max_total_num_tokens + self.page_size - 1) // self.page_size
        self.cuda_graph_buffers["kv_indices"] = torch.zeros(num_pages, dtype=torch.int32)
        if self.use_sliding_window_kv_pool:
            swa_pages = (self.max_swa_tokens + self.page_size - 1) // self.page_size
            self.cuda_graph_buffers["swa_kv_indices"] = torch.zeros(swa_pages, dtype=torch.int32)

    def init_forward_metadata(self, kv_indices: torch.Tensor):
        md = DecodeMetadata(kv_indices=kv_indices)
        if self.use_sliding_window_kv_pool:
            md.swa_kv_indices = self.token_to_kv_pool.translate_loc_from_full_to_swa(kv_indices)
        self.forward_metadata = md

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_kv_indices is not None:
            return self.token_to_kv_pool, md.swa_kv_indices
        return self.token_to_kv_pool, md.kv_indices
