"""Decode backend that fetches its KV cache through a compatibility getter for old allocators."""

import logging
from typing import Callable

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _kv_getter(model_runner) -> Callable[[], object]:
    # Allocators older than the get_kvcache() API did not expose the cache;
    # fall back to the runner's pool for those.
    allocator = model_runner.token_to_kv_pool_allocator
    return getattr(allocator, "get_kvcache", lambda: model_runner.token_to_kv_pool)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._get_kv = _kv_getter(model_runner)
        kv = self._get_kv()
        self.kv_pool = kv
        self.is_swa = isinstance(kv, SWAKVPool)
        self.head_dim = getattr(kv, "head_dim", None)
        logger.debug(
            "kv pool %s (swa=%s, head_dim=%s)", type(kv).__name__, self.is_swa, self.head_dim
        )

    def init_cuda_graph_state(self, max_bs: int, device="cpu"):
        self.cuda_graph_cache_seqlens = torch.zeros(max_bs, dtype=torch.int32, device=device)
        self.cuda_graph_out_cache_loc = torch.zeros(max_bs, dtype=torch.int64, device=device)

    def init_forward_metadata_replay_cuda_graph(self, bs: int, seq_lens: torch.Tensor):
        self.cuda_graph_cache_seqlens[:bs].copy_(seq_lens)
        self.cuda_graph_cache_seqlens[bs:].fill_(self.get_cuda_graph_seq_len_fill_value())

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc):
        if self.is_swa:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
