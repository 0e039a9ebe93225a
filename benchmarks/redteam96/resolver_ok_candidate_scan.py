"""Hybrid SWA decode backend used by the standalone/EAGLE speculative workers.

``_swa_pool_for`` scans candidate caches in priority order: the runner's own pool,
then (only for runners that read target KV) the cache registered with the shared
allocator. The first hybrid pool found is used for window-layer reads.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class StandaloneMetadata:
    kv_indptr: Optional[torch.Tensor] = None
    qo_indptr: Optional[torch.Tensor] = None
    seq_lens: Optional[torch.Tensor] = None
    window_left: int = -1


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, sliding_window_size: int = 4096):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.sliding_window_size = sliding_window_size
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = self._swa_pool_for(model_runner)
        self.forward_metadata: Optional[StandaloneMetadata] = None
        self._graph_kv_indptr: Optional[torch.Tensor] = None
        self._graph_qo_indptr: Optional[torch.Tensor] = None

    @staticmethod
    def _swa_pool_for(model_runner) -> Optional[SWAKVPool]:
        is_draft = model_runner.is_draft_worker
        shares_target_kv = model_runner.spec_algorithm.is_frozen_kv_mtp()
        candidates: Tuple[Optional[KVCache], ...] = (model_runner.token_to_kv_pool,)
        if not is_draft or shares_target_kv:
            candidates += (model_runner.token_to_kv_pool_allocator.get_kvcache(),)
        for candidate in candidates:
            if isinstance(candidate, SWAKVPool):
                return candidate
        return None

    # ------------------------------------------------------------------
    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        kv_indptr = torch.zeros(bs + 1, dtype=torch.int32, device=self.device)
        kv_indptr[1:] = torch.cumsum(forward_batch.seq_lens, dim=0)
        self.forward_metadata = StandaloneMetadata(
            kv_indptr=kv_indptr,
            qo_indptr=torch.arange(bs + 1, dtype=torch.int32, device=self.device),
            seq_lens=forward_batch.seq_lens,
            window_left=self.sliding_window_size - 1,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self._graph_kv_indptr = torch.zeros(max_bs + 1, dtype=torch.int32, device=self.device)
        self._graph_qo_indptr = torch.arange(max_bs + 1, dtype=torch.int32, device=self.device)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.forward_metadata = StandaloneMetadata(
            kv_indptr=self._graph_kv_indptr[: bs + 1],
            qo_indptr=self._graph_qo_indptr[: bs + 1],
            window_left=self.sliding_window_size - 1,
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
        self._graph_kv_indptr[1 : bs + 1] = torch.cumsum(seq_lens[:bs], dim=0)

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    # ------------------------------------------------------------------
    def _window_read(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache: bool = True):
        if save_kv_cache:
            self.kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q.new_zeros(q.shape)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None and self.sliding_window_size > 0:
            return self._window_read(loc)
        return self.kv_pool, loc

    # ------------------------------------------------------------------
    # Debug helpers
    # ------------------------------------------------------------------
    def describe(self) -> str:
        md = self.forward_metadata
        return (
            f"{type(self).__name__}(page_size={self.page_size}, "
            f"metadata={type(md).__name__ if md is not None else None})"
        )

    def reset_forward_metadata(self) -> Optional[object]:
        previous, self.forward_metadata = self.forward_metadata, None
        return previous
