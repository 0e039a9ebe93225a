"""Decode backend that records the allocator kind for its startup log and reuses it."""

import logging
from dataclasses import dataclass, field
from typing import Dict, Optional

import torch

logger = logging.getLogger(__name__)

_SWA_ALLOCATOR = "SWATokenToKVPoolAllocator"


@dataclass
class BackendInfo:
    allocator_kind: str
    page_size: int
    extras: Dict[str, int] = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.info = BackendInfo(
            allocator_kind=type(allocator).__name__,
            page_size=model_runner.page_size,
        )
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool: Optional[object] = None
        if self.info.allocator_kind == _SWA_ALLOCATOR:
            self.info.extras["size_swa"] = allocator.size_swa
            self.swa_kv_pool = allocator.get_kvcache()
        logger.info("attention backend info: %s", self.info)

    def debug_summary(self) -> str:
        parts = [f"{k}={v}" for k, v in sorted(self.info.extras.items())]
        return f"{self.info.allocator_kind}(page_size={self.info.page_size}, {', '.join(parts)})"

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        swa_loc: torch.Tensor = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_kv_pool, swa_loc
