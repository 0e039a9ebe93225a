"""Speculative-aware backend resolving the SWA pool with a draft-worker guard on the MTP mode."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class SpecDecodeMetadata:
    seq_lens: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None
    topk: int = 1


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp():
        # Frozen-KV drafts never write KV of their own; nothing to translate for them.
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk: int = 1):
        self.device = model_runner.device
        self.topk = topk or getattr(model_runner.server_args, "speculative_eagle_topk", 1) or 1
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.forward_metadata: Optional[SpecDecodeMetadata] = None
        self._graph: dict = {}
        logger.debug("resolved swa pool: %s", type(self.swa_kv_pool).__name__)

    def init_forward_metadata(self, forward_batch):
        max_len = int(forward_batch.seq_lens.max().item())
        table = self.req_to_token[forward_batch.req_pool_indices, :max_len]
        swa_table = None
        if self.swa_kv_pool is not None:
            swa_table = self.swa_kv_pool.translate_loc_from_full_to_swa(table)
        self.forward_metadata = SpecDecodeMetadata(
            seq_lens=forward_batch.seq_lens,
            page_table=table,
            swa_page_table=swa_table,
            topk=self.topk,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self._graph["limits"] = (max_bs * self.topk, max_num_tokens)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self._graph[bs] = ("capture", forward_mode)

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
        self._graph[bs] = ("replay", seq_lens_sum)

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_kv_pool
        if swa is None:
            return self.token_to_kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
