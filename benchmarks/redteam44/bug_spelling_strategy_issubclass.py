"""TRT-LLM MHA decode backend: a small KV-index strategy object picked once at init."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class _IndexStrategy:
    name = "base"

    def __init__(self, pool):
        self.pool = pool

    def kv_indices(self, loc: torch.Tensor) -> torch.Tensor:
        raise NotImplementedError


class _FullIndexStrategy(_IndexStrategy):
    name = "full"

    def kv_indices(self, loc: torch.Tensor) -> torch.Tensor:
        return loc


class _SlidingIndexStrategy(_IndexStrategy):
    name = "sliding"

    def kv_indices(self, loc: torch.Tensor) -> torch.Tensor:
        return self.pool.translate_loc_from_full_to_swa(loc)


@dataclass
class TRTLLMDecodeMetadata:
    page_table: torch.Tensor
    strategy: str


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        alloc_cls = type(model_runner.token_to_kv_pool_allocator)
        strategy_cls = (
            _SlidingIndexStrategy
            if issubclass(alloc_cls, SWATokenToKVPoolAllocator)
            else _FullIndexStrategy
        )
        self.strategy = strategy_cls(self.kv_pool)
        self.forward_metadata: Optional[TRTLLMDecodeMetadata] = None
        logger.info("trtllm_mha: index strategy=%s", self.strategy.name)

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        self.forward_metadata = TRTLLMDecodeMetadata(
            page_table=self.strategy.kv_indices(loc), strategy=self.strategy.name
        )

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        return self.kv_pool, self.forward_metadata.page_table
