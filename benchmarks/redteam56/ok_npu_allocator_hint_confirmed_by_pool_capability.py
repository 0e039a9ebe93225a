"""Ascend NPU port (MLA-less path): SWA hint from the allocator, confirmed against the pool."""

import logging
from dataclasses import dataclass

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass
class NpuKVSetup:
    allocator_is_hybrid: bool
    pool_can_translate: bool

    @property
    def use_swa(self) -> bool:
        # The allocator is only a hint; the pool we read must agree.
        return self.allocator_is_hybrid and self.pool_can_translate


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = getattr(model_runner, "page_size", 128)
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.setup = NpuKVSetup(
            allocator_is_hybrid=isinstance(allocator, SWATokenToKVPoolAllocator),
            pool_can_translate=hasattr(self.kv_pool, "translate_loc_from_full_to_swa"),
        )
        if self.setup.allocator_is_hybrid and not self.setup.pool_can_translate:
            logger.info("npu: hybrid allocator with full-only pool (spec draft?), reading full")
        self.block_table = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        cols = max(1, max_num_tokens // max(1, self.page_size))
        self.block_table = torch.zeros((max_bs, cols), dtype=torch.int32)

    def _loc_for_read(self, loc: torch.Tensor) -> torch.Tensor:
        if self.setup.use_swa:
            return self.kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def init_forward_metadata(self, forward_batch):
        self.decode_loc = self._loc_for_read(forward_batch.out_cache_loc)

    def forward_decode(self, loc):
        return self.kv_pool, self._loc_for_read(loc)
