"""Triton decode backend with a module-level SWA write-location helper.

``get_swa_write_locations`` is shared with the extend path: it returns the
sliding-window slots for a batch's cache locations, or None when the model has
no sliding-window KV.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def get_swa_write_locations(model_runner, out_cache_loc: torch.Tensor) -> Optional[torch.Tensor]:
    allocator = model_runner.token_to_kv_pool_allocator
    if not isinstance(allocator.get_kvcache(), SWAKVPool):
        return None
    return allocator.translate_loc_from_full_to_swa(out_cache_loc)


class TritonMetadata:
    def __init__(self, kv_indices: torch.Tensor, swa_out_cache_loc: Optional[torch.Tensor]):
        self.kv_indices = kv_indices
        self.swa_out_cache_loc = swa_out_cache_loc


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_kv_splits: int = 8):
        super().__init__()
        self.model_runner = model_runner
        self.num_kv_splits = num_kv_splits
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.forward_metadata: Optional[TritonMetadata] = None

    def init_forward_metadata(self, out_cache_loc: torch.Tensor) -> None:
        self.forward_metadata = TritonMetadata(
            kv_indices=out_cache_loc,
            swa_out_cache_loc=get_swa_write_locations(self.model_runner, out_cache_loc),
        )

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_out_cache_loc is not None:
            return self.token_to_kv_pool, md.swa_out_cache_loc
        return self.token_to_kv_pool, md.kv_indices
