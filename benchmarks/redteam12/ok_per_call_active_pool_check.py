"""Backend that resolves the SWA state from its active pool on every call (pool can be swapped)."""

from __future__ import annotations

import contextlib
import logging
from dataclasses import dataclass
from typing import Iterator, Optional

import torch
from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class ActivePoolMetadata:
    seq_lens: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.device = model_runner.device
        self.page_size = getattr(model_runner, "page_size", 1) or 1
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.forward_metadata: Optional[ActivePoolMetadata] = None
        self._graph: dict = {}

    def get_token_to_kv_pool(self):
        return self.token_to_kv_pool

    @contextlib.contextmanager
    def pool_view(self, pool) -> Iterator[None]:
        """Temporarily read another pool (FROZEN_KV views do this around the draft forward)."""
        saved, self.token_to_kv_pool = self.token_to_kv_pool, pool
        try:
            yield
        finally:
            self.token_to_kv_pool = saved

    def _active_swa_pool(self) -> Optional[SWAKVPool]:
        pool = self.get_token_to_kv_pool()
        return pool if isinstance(pool, SWAKVPool) else None

    def init_forward_metadata(self, forward_batch):
        max_len = int(forward_batch.seq_lens.max().item())
        table = self.req_to_token[forward_batch.req_pool_indices, :max_len]
        swa_pool = self._active_swa_pool()
        self.forward_metadata = ActivePoolMetadata(
            seq_lens=forward_batch.seq_lens,
            page_table=table,
            swa_page_table=(
                swa_pool.translate_loc_from_full_to_swa(table) if swa_pool is not None else None
            ),
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self._graph["limits"] = (max_bs, max_num_tokens)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self._graph[bs] = {"swa": self._active_swa_pool() is not None}

    def init_forward_metadata_replay_cuda_graph(
        self,
        bs,
        req_pool_indices,
        seq_lens,
        seq_lens_sum,
        encoder_lens,
        forward_mode,
        spec_info,
        seq_lens_cpu=None,
    ):
        self._graph.setdefault(bs, {})["seq_lens_sum"] = seq_lens_sum

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.get_token_to_kv_pool().set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        pool = self.get_token_to_kv_pool()
        swa_pool = self._active_swa_pool()
        if swa_pool is not None:
            return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
