"""Draft-aware backend resolving the SWA pool with an EAGLE-family exemption for draft workers."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DraftMetadata:
    seq_lens: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None
    step_id: int = 0


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_step_id: int = 0):
        self.device = model_runner.device
        self.speculative_step_id = speculative_step_id
        self.num_steps = getattr(model_runner.server_args, "speculative_num_steps", None) or 1
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.forward_metadata: Optional[DraftMetadata] = None
        self.graph_records: list = []

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        algo = model_runner.spec_algorithm
        if model_runner.is_draft_worker and not algo.is_eagle():
            # Non-EAGLE drafts (ngram, standalone, dflash) run on their own pools;
            # EAGLE-family drafts extend the target's sequence in its cache.
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def _page_tables(self, req_pool_indices, max_len):
        table = self.req_to_token[req_pool_indices, :max_len]
        if self._swa_kv_pool is None:
            return table, None
        return table, self._swa_kv_pool.translate_loc_from_full_to_swa(table)

    def init_forward_metadata(self, forward_batch):
        max_len = int(forward_batch.seq_lens.max().item())
        table, swa_table = self._page_tables(forward_batch.req_pool_indices, max_len)
        self.forward_metadata = DraftMetadata(
            seq_lens=forward_batch.seq_lens,
            page_table=table,
            swa_page_table=swa_table,
            step_id=self.speculative_step_id,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph_records.append(("state", max_bs, max_num_tokens * self.num_steps))

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.graph_records.append(("capture", bs, self.speculative_step_id))

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
        self.graph_records.append(("replay", bs, self.speculative_step_id))

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        if self._swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
