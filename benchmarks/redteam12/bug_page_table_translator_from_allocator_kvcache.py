"""Paged decode backend that stores a bound slot translator chosen from the KV cache type."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Callable, Optional

import torch
from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool

logger = logging.getLogger(__name__)


def _identity(slots: torch.Tensor) -> torch.Tensor:
    return slots


@dataclass
class PagedDecodeMetadata:
    page_table: Optional[torch.Tensor] = None
    seq_lens: Optional[torch.Tensor] = None
    max_seq_len: int = 0


class GeneratedAttnBackend:
    """Paged attention decode with a pluggable slot translator."""

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = getattr(model_runner, "page_size", 1) or 1
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.max_bs = getattr(model_runner, "max_running_requests", 16) or 16
        self._translate: Callable[[torch.Tensor], torch.Tensor] = self._pick_translator(
            model_runner
        )
        self.forward_metadata: Optional[PagedDecodeMetadata] = None
        self.graph_state: dict = {}

    @staticmethod
    def _pick_translator(model_runner) -> Callable[[torch.Tensor], torch.Tensor]:
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(kvcache, BaseSWAKVPool):
            logger.info("hybrid SWA cache detected; decode reads the SWA slots")
            return kvcache.translate_loc_from_full_to_swa
        return _identity

    @property
    def translates(self) -> bool:
        return self._translate is not _identity

    def _page_table(self, req_pool_indices: torch.Tensor, max_len: int) -> torch.Tensor:
        table = self._translate(self.req_to_token[req_pool_indices, :max_len])
        if self.page_size == 1:
            return table
        return table[:, :: self.page_size] // self.page_size

    def init_forward_metadata(self, forward_batch):
        max_len = int(forward_batch.seq_lens_cpu.max().item())
        self.forward_metadata = PagedDecodeMetadata(
            page_table=self._page_table(forward_batch.req_pool_indices, max_len),
            seq_lens=forward_batch.seq_lens.to(torch.int32),
            max_seq_len=max_len,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph_state["max_bs"] = min(max_bs, self.max_bs)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.graph_state.setdefault("captured", []).append(bs)

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
        self.graph_state["last_replay"] = (bs, seq_lens_sum)

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        return self.token_to_kv_pool, self._translate(loc)
