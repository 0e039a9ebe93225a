"""Cascade decode backend: shared-prefix attention plus a per-request suffix pass.

Decode metadata is built lazily per step and carries everything the kernels need,
including the callable that maps full-cache locations onto the sliding-window cache.
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


@dataclass
class CascadeMetadata:
    kv_pool: KVCache
    window_pool: Optional[SWAKVPool] = None
    to_window_slots: Optional[Callable[[torch.Tensor], torch.Tensor]] = None
    prefix_lens: Optional[torch.Tensor] = None
    suffix_lens: Optional[torch.Tensor] = None
    window_left: int = -1


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, sliding_window_size: int = 4096, min_prefix_len: int = 256):
        super().__init__()
        self.model_runner = model_runner
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.min_prefix_len = min_prefix_len
        self.sliding_window_size = sliding_window_size
        self.forward_metadata: Optional[CascadeMetadata] = None
        self._graph_prefix_lens: Optional[torch.Tensor] = None
        self._graph_suffix_lens: Optional[torch.Tensor] = None

    # ------------------------------------------------------------------
    def _build_metadata(self) -> CascadeMetadata:
        runner = self.model_runner
        pool = runner.token_to_kv_pool
        window_pool = pool if isinstance(pool, SWAKVPool) else None
        allocator = runner.token_to_kv_pool_allocator
        to_window_slots = getattr(allocator, "translate_loc_from_full_to_swa", None)
        return CascadeMetadata(
            kv_pool=pool,
            window_pool=window_pool,
            to_window_slots=to_window_slots,
            window_left=self.sliding_window_size - 1,
        )

    def _metadata(self) -> CascadeMetadata:
        if self.forward_metadata is None:
            self.forward_metadata = self._build_metadata()
        return self.forward_metadata

    def init_forward_metadata(self, forward_batch):
        md = self._build_metadata()
        md.prefix_lens = torch.clamp(forward_batch.seq_lens - 1, min=0)
        md.suffix_lens = torch.ones_like(forward_batch.seq_lens)
        self.forward_metadata = md

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self._graph_prefix_lens = torch.zeros(max_bs, dtype=torch.int32, device=self.device)
        self._graph_suffix_lens = torch.ones(max_bs, dtype=torch.int32, device=self.device)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        md = self._build_metadata()
        md.prefix_lens = self._graph_prefix_lens[:bs]
        md.suffix_lens = self._graph_suffix_lens[:bs]
        self.forward_metadata = md

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
        self._graph_prefix_lens[:bs].copy_(torch.clamp(seq_lens[:bs] - 1, min=0))

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    # ------------------------------------------------------------------
    def _use_shared_prefix(self, prefix_lens: Optional[torch.Tensor]) -> bool:
        return prefix_lens is not None and bool((prefix_lens >= self.min_prefix_len).any())

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache: bool = True):
        md = self._metadata()
        if save_kv_cache:
            md.kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q.new_zeros(q.shape)

    def forward_decode(self, loc: torch.Tensor):
        md = self._metadata()
        windowed = self.sliding_window_size > 0
        pool = md.window_pool if (windowed and md.window_pool is not None) else md.kv_pool
        if windowed and md.to_window_slots is not None:
            loc = md.to_window_slots(loc)
        return pool, loc

    # ------------------------------------------------------------------
    # Misc
    # ------------------------------------------------------------------
    def forward_mixed(self, q, k, v, layer, forward_batch, save_kv_cache: bool = True):
        """Mixed chunked-prefill + decode batches take the extend path."""
        return self.forward_extend(q, k, v, layer, forward_batch, save_kv_cache=save_kv_cache)

    def get_cuda_graph_max_bs_hint(self, requested: Optional[int] = None) -> int:
        if requested is None or requested <= 0:
            return 160
        return min(int(requested), 512)
