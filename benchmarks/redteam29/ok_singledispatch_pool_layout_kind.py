"""Decode backend that dispatches on the runner's own pool type with functools.singledispatch."""

import functools
import logging
from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.memory_pool import MHATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

IndexMap = Callable[[torch.Tensor], torch.Tensor]


@functools.singledispatch
def window_index_map(pool) -> Optional[IndexMap]:
    logger.debug("no window translation for %s", type(pool).__name__)
    return None


@window_index_map.register
def _(pool: MHATokenToKVPool) -> Optional[IndexMap]:
    return None


@window_index_map.register
def _(pool: SWAKVPool) -> Optional[IndexMap]:
    return pool.translate_loc_from_full_to_swa


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.token_to_kv_pool_allocator.page_size
        self._index_map = window_index_map(self.token_to_kv_pool)
        self.graph_loc_buf: Optional[torch.Tensor] = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph_loc_buf = torch.zeros(max_num_tokens, dtype=torch.int64)

    def forward_decode(self, loc):
        if self._index_map is not None:
            loc = self._index_map(loc)
        if self.graph_loc_buf is not None:
            self.graph_loc_buf[: loc.numel()].copy_(loc)
        return self.token_to_kv_pool, loc
