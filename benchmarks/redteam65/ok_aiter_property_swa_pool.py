"""aiter (ROCm) decode backend with unified-attention SWA support.

The unified attention path takes a separate block table for sliding-window
layers. ``swa_kv_pool`` exposes the hybrid pool when the backend's KV pool has
a sliding-window component.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class AiterDecodeMetadata:
    def __init__(self, kv_indptr, kv_indices, kv_last_page_len, max_seq_len: int):
        self.kv_indptr = kv_indptr
        self.kv_indices = kv_indices
        self.kv_last_page_len = kv_last_page_len
        self.max_seq_len = max_seq_len


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, use_unified_attn: bool = True, window: int = 512):
        super().__init__()
        self._runner = model_runner
        self.page_size = model_runner.page_size
        self.use_unified_attn = use_unified_attn
        self.window = window
        self.forward_metadata: Optional[AiterDecodeMetadata] = None

    @property
    def token_to_kv_pool(self):
        return self._runner.token_to_kv_pool

    @property
    def swa_kv_pool(self) -> Optional[SWAKVPool]:
        pool = self.token_to_kv_pool
        return pool if isinstance(pool, SWAKVPool) else None

    def _reject_paged_decode_sliding_window(self, sliding_window_size: int) -> None:
        if not self.use_unified_attn and sliding_window_size > -1:
            raise ValueError("aiter paged decode cannot honor sliding-window attention")

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        bs = loc.shape[0]
        self.forward_metadata = AiterDecodeMetadata(
            kv_indptr=torch.arange(bs + 1, dtype=torch.int32),
            kv_indices=loc,
            kv_last_page_len=torch.ones(bs, dtype=torch.int32),
            max_seq_len=1,
        )

    def forward_decode(self, loc: torch.Tensor, sliding_window_size: Optional[int] = None):
        window = self.window if sliding_window_size is None else sliding_window_size
        self._reject_paged_decode_sliding_window(window)
        self.init_forward_metadata(loc)
        kv_indices = self.forward_metadata.kv_indices
        swa_pool = self.swa_kv_pool
        if window > -1 and swa_pool is not None:
            return swa_pool, swa_pool.translate_loc_from_full_to_swa(kv_indices)
        return self.token_to_kv_pool, kv_indices
