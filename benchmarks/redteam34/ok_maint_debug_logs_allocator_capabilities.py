"""Decode backend that logs allocator capabilities at debug level and decides SWA from its pool."""

import logging
from typing import Optional

import torch

from sglang.srt.utils import get_bool_env_var

logger = logging.getLogger(__name__)

_DEBUG = get_bool_env_var("SGLANG_DEBUG_KV_LAYOUT")


def _allocator_capabilities(allocator) -> dict:
    return {
        "class": type(allocator).__name__,
        "translate": hasattr(allocator, "translate_loc_from_full_to_swa"),
        "mapping": "full_to_swa_index_mapping" in vars(allocator),
        "page_size": getattr(allocator, "page_size", 1),
    }


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        if _DEBUG:
            logger.info("allocator capabilities: %s", _allocator_capabilities(allocator))
        self.index_map: Optional[torch.Tensor] = getattr(
            self.kv_pool, "full_to_swa_index_mapping", None
        )
        self.windowed = self.index_map is not None
        logger.debug("decode windowed=%s", self.windowed)

    def init_cuda_graph_state(self, max_bs: int, device="cpu"):
        self.cuda_graph_swa_loc = (
            torch.zeros(max_bs, dtype=torch.int64, device=device) if self.windowed else None
        )

    def init_forward_metadata_replay_cuda_graph(self, bs: int, out_cache_loc: torch.Tensor):
        if self.cuda_graph_swa_loc is not None:
            self.cuda_graph_swa_loc[:bs].copy_(self.index_map[out_cache_loc])

    def forward_decode(self, loc):
        if self.windowed:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
