"""Hybrid-linear / SWA backend wrapper used by interleaved-attention models.

``_resolve_window_cache`` returns the SWA cache that window layers translate
against. Non-speculative drafts are excluded from the allocator fallback since they
never share a cache with the target.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import List, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class InterleavedMetadata:
    full_layer_ids: List[int] = field(default_factory=list)
    swa_layer_ids: List[int] = field(default_factory=list)
    seq_lens: Optional[torch.Tensor] = None
    window_left: int = -1


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, sliding_window_size: int = 1024, swa_every: int = 4):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.kv_cache: KVCache = model_runner.token_to_kv_pool
        self.sliding_window_size = sliding_window_size
        self.swa_every = swa_every
        self.window_cache = self._resolve_window_cache(model_runner)
        self.forward_metadata: Optional[InterleavedMetadata] = None
        self._graph_seq_lens: Optional[torch.Tensor] = None

    @staticmethod
    def _resolve_window_cache(model_runner) -> Optional[SWAKVPool]:
        own = model_runner.token_to_kv_pool
        if isinstance(own, SWAKVPool):
            return own
        if model_runner.is_draft_worker and model_runner.spec_algorithm.is_none():
            return None
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(shared, SWAKVPool):
            logger.debug("using allocator-registered SWA cache")
            return shared
        return None

    # ------------------------------------------------------------------
    def _split_layers(self, num_layers: int) -> InterleavedMetadata:
        md = InterleavedMetadata(window_left=self.sliding_window_size - 1)
        for layer_id in range(num_layers):
            if (layer_id + 1) % self.swa_every == 0:
                md.full_layer_ids.append(layer_id)
            else:
                md.swa_layer_ids.append(layer_id)
        return md

    def init_forward_metadata(self, forward_batch):
        md = self._split_layers(num_layers=32)
        md.seq_lens = forward_batch.seq_lens
        self.forward_metadata = md

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self._graph_seq_lens = torch.ones(max_bs, dtype=torch.int32, device=self.device)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        md = self._split_layers(num_layers=32)
        md.seq_lens = self._graph_seq_lens[:bs]
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
        self._graph_seq_lens[:bs].copy_(seq_lens[:bs].to(torch.int32))

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    # ------------------------------------------------------------------
    def _read_view(self, sliding_window_size: int, loc: torch.Tensor):
        if sliding_window_size > 0 and self.window_cache is not None:
            return self.window_cache, self.window_cache.translate_loc_from_full_to_swa(loc)
        return self.kv_cache, loc

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache: bool = True):
        if save_kv_cache:
            self.kv_cache.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q.new_zeros(q.shape)

    def forward_decode(self, loc: torch.Tensor):
        return self._read_view(self.sliding_window_size, loc)

    # ------------------------------------------------------------------
    # Speculative verify hooks
    # ------------------------------------------------------------------
    def get_verify_buffers_to_fill_after_draft(self):
        """Buffers the verify step expects to be filled after drafting (none here)."""
        return [None, None]

    def update_verify_buffers_to_fill_after_draft(self, spec_info, cuda_graph_bs: Optional[int]):
        # Decode metadata is rebuilt every step, so nothing to refresh for verify.
        pass

    def support_triton(self) -> bool:
        return False
