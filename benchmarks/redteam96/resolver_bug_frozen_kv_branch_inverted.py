"""Ascend-style paged attention backend with hybrid SWA support.

The SWA pool is resolved by ``resolve_swa_pool`` at construction time. Window layers
translate their slot indices into SWA space before building the block table.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    """Return the SWA pool this runner translates against, or None."""
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active

    # Frozen-KV MTP drafts keep their own cache; nothing to translate.
    if model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None

    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return shared if isinstance(shared, SWAKVPool) else None


@dataclass
class NPUForwardMetadata:
    block_tables: Optional[torch.Tensor] = None
    swa_block_tables: Optional[torch.Tensor] = None
    seq_lens_cpu_int: Optional[torch.Tensor] = None
    seq_lens_list_cumsum: Optional[list] = None
    sliding_window: int = -1


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, sliding_window_size: int = 8192):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.sliding_window_size = sliding_window_size
        self.swa_pool = resolve_swa_pool(model_runner)
        self.forward_metadata = NPUForwardMetadata(sliding_window=sliding_window_size)
        self.graph_metadata = {}
        self.max_context_len = None
        logger.info(
            "npu backend: pool=%s swa=%s",
            type(self.token_to_kv_pool).__name__,
            None if self.swa_pool is None else type(self.swa_pool).__name__,
        )

    def init_forward_metadata(self, forward_batch):
        seq_lens_cpu = forward_batch.seq_lens.cpu().int()
        self.forward_metadata = NPUForwardMetadata(
            seq_lens_cpu_int=seq_lens_cpu,
            seq_lens_list_cumsum=torch.cumsum(seq_lens_cpu, dim=0).tolist(),
            sliding_window=self.sliding_window_size,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.max_context_len = max_num_tokens
        pages = (max_num_tokens + self.page_size - 1) // self.page_size
        self.graph_metadata["block_tables"] = torch.zeros(
            max_bs, pages, dtype=torch.int32, device=self.device
        )
        if self.swa_pool is not None:
            self.graph_metadata["swa_block_tables"] = torch.zeros(
                max_bs, pages, dtype=torch.int32, device=self.device
            )

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.forward_metadata = NPUForwardMetadata(
            block_tables=self.graph_metadata["block_tables"][:bs],
            swa_block_tables=self.graph_metadata.get("swa_block_tables"),
            sliding_window=self.sliding_window_size,
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
        self.forward_metadata.seq_lens_cpu_int = seq_lens_cpu[:bs].int()

    def get_cuda_graph_seq_len_fill_value(self):
        return 0

    # ------------------------------------------------------------------
    def _slot_mapping(self, loc: torch.Tensor, windowed: bool) -> torch.Tensor:
        if windowed:
            return self.swa_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def _windowed(self) -> bool:
        return self.swa_pool is not None and self.forward_metadata.sliding_window > 0

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache: bool = True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q.new_zeros(q.shape)

    def forward_decode(self, loc: torch.Tensor):
        windowed = self._windowed()
        pool = self.swa_pool if windowed else self.token_to_kv_pool
        return pool, self._slot_mapping(loc, windowed)
