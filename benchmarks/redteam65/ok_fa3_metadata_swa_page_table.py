"""FlashAttention-3 style decode backend for hybrid sliding-window models.

Keeps a per-batch ``FA3DecodeMetadata`` with both the full page table and the
SWA page table. SWA-layer reads go through the sliding-window sub-pool, so the
out-cache locations are translated before the kernel sees them.
"""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class FA3DecodeMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    # full->SWA translated locations, only populated for SWA layers
    swa_page_table: Optional[torch.Tensor] = None
    swa_out_cache_loc: Optional[torch.Tensor] = None


@dataclass
class _LayerSpec:
    layer_id: int
    sliding_window_size: int = -1


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False, sliding_window_size: int = 4096):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.skip_prefill = skip_prefill
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.use_sliding_window_kv_pool = (
            isinstance(self.token_to_kv_pool, SWAKVPool)
            and self.token_to_kv_pool.swa_layer_nums > 0
        )
        self.sliding_window_size = sliding_window_size
        self.forward_metadata: Optional[FA3DecodeMetadata] = None
        logger.debug(
            "FA3 backend: page_size=%d swa_kv_pool=%s",
            self.page_size,
            self.use_sliding_window_kv_pool,
        )

    def init_forward_metadata(self, out_cache_loc: torch.Tensor) -> None:
        metadata = FA3DecodeMetadata()
        metadata.cache_seqlens_int32 = torch.ones(
            out_cache_loc.shape[0], dtype=torch.int32, device=out_cache_loc.device
        )
        metadata.page_table = (out_cache_loc // self.page_size).unsqueeze(-1)
        if self.use_sliding_window_kv_pool:
            swa_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(out_cache_loc)
            metadata.swa_out_cache_loc = swa_loc
            metadata.swa_page_table = (swa_loc // self.page_size).unsqueeze(-1)
        self.forward_metadata = metadata

    def _is_swa_layer(self, layer: _LayerSpec) -> bool:
        return layer.sliding_window_size is not None and layer.sliding_window_size > -1

    def forward_decode(self, loc: torch.Tensor, layer: Optional[_LayerSpec] = None):
        if layer is None:
            layer = _LayerSpec(layer_id=0, sliding_window_size=self.sliding_window_size)
        self.init_forward_metadata(loc)
        metadata = self.forward_metadata
        if self._is_swa_layer(layer) and metadata.swa_out_cache_loc is not None:
            return self.token_to_kv_pool, metadata.swa_out_cache_loc
        return self.token_to_kv_pool, loc
