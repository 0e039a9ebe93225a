"""Hybrid backend that builds a per-layer SWA table from the resolved pool's layer mapping."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Dict, Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class LayerTable:
    swa_layers: frozenset = frozenset()
    full_layers: frozenset = frozenset()

    @classmethod
    def from_pool(cls, pool: Optional[SWAKVPool]) -> "LayerTable":
        mapping: Dict[int, tuple] = getattr(pool, "layers_mapping", None) or {}
        swa = frozenset(i for i, (_, is_swa) in mapping.items() if is_swa)
        return cls(swa_layers=swa, full_layers=frozenset(mapping) - swa)


@dataclass
class HybridMetadata:
    seq_lens: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    extras: dict = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.layer_table = LayerTable.from_pool(self.swa_kv_pool)
        self.forward_metadata: Optional[HybridMetadata] = None
        self.graph: dict = {}
        logger.info("window layers: %s", sorted(self.layer_table.swa_layers))

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if kvcache is not model_runner.token_to_kv_pool and not model_runner.is_draft_worker:
            # A target whose own pool differs from the managed cache is misconfigured;
            # drafts legitimately run next to the target's cache.
            logger.warning("target pool is not the allocator's cache; SWA disabled")
            return None
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_forward_metadata(self, forward_batch):
        max_len = int(forward_batch.seq_lens.max().item())
        table = self.req_to_token[forward_batch.req_pool_indices, :max_len]
        extras = {}
        if self.swa_kv_pool is not None:
            extras["swa_page_table"] = self.swa_kv_pool.translate_loc_from_full_to_swa(table)
        self.forward_metadata = HybridMetadata(
            seq_lens=forward_batch.seq_lens, page_table=table, extras=extras
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph["limits"] = (max_bs, max_num_tokens)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
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
        self.graph[bs] = "replay"

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
