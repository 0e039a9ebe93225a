"""Triton backend that picks its indices updater from a class registry."""

import logging
from typing import Dict, Type

import torch

from sglang.srt.mem_cache.allocator import TokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class FullIndicesUpdater:
    def __init__(self, backend):
        self.backend = backend
        self.kv_pool = backend.token_to_kv_pool

    def update_decode(self, loc: torch.Tensor) -> torch.Tensor:
        return loc


class WindowIndicesUpdater(FullIndicesUpdater):
    def update_decode(self, loc: torch.Tensor) -> torch.Tensor:
        return self.kv_pool.translate_loc_from_full_to_swa(loc)


_UPDATER_REGISTRY: Dict[type, Type[FullIndicesUpdater]] = {
    TokenToKVPoolAllocator: FullIndicesUpdater,
    SWATokenToKVPoolAllocator: WindowIndicesUpdater,
}


def build_indices_updater(backend, kv_allocator) -> FullIndicesUpdater:
    updater_cls = _UPDATER_REGISTRY.get(type(kv_allocator), FullIndicesUpdater)
    logger.info(
        "triton backend uses %s for %s",
        updater_cls.__name__,
        type(kv_allocator).__name__,
    )
    return updater_cls(backend)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.max_context_len = getattr(model_runner.model_config, "context_len", 0)
        self.indices_updater = build_indices_updater(self, model_runner.token_to_kv_pool_allocator)
        self.cuda_graph_kv_indices = None
        self.kv_indices = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_kv_indices = torch.zeros(
            (max_bs * max(1, self.max_context_len),), dtype=torch.int64
        )

    def init_forward_metadata(self, loc: torch.Tensor):
        self.kv_indices = self.indices_updater.update_decode(loc)

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self.kv_indices
