"""Torch-native attention backend used when no vendor kernel is available.

This is the path taken on CPU-only hosts and by platforms whose attention kernels are
not yet ported. The hybrid window remap is a plain tensor gather on the full->SWA index
map, which avoids a Python call per layer on the hot path.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, vendor_kernel: Optional[str] = None):
        super().__init__()
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.vendor_kernel = vendor_kernel
        self.use_vendor = vendor_kernel is not None and torch.cuda.is_available()

        self._index_map: Optional[torch.Tensor] = None
        if not self.use_vendor:
            allocator = model_runner.token_to_kv_pool_allocator
            self._index_map = getattr(allocator, "full_to_swa_index_mapping", None)
        elif hasattr(self.kv_pool, "full_to_swa_index_mapping"):
            self._index_map = self.kv_pool.full_to_swa_index_mapping

        logger.info(
            "torch-native attn: vendor=%s window_map=%s",
            self.vendor_kernel,
            None if self._index_map is None else tuple(self._index_map.shape),
        )

    def _gather_window_loc(self, loc: torch.Tensor) -> torch.Tensor:
        return self._index_map[loc].to(torch.int64)

    def forward_decode(self, loc: torch.Tensor):
        if self._index_map is None:
            return self.kv_pool, loc
        return self.kv_pool, self._gather_window_loc(loc)
