"""FlashInfer backend: the decode metadata builder is told which cache to plan for."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodePlan:
    kv_indices: torch.Tensor
    kv_indptr: torch.Tensor
    use_window: bool


class DecodeMetadataBuilder:
    """Plans the paged kv indices for the decode wrappers."""

    def __init__(self, *, kv_cache, max_bs: int, page_size: int = 1):
        self.kv_cache = kv_cache
        self.page_size = page_size
        self.use_window = isinstance(kv_cache, SWAKVPool)
        self.kv_indptr = torch.zeros((max_bs + 1,), dtype=torch.int32)

    def plan(self, loc: torch.Tensor) -> DecodePlan:
        if self.use_window:
            kv_indices = self.kv_cache.translate_loc_from_full_to_swa(loc)
        else:
            kv_indices = loc
        self.kv_indptr[1] = kv_indices.numel()
        return DecodePlan(kv_indices, self.kv_indptr[:2], self.use_window)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.metadata_builder = DecodeMetadataBuilder(
            kv_cache=allocator.get_kvcache(),
            max_bs=model_runner.max_running_requests,
            page_size=getattr(model_runner, "page_size", 1),
        )
        self.forward_metadata: Optional[DecodePlan] = None
        self.cuda_graph_kv_indices: Optional[torch.Tensor] = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_kv_indices = torch.zeros((max_num_tokens,), dtype=torch.int64)

    def init_forward_metadata(self, loc: torch.Tensor):
        self.forward_metadata = self.metadata_builder.plan(loc)
        logger.debug("planned decode, window=%s", self.forward_metadata.use_window)

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self.forward_metadata.kv_indices
