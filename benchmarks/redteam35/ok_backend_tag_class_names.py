"""Backend that builds a descriptive tag from class names and picks its path from the pool's."""

import logging

import torch

logger = logging.getLogger(__name__)

_HYBRID_POOL_NAMES = frozenset({"SWAKVPool"})


def describe(model_runner) -> str:
    allocator = model_runner.token_to_kv_pool_allocator
    pool = model_runner.token_to_kv_pool
    return f"{type(allocator).__name__}/{type(pool).__name__}"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.tag = describe(model_runner)
        self.hybrid = type(self.token_to_kv_pool).__name__ in _HYBRID_POOL_NAMES
        if "SWA" in self.tag and not self.hybrid:
            logger.info("%s: shared hybrid allocator, dense attention", self.tag)

    def __repr__(self) -> str:
        return f"GeneratedAttnBackend({self.tag}, hybrid={self.hybrid})"

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def init_cuda_graph_state(self, max_bs: int) -> None:
        self.cuda_graph_cache_loc = torch.zeros(max_bs, dtype=torch.int64)
        logger.debug("%s: cuda graph buffers for bs<=%d", self.tag, max_bs)

    def _page_aligned(self, loc: torch.Tensor) -> torch.Tensor:
        return loc if self.page_size == 1 else loc - loc % self.page_size

    def forward_decode(self, loc: torch.Tensor):
        if self.hybrid:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
