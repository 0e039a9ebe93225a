"""Backend configured through a frozen dataclass built by a from_runner classmethod."""

import logging
from dataclasses import dataclass

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)

_HYBRID_ALLOCATORS = (SWATokenToKVPoolAllocator,)


@dataclass(frozen=True)
class DecodeConfig:
    page_size: int
    max_bs: int
    num_kv_splits: int
    hybrid_window: bool

    @classmethod
    def from_runner(cls, model_runner) -> "DecodeConfig":
        allocator = model_runner.token_to_kv_pool_allocator
        return cls(
            page_size=model_runner.page_size,
            max_bs=model_runner.max_running_requests,
            num_kv_splits=getattr(model_runner.server_args, "triton_attention_num_kv_splits", 8),
            hybrid_window=isinstance(allocator, _HYBRID_ALLOCATORS),
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.config = DecodeConfig.from_runner(model_runner)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.device = model_runner.device
        self.attn_logits = torch.empty(
            (self.config.max_bs, self.config.num_kv_splits), dtype=torch.float32, device=self.device
        )
        logger.info("decode config: %s", self.config)

    def _kv_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.config.hybrid_window:
            return loc
        return self.token_to_kv_pool.full_to_swa_index_mapping[loc]

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._kv_indices(loc)
