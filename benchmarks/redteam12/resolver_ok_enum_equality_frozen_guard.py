"""Backend resolving the SWA pool with an explicit SpeculativeAlgorithm equality for frozen-KV drafts."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)

_READS_TARGET_KV = frozenset({SpeculativeAlgorithm.FROZEN_KV_MTP})


@dataclass
class Metadata:
    seq_lens: Optional[torch.Tensor] = None
    cu_seqlens_k: Optional[torch.Tensor] = None
    slots: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        cfg = model_runner.model_config
        self.num_heads = getattr(cfg, "num_attention_heads", 1)
        self.head_dim = getattr(cfg, "head_dim", 128)
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self.resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = self.swa_kv_pool is not None
        self.forward_metadata: Optional[Metadata] = None
        self.graph_log: list = []

    @classmethod
    def resolve_swa_kv_pool(cls, model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if model_runner.is_draft_worker and model_runner.spec_algorithm not in _READS_TARGET_KV:
            return None
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None

    def init_forward_metadata(self, forward_batch):
        seq_lens = forward_batch.seq_lens.to(torch.int32)
        slots = forward_batch.out_cache_loc
        if self.use_sliding_window_kv_pool:
            slots = self.swa_kv_pool.translate_loc_from_full_to_swa(slots)
        self.forward_metadata = Metadata(
            seq_lens=seq_lens,
            cu_seqlens_k=torch.nn.functional.pad(
                torch.cumsum(seq_lens, 0, dtype=torch.int32), (1, 0)
            ),
            slots=slots,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph_log.append(("state", max_bs, max_num_tokens))

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.graph_log.append(("capture", bs))

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
        self.graph_log.append(("replay", bs))

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        if not self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
