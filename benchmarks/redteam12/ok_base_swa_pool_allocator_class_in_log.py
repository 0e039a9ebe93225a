"""Backend that logs the memory-manager class at startup and keys window reads on the pool base."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class StartupReport:
    allocator_cls: str
    pool_cls: str
    page_size: int
    windowed: bool


@dataclass
class WindowedMetadata:
    seq_lens: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = getattr(model_runner, "page_size", 1) or 1
        self.num_heads = getattr(model_runner.model_config, "num_attention_heads", 1)
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.kv_pool = model_runner.token_to_kv_pool
        self.windowed = isinstance(self.kv_pool, BaseSWAKVPool)
        self.report = StartupReport(
            allocator_cls=type(model_runner.token_to_kv_pool_allocator).__name__,
            pool_cls=type(self.kv_pool).__name__,
            page_size=self.page_size,
            windowed=self.windowed,
        )
        logger.info("attention backend startup: %s", self.report)
        if "SWA" in self.report.allocator_cls and not self.windowed:
            logger.info("SWA allocator with a full-only pool (speculative draft?)")
        self.forward_metadata: Optional[WindowedMetadata] = None
        self.graph_events: list = []

    def _slots(self, slots: torch.Tensor) -> torch.Tensor:
        if self.windowed:
            return self.kv_pool.translate_loc_from_full_to_swa(slots)
        return slots

    def init_forward_metadata(self, forward_batch):
        max_len = int(forward_batch.seq_lens.max().item())
        table = self.req_to_token[forward_batch.req_pool_indices, :max_len]
        self.forward_metadata = WindowedMetadata(
            seq_lens=forward_batch.seq_lens, page_table=self._slots(table)
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph_events.append(("init", max_bs, max_num_tokens))

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.graph_events.append(("capture", bs))

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
        self.graph_events.append(("replay", bs))

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self._slots(loc)
