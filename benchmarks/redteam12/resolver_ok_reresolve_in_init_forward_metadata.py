"""Backend that resolves its SWA pool at init and re-resolves when the active pool is swapped."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class Metadata:
    seq_lens: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.is_draft_worker = bool(model_runner.is_draft_worker)
        self.frozen_kv = self.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp()
        self._allocator = model_runner.token_to_kv_pool_allocator
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._resolved_for = None
        self._swa_kv_pool: Optional[SWAKVPool] = None
        self._refresh()
        self.forward_metadata: Optional[Metadata] = None
        self.graph: dict = {}

    def _refresh(self) -> None:
        """Resolve against the current active pool (no-op when it has not changed)."""
        pool = self.token_to_kv_pool
        if pool is self._resolved_for:
            return
        self._resolved_for = pool
        if isinstance(pool, SWAKVPool):
            self._swa_kv_pool = pool
        elif self.is_draft_worker and not self.frozen_kv:
            self._swa_kv_pool = None
        else:
            kvcache = self._allocator.get_kvcache()
            self._swa_kv_pool = kvcache if isinstance(kvcache, SWAKVPool) else None
        logger.debug("swa pool -> %s", type(self._swa_kv_pool).__name__)

    def init_forward_metadata(self, forward_batch):
        self._refresh()
        max_len = int(forward_batch.seq_lens.max().item())
        table = self.req_to_token[forward_batch.req_pool_indices, :max_len]
        swa_table = None
        if self._swa_kv_pool is not None:
            swa_table = self._swa_kv_pool.translate_loc_from_full_to_swa(table)
        self.forward_metadata = Metadata(forward_batch.seq_lens, table, swa_table)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph["limits"] = (max_bs, max_num_tokens)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self._refresh()
        self.graph[bs] = "capture"

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
        self._refresh()
        self.graph[bs] = "replay"

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        self._refresh()
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
