"""Tenstorrent attention backend; trusts the hybrid allocator only where it serves our pool."""

import logging
from dataclasses import dataclass
from typing import Any, Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass
class TTKVHandles:
    read_pool: Any
    swa: bool


def _kv_handles(model_runner) -> TTKVHandles:
    allocator = model_runner.token_to_kv_pool_allocator
    # A regular draft worker shares the target's allocator but not its pool.
    reads_allocator_pool = (
        not model_runner.is_draft_worker or model_runner.spec_algorithm.is_frozen_kv_mtp()
    )
    if reads_allocator_pool and isinstance(allocator, SWATokenToKVPoolAllocator):
        return TTKVHandles(read_pool=allocator.get_kvcache(), swa=True)
    return TTKVHandles(read_pool=model_runner.token_to_kv_pool, swa=False)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.kv = _kv_handles(model_runner)
        self.page_table: Optional[torch.Tensor] = None
        logger.info(
            "TT backend: swa=%s read_pool=%s", self.kv.swa, type(self.kv.read_pool).__name__
        )

    def forward_decode(self, loc):
        if self.kv.swa:
            return self.kv.read_pool, self.kv.read_pool.translate_loc_from_full_to_swa(loc)
        return self.kv.read_pool, loc
