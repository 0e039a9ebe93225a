"""Backend that enables window kernels when its pool has window layers; logs allocator ratio."""

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


def _swa_ratio(allocator) -> float:
    if not isinstance(allocator, SWATokenToKVPoolAllocator):
        return 1.0
    return allocator.size_swa / max(allocator.size_full, 1)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.num_window_layers = getattr(self.token_to_kv_pool, "swa_layer_nums", 0)
        ratio = _swa_ratio(model_runner.token_to_kv_pool_allocator)
        logger.info("window layers=%d, swa/full token ratio=%.2f", self.num_window_layers, ratio)

    @property
    def window_kernels(self) -> bool:
        return self.num_window_layers > 0

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def init_forward_metadata(self, loc: torch.Tensor) -> dict:
        md = {"cache_loc": loc}
        if self.window_kernels:
            md["swa_cache_loc"] = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return md

    def forward_decode(self, loc: torch.Tensor):
        if self.window_kernels:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
