"""Hygon DCU attention backend with allocator-specific setup hooks."""

from __future__ import annotations

import functools
import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass
class DCUKVSetup:
    sliding_window: bool = False
    swa_size: int = 0


@functools.singledispatch
def kv_setup_for(allocator) -> DCUKVSetup:
    return DCUKVSetup()


@kv_setup_for.register
def _(allocator: SWATokenToKVPoolAllocator) -> DCUKVSetup:
    return DCUKVSetup(sliding_window=True, swa_size=allocator.size_swa)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        self.kv_setup = kv_setup_for(model_runner.token_to_kv_pool_allocator)
        self.cuda_graph_swa_loc: Optional[torch.Tensor] = None
        logger.info("DCU backend KV setup: %s", self.kv_setup)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        if self.kv_setup.sliding_window:
            self.cuda_graph_swa_loc = torch.zeros(
                max_num_tokens, dtype=torch.int64, device=self.device
            )

    def forward_decode(self, loc):
        if self.kv_setup.sliding_window:
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
