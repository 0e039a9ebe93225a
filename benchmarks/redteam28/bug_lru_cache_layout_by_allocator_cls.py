"""Backend that memoises its KV layout per allocator class with functools.lru_cache."""

import functools
import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)

DENSE = "dense"
HYBRID_SWA = "hybrid_swa"


@functools.lru_cache(maxsize=None)
def _kv_layout_for(allocator_cls: type) -> str:
    if issubclass(allocator_cls, SWATokenToKVPoolAllocator):
        return HYBRID_SWA
    return DENSE


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size
        self.device = model_runner.device
        self.kv_layout = _kv_layout_for(type(model_runner.token_to_kv_pool_allocator))
        self.decode_workspace = torch.empty(
            model_runner.max_running_requests * 8, dtype=torch.uint8, device=self.device
        )
        logger.info("kv layout %s (cache info %s)", self.kv_layout, _kv_layout_for.cache_info())

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    def _decode_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self.kv_layout == HYBRID_SWA:
            return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._decode_indices(loc)
