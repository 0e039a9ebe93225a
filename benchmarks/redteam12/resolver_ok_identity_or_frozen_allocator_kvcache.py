"""Backend that accepts the allocator's SWA cache when it is its own pool or a frozen-KV draft's target."""

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
        self.page_size = getattr(model_runner, "page_size", 1) or 1
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.forward_metadata: Optional[Metadata] = None
        self._graph: dict = {}

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        own = model_runner.token_to_kv_pool
        managed = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if not isinstance(managed, SWAKVPool) and not isinstance(own, SWAKVPool):
            return None
        if isinstance(own, SWAKVPool):
            return own
        # ``managed`` is SWA but is not the pool we own: only a FROZEN_KV MTP draft reads
        # the target's cache; any other draft reads its own full-only pool.
        frozen = model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp()
        if managed is own or frozen:
            return managed
        return None

    def init_forward_metadata(self, forward_batch):
        max_len = int(forward_batch.seq_lens.max().item())
        table = self.req_to_token[forward_batch.req_pool_indices, :max_len]
        self.forward_metadata = Metadata(
            seq_lens=forward_batch.seq_lens,
            page_table=table,
            swa_page_table=(
                None
                if self.swa_kv_pool is None
                else self.swa_kv_pool.translate_loc_from_full_to_swa(table)
            ),
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self._graph["limits"] = (max_bs, max_num_tokens)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self._graph[bs] = "capture"

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
        self._graph[bs] = "replay"

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
