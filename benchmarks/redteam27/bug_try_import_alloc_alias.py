"""Decode backend that stays importable on builds without the hybrid allocator."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

try:
    from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator as _HybridAllocator
except ImportError:  # older layouts
    _HybridAllocator = None

logger = logging.getLogger(__name__)


@dataclass
class DecodeState:
    bs: int = 0
    loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self._windowed = _HybridAllocator is not None and isinstance(allocator, _HybridAllocator)
        self.state = DecodeState()
        self.max_context_len = model_runner.model_config.context_len
        logger.info("windowed=%s context=%d", self._windowed, self.max_context_len)

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        self.state = DecodeState(bs=out_cache_loc.shape[0], loc=out_cache_loc)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_loc = torch.zeros(max_num_tokens, dtype=torch.int64)

    def forward_decode(self, loc):
        if self._windowed:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
