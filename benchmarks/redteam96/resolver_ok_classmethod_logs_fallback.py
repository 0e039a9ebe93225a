"""Hybrid SWA backend for MTP-style drafts and their targets.

``resolve_swa_pool`` is a classmethod so subclasses (e.g. the multi-step draft
wrapper) can override the policy. It logs once when it has to reach the target's
hybrid cache through the shared allocator.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import ClassVar, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class MTPDecodeMetadata:
    seq_lens: Optional[torch.Tensor] = None
    positions: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend(AttentionBackend):
    _warned_fallback: ClassVar[bool] = False

    def __init__(self, model_runner, sliding_window_size: int = 4096, step_id: int = 0):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.step_id = step_id
        self.sliding_window_size = sliding_window_size
        self.kv_cache: KVCache = model_runner.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = self.resolve_swa_pool(model_runner)
        self.forward_metadata: Optional[MTPDecodeMetadata] = None
        self.graph_buffers: dict = {}

    @classmethod
    def resolve_swa_pool(cls, model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool

        reads_target_kv = (
            not model_runner.is_draft_worker or model_runner.spec_algorithm.is_frozen_kv_mtp()
        )
        if not reads_target_kv:
            return None

        fallback = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if not isinstance(fallback, SWAKVPool):
            return None
        if not cls._warned_fallback:
            logger.info("resolving SWA pool through the shared allocator")
            cls._warned_fallback = True
        return fallback

    # ------------------------------------------------------------------
    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = MTPDecodeMetadata(
            seq_lens=forward_batch.seq_lens,
            positions=getattr(forward_batch, "positions", None),
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        pages = (max_num_tokens + self.page_size - 1) // self.page_size
        self.graph_buffers["seq_lens"] = torch.zeros(max_bs, dtype=torch.int32, device=self.device)
        self.graph_buffers["page_table"] = torch.zeros(
            max_bs, pages, dtype=torch.int32, device=self.device
        )
        if self.swa_kv_pool is not None:
            self.graph_buffers["swa_page_table"] = torch.zeros_like(
                self.graph_buffers["page_table"]
            )

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        buffers = self.graph_buffers
        self.forward_metadata = MTPDecodeMetadata(
            seq_lens=buffers["seq_lens"][:bs],
            page_table=buffers["page_table"][:bs],
            swa_page_table=buffers.get("swa_page_table"),
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
        self.graph_buffers["seq_lens"][:bs].copy_(seq_lens[:bs].to(torch.int32))

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    # ------------------------------------------------------------------
    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache: bool = True):
        if save_kv_cache:
            self.kv_cache.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q.new_zeros(q.shape)

    def forward_decode(self, loc: torch.Tensor):
        swa_kv_pool = self.swa_kv_pool
        if swa_kv_pool is None or self.sliding_window_size <= 0:
            return self.kv_cache, loc
        return swa_kv_pool, swa_kv_pool.translate_loc_from_full_to_swa(loc)
