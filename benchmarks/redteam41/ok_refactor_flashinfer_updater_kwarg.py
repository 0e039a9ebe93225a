"""FlashInfer decode backend: the indices updater takes the SWA decision as a keyword."""

import logging
from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _detect_sliding_window(token_to_kv_pool) -> bool:
    # Refactored out of __init__: decide from the pool this backend reads, never the
    # shared allocator (a draft worker shares the target's SWATokenToKVPoolAllocator).
    return isinstance(token_to_kv_pool, SWAKVPool)


@dataclass
class DecodeMetadata:
    kv_indices: Optional[torch.Tensor] = None
    kv_last_page_len: Optional[torch.Tensor] = None
    extra: dict = field(default_factory=dict)


class FlashInferIndicesUpdaterDecode:
    def __init__(self, model_runner, *, use_sliding_window_kv_pool: bool = False):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.use_sliding_window_kv_pool = use_sliding_window_kv_pool
        self.page_size = model_runner.page_size

    def call_begin_forward(self, kv_indices: torch.Tensor, metadata: DecodeMetadata):
        if self.use_sliding_window_kv_pool:
            kv_indices = self.token_to_kv_pool.translate_loc_from_full_to_swa(kv_indices)
        metadata.kv_indices = kv_indices
        metadata.kv_last_page_len = torch.ones_like(kv_indices[:1])
        return kv_indices


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.max_bs = getattr(model_runner, "max_running_requests", 1) or 1
        self.indices_updater_decode = FlashInferIndicesUpdaterDecode(
            model_runner,
            use_sliding_window_kv_pool=_detect_sliding_window(self.token_to_kv_pool),
        )
        self.forward_metadata = DecodeMetadata()
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            logger.debug(
                "flashinfer decode: hybrid allocator (swa size %d), max_bs=%d",
                allocator.size_swa,
                self.max_bs,
            )

    def init_cuda_graph_state(self, max_num_tokens: int):
        self.cuda_graph_kv_indices = torch.zeros(
            (max_num_tokens,), dtype=torch.int64, device=self.device
        )

    def init_forward_metadata(self, loc: torch.Tensor):
        self.forward_metadata = DecodeMetadata()
        return self.indices_updater_decode.call_begin_forward(loc, self.forward_metadata)

    def forward_decode(self, loc: torch.Tensor):
        locations = self.init_forward_metadata(loc)
        return self.token_to_kv_pool, locations
