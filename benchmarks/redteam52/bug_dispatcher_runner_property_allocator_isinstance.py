"""Wrapper dispatcher that keeps a handle on the model runner."""

import logging
from dataclasses import dataclass
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass
class DispatchStats:
    swa_plans: int = 0
    full_plans: int = 0


class FlashInferWrapperDispatcher:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.stats = DispatchStats()
        self._wrappers: Dict[str, Optional[object]] = {"full": None, "swa": None}

    @property
    def is_hybrid(self) -> bool:
        return isinstance(self.model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)

    def kv_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self.is_hybrid:
            self.stats.swa_plans += 1
            allocator = self.model_runner.token_to_kv_pool_allocator
            return allocator.translate_loc_from_full_to_swa(loc)
        self.stats.full_plans += 1
        return loc


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.kv_cache = model_runner.token_to_kv_pool
        self.dispatcher = FlashInferWrapperDispatcher(model_runner)
        self.decode_graph_indices: Dict[int, torch.Tensor] = {}

    def init_forward_metadata_capture_cuda_graph(self, bs: int, loc: torch.Tensor):
        self.decode_graph_indices[bs] = self.dispatcher.kv_indices(loc)

    def init_forward_metadata_replay_cuda_graph(self, bs: int, loc: torch.Tensor):
        buf = self.decode_graph_indices.get(bs)
        if buf is not None:
            buf.copy_(self.dispatcher.kv_indices(loc))

    def log_stats(self):
        logger.info(
            "dispatcher plans: swa=%d full=%d",
            self.dispatcher.stats.swa_plans,
            self.dispatcher.stats.full_plans,
        )

    def forward_decode(self, loc):
        return self.kv_cache, self.dispatcher.kv_indices(loc)
