"""FlashInfer decode backend with a sliding-window KV read path for hybrid models."""

import logging
from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    kv_indices: torch.Tensor
    windowed: bool
    extra: dict = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.max_bs = getattr(model_runner, "max_running_requests", 1) or 1
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator

        pool_is_swa = isinstance(self.token_to_kv_pool, SWAKVPool)
        alloc_is_swa = isinstance(self.allocator, SWATokenToKVPoolAllocator)
        # hybrid models may hand us an SWA allocator before the pool is wrapped
        self.use_sliding_window_kv_pool = pool_is_swa or alloc_is_swa
        if alloc_is_swa and not pool_is_swa:
            logger.debug("SWA allocator with a non-SWA pool; assuming hybrid layout")

        self.forward_metadata: Optional[DecodeMetadata] = None
        self.cuda_graph_kv_indices: Optional[torch.Tensor] = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_kv_indices = torch.zeros((max_num_tokens,), dtype=torch.int64, device="cpu")

    def _translate(self, loc: torch.Tensor) -> torch.Tensor:
        if self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def init_forward_metadata(self, loc: torch.Tensor):
        kv_indices = self._translate(loc)
        self.forward_metadata = DecodeMetadata(
            kv_indices=kv_indices,
            windowed=self.use_sliding_window_kv_pool,
            extra={"bs": int(loc.numel())},
        )

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self.forward_metadata.kv_indices
