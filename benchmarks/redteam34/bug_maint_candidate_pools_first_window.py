"""Decode backend that scans candidate KV pools for the first sliding-window one."""

import itertools
import logging
from typing import Iterable, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _candidate_pools(model_runner) -> Iterable[object]:
    yield model_runner.token_to_kv_pool
    allocator = model_runner.token_to_kv_pool_allocator
    get_kvcache = getattr(allocator, "get_kvcache", None)
    if get_kvcache is not None:
        yield get_kvcache()


def _first_window_pool(candidates: Iterable[object]) -> Optional[SWAKVPool]:
    windowed = (c for c in candidates if isinstance(c, SWAKVPool))
    return next(itertools.islice(windowed, 1), None)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.window_pool = _first_window_pool(_candidate_pools(model_runner))
        self.page_size = model_runner.page_size or 1
        if self.window_pool is not None and self.window_pool is not self.kv_pool:
            logger.debug("window pool found behind the allocator")

    def init_forward_metadata(self, req_to_token: torch.Tensor, seq_lens: torch.Tensor):
        bs = seq_lens.numel()
        max_len = int(seq_lens.max().item()) if bs else 0
        self.page_table = req_to_token[:bs, : max_len : self.page_size]
        if self.window_pool is not None:
            self.swa_page_table = self.window_pool.translate_loc_from_full_to_swa(self.page_table)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc):
        if self.window_pool is None:
            return self.kv_pool, loc
        return self.window_pool, self.window_pool.translate_loc_from_full_to_swa(loc)
