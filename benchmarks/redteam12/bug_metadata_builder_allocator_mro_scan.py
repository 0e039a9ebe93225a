"""Backend that delegates page-table construction to a MetadataBuilder configured per runner."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Optional

import torch

logger = logging.getLogger(__name__)

_HYBRID_ALLOCATOR_NAMES = frozenset({"SWATokenToKVPoolAllocator"})


@dataclass
class BuiltMetadata:
    seq_lens: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    windowed: bool = False
    notes: list = field(default_factory=list)


class MetadataBuilder:
    """Turns req_to_token rows into page tables for one model runner."""

    def __init__(self, req_to_token: torch.Tensor, kv_pool, allocator, page_size: int):
        self.req_to_token = req_to_token
        self.kv_pool = kv_pool
        self.page_size = page_size
        self.windowed = any(
            klass.__name__ in _HYBRID_ALLOCATOR_NAMES for klass in type(allocator).__mro__
        )

    def slots(self, full_slots: torch.Tensor) -> torch.Tensor:
        if self.windowed:
            return self.kv_pool.translate_loc_from_full_to_swa(full_slots)
        return full_slots

    def build(self, req_pool_indices: torch.Tensor, seq_lens: torch.Tensor) -> BuiltMetadata:
        max_len = int(seq_lens.max().item()) if seq_lens.numel() else 0
        table = self.req_to_token[req_pool_indices, :max_len]
        table = self.slots(table)
        if self.page_size > 1:
            table = table[:, :: self.page_size] // self.page_size
        return BuiltMetadata(seq_lens=seq_lens, page_table=table, windowed=self.windowed)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.model_config = model_runner.model_config
        self.num_heads = getattr(self.model_config, "num_attention_heads", 1)
        self.head_dim = getattr(self.model_config, "head_dim", 64)
        self.page_size = getattr(model_runner, "page_size", 1) or 1
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.builder = MetadataBuilder(
            model_runner.req_to_token_pool.req_to_token,
            self.token_to_kv_pool,
            model_runner.token_to_kv_pool_allocator,
            self.page_size,
        )
        self.forward_metadata: Optional[BuiltMetadata] = None
        self._graph_log: list = []
        logger.info(
            "builder ready: windowed=%s page_size=%d", self.builder.windowed, self.page_size
        )

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = self.builder.build(
            forward_batch.req_pool_indices, forward_batch.seq_lens
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self._graph_log.append(("init", max_bs, max_num_tokens))

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self._graph_log.append(("capture", bs, num_tokens))

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
        self._graph_log.append(("replay", bs, seq_lens_sum))

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        return self.token_to_kv_pool, self.builder.slots(loc)
