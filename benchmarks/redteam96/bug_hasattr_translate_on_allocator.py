"""Wave/Triton hybrid decode backend with a slot remapper for window layers.

The backend maps full-cache slot ids to SWA slot ids for sliding-window layers. The
remapping is done by whichever component exposes ``translate_loc_from_full_to_swa``
so that the same code path works for paged and token-granular allocators.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Callable, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

SlotRemap = Callable[[torch.Tensor], torch.Tensor]


@dataclass
class WaveDecodeMetadata:
    kv_indptr: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None
    num_kv_splits: int = 8
    window_left: int = -1


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, sliding_window_size: int = 4096, num_kv_splits: int = 8):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.num_kv_splits = num_kv_splits
        self.sliding_window_size = sliding_window_size

        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.swa_kv_pool: Optional[SWAKVPool] = (
            self.token_to_kv_pool if isinstance(self.token_to_kv_pool, SWAKVPool) else None
        )
        self._slot_remap: Optional[SlotRemap] = self._select_slot_remap()

        self.forward_metadata: Optional[WaveDecodeMetadata] = None
        self.cuda_graph_kv_indptr: Optional[torch.Tensor] = None
        self.cuda_graph_kv_indices: Optional[torch.Tensor] = None

    def _select_slot_remap(self) -> Optional[SlotRemap]:
        """Pick the full->SWA slot remapper, if this deployment has one."""
        allocator = self.token_to_kv_pool_allocator
        if hasattr(allocator, "translate_loc_from_full_to_swa"):
            return allocator.translate_loc_from_full_to_swa
        logger.debug("no SWA slot remapper on %s", type(allocator).__name__)
        return None

    # ------------------------------------------------------------------
    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        kv_indptr = torch.zeros(bs + 1, dtype=torch.int32, device=self.device)
        kv_indptr[1:] = torch.cumsum(forward_batch.seq_lens, dim=0)
        self.forward_metadata = WaveDecodeMetadata(
            kv_indptr=kv_indptr,
            num_kv_splits=self.num_kv_splits,
            window_left=self.sliding_window_size,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_kv_indptr = torch.zeros(max_bs + 1, dtype=torch.int32, device=self.device)
        self.cuda_graph_kv_indices = torch.zeros(
            max_num_tokens, dtype=torch.int64, device=self.device
        )

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.forward_metadata = WaveDecodeMetadata(
            kv_indptr=self.cuda_graph_kv_indptr[: bs + 1],
            kv_indices=self.cuda_graph_kv_indices,
            num_kv_splits=self.num_kv_splits,
            window_left=self.sliding_window_size,
        )

    def init_forward_metadata_replay_cuda_graph(
        self,
        bs,
        req_pool_indices,
        seq_lens,
        seq_lens_sum,
        encoder_lens,
        forward_mode,
        spec_info,
        seq_lens_cpu,
    ):
        self.cuda_graph_kv_indptr[1 : bs + 1] = torch.cumsum(seq_lens[:bs], dim=0)

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    # ------------------------------------------------------------------
    def _windowed(self, sliding_window_size: Optional[int]) -> bool:
        return bool(sliding_window_size) and sliding_window_size > 0

    def _decode_pool(self, windowed: bool) -> KVCache:
        if windowed and self.swa_kv_pool is not None:
            return self.swa_kv_pool
        return self.token_to_kv_pool

    def _decode_locations(self, windowed: bool, loc: torch.Tensor) -> torch.Tensor:
        if windowed and self._slot_remap is not None:
            return self._slot_remap(loc)
        return loc

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache: bool = True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q.new_zeros(q.shape)

    def forward_decode(self, loc: torch.Tensor):
        windowed = self._windowed(self.sliding_window_size)
        return self._decode_pool(windowed), self._decode_locations(windowed, loc)
